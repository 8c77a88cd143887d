import { type Kysely, PostgresAdapter } from 'kysely';

// Frozen: never edit after it has landed; add a new migration instead.

/**
 * A member's notifications: what happened (kind, a sentence, where it leads), who did it,
 * and when it was read. `dedupe_key` names an event that must notify a member once only
 * (a reaction taken back and left again); null when every occurrence counts.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('notifications')
    .addColumn('id', isPostgres ? 'serial' : 'integer', (c) => (isPostgres ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('actor_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('link', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('read_at', 'text')
    .addColumn('dedupe_key', 'text')
    .execute();
  await db.schema.createIndex('notifications_user_id').on('notifications').columns(['user_id', 'id']).execute();
  await db.schema.createIndex('notifications_user_dedupe').on('notifications').columns(['user_id', 'dedupe_key']).unique().execute();
  await db.schema.createIndex('notifications_actor').on('notifications').column('actor_id').execute();
}
