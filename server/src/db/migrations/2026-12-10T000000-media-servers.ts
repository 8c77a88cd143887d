import { type Kysely, PostgresAdapter } from 'kysely';

// Frozen: never edit after it has landed; add a new migration instead.

/**
 * Media-server scrobbling: which media-server user is which member, every finished play
 * accepted (so a replayed webhook logs nothing twice), and the event counts per server.
 * The webhook secret itself lives in app_meta, as a keyed hash.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const id = isPostgres ? 'serial' : 'integer';
  await db.schema
    .createTable('media_server_users')
    .addColumn('id', id, (c) => (isPostgres ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn('server', 'text', (c) => c.notNull())
    .addColumn('external_name', 'text', (c) => c.notNull())
    .addColumn('external_name_lower', 'text', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('media_server_users_name').on('media_server_users').columns(['server', 'external_name_lower']).unique().execute();
  await db.schema.createIndex('media_server_users_user').on('media_server_users').column('user_id').execute();

  await db.schema
    .createTable('media_server_scrobbles')
    .addColumn('id', id, (c) => (isPostgres ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn('server', 'text', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('movie_id', 'integer', (c) => c.notNull().references('movies.id').onDelete('cascade'))
    .addColumn('played_at', 'text', (c) => c.notNull())
    .addColumn('viewing_id', 'integer', (c) => c.references('viewings.id').onDelete('set null'))
    .addColumn('received_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('media_server_scrobbles_play').on('media_server_scrobbles').columns(['user_id', 'movie_id', 'played_at']).unique().execute();
  await db.schema.createIndex('media_server_scrobbles_viewing').on('media_server_scrobbles').column('viewing_id').execute();

  await db.schema
    .createTable('media_server_counts')
    .addColumn('server', 'text', (c) => c.notNull())
    .addColumn('counter', 'text', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('media_server_counts_pk', ['server', 'counter'])
    .execute();
}
