import type { Kysely } from 'kysely';

// Frozen: never edit after it has landed; add a new migration instead.

/**
 * The activity feed: an index on each table's event time, so every branch of the feed's
 * union reads its newest rows from an index, and the members each member has muted.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('reviews_created_id').on('reviews').columns(['created_at', 'id']).execute();
  await db.schema.createIndex('viewings_created_id').on('viewings').columns(['created_at', 'id']).execute();
  await db.schema.createIndex('watchlist_items_added').on('watchlist_items').columns(['added_at', 'watchlist_id', 'movie_id']).execute();
  await db.schema.createIndex('watchlists_picked').on('watchlists').columns(['picked_at', 'id']).execute();
  await db.schema.createIndex('screenings_created_id').on('screenings').columns(['created_at', 'id']).execute();
  await db.schema.createIndex('screenings_picked').on('screenings').columns(['picked_at', 'id']).execute();
  await db.schema.createIndex('users_created_id').on('users').columns(['created_at', 'id']).execute();

  await db.schema
    .createTable('mutes')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('muted_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('mutes_pk', ['user_id', 'muted_id'])
    .execute();
  await db.schema.createIndex('mutes_muted').on('mutes').column('muted_id').execute();
}
