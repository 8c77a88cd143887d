import type { Kysely } from 'kysely';

// Frozen: never edit after it has landed; add a new migration instead.

/**
 * Recommendations walk the most-voted titles of one type (filtered by genre and
 * era); this index lets both databases read them in vote order and stop early.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('imdb_titles_type_votes').ifNotExists().on('imdb_titles').columns(['title_type', 'num_votes']).execute();
}
