import { type Kysely, PostgresAdapter } from 'kysely';

// Frozen: never edit after it has landed; add a new migration instead.

/** The diary: one row per viewing (many per user and movie), and the members tagged as watching too. */
export async function up(db: Kysely<any>): Promise<void> {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('viewings')
    .addColumn('id', isPostgres ? 'serial' : 'integer', (c) => (isPostgres ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('movie_id', 'integer', (c) => c.notNull().references('movies.id').onDelete('cascade'))
    .addColumn('watched_on', 'text', (c) => c.notNull())
    .addColumn('rewatch', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('place', 'text')
    .addColumn('note', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('viewings_user_date').on('viewings').columns(['user_id', 'watched_on']).execute();
  await db.schema.createIndex('viewings_movie_date').on('viewings').columns(['movie_id', 'watched_on']).execute();

  await db.schema
    .createTable('viewing_companions')
    .addColumn('viewing_id', 'integer', (c) => c.notNull().references('viewings.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('viewing_companions_pk', ['viewing_id', 'user_id'])
    .execute();
  await db.schema.createIndex('viewing_companions_user').on('viewing_companions').column('user_id').execute();
}
