import type { Kysely } from 'kysely';

// Frozen: never edit after it has landed; add a new migration instead.

/**
 * A movie night's 'starting soon' post to the club's webhook: `soon_posted_for` is the start it
 * was posted for (a night moved later is posted again), `site_url` the site's address the night
 * was scheduled through, for the post's link when PUBLIC_URL is not set (a sweep has no request).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('screenings').addColumn('soon_posted_for', 'text').execute();
  await db.schema.alterTable('screenings').addColumn('site_url', 'text').execute();
}
