import { type Kysely, PostgresAdapter } from 'kysely';

// Frozen: never edit after it has landed; add a new migration instead.

/**
 * Movie nights: a screening of a public watchlist, the members' RSVPs and votes,
 * and who came (with the viewing each got and whether they dismissed the rating prompt).
 */
export async function up(db: Kysely<any>): Promise<void> {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('screenings')
    .addColumn('id', isPostgres ? 'serial' : 'integer', (c) => (isPostgres ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn('watchlist_id', 'integer', (c) => c.notNull().references('watchlists.id').onDelete('cascade'))
    .addColumn('starts_at', 'text', (c) => c.notNull())
    .addColumn('utc_offset', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('place', 'text')
    .addColumn('note', 'text')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('picked_movie_id', 'integer', (c) => c.references('movies.id').onDelete('set null'))
    .addColumn('picked_at', 'text')
    .addColumn('sequence', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('screenings_status_start').on('screenings').columns(['status', 'starts_at']).execute();
  await db.schema.createIndex('screenings_list_start').on('screenings').columns(['watchlist_id', 'starts_at']).execute();

  await db.schema
    .createTable('screening_rsvps')
    .addColumn('screening_id', 'integer', (c) => c.notNull().references('screenings.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('screening_rsvps_pk', ['screening_id', 'user_id'])
    .execute();

  await db.schema
    .createTable('screening_votes')
    .addColumn('screening_id', 'integer', (c) => c.notNull().references('screenings.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('movie_id', 'integer', (c) => c.notNull().references('movies.id').onDelete('cascade'))
    .addColumn('vote', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('screening_votes_pk', ['screening_id', 'user_id', 'movie_id'])
    .execute();

  await db.schema
    .createTable('screening_attendees')
    .addColumn('screening_id', 'integer', (c) => c.notNull().references('screenings.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('viewing_id', 'integer', (c) => c.references('viewings.id').onDelete('set null'))
    .addColumn('prompt_dismissed', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('screening_attendees_pk', ['screening_id', 'user_id'])
    .execute();
  await db.schema.createIndex('screening_attendees_user').on('screening_attendees').column('user_id').execute();
}
