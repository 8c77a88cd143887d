import { type Kysely, PostgresAdapter } from 'kysely';

// Frozen: never edit after it has landed; add a new migration instead.

/**
 * Invitations an admin hands out while registration is by invitation: single-use links whose
 * token is kept only as a keyed hash; `used_at` marks one spent even if its account is deleted.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('invites')
    .addColumn('id', isPostgres ? 'serial' : 'integer', (c) => (isPostgres ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('note', 'text')
    .addColumn('used_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('used_at', 'text')
    .execute();
  await db.schema.createIndex('invites_created').on('invites').column('created_at').execute();
}
