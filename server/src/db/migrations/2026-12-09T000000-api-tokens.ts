import { type Kysely, PostgresAdapter } from 'kysely';

// Frozen: never edit after it has landed; add a new migration instead.

/**
 * Personal API tokens: a member's named keys for scripts, each with a scope (`read` or
 * `read-write`), an optional expiry and the minute it was last used. Only a keyed hash
 * of a token is stored; revoking one deletes its row.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('api_tokens')
    .addColumn('id', isPostgres ? 'serial' : 'integer', (c) => (isPostgres ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('scope', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text')
    .addColumn('last_used_at', 'text')
    .execute();
  await db.schema.createIndex('api_tokens_user_id').on('api_tokens').columns(['user_id', 'id']).execute();
}
