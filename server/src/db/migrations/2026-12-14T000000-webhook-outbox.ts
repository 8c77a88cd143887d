import { type Kysely, PostgresAdapter } from 'kysely';

// Frozen: never edit after it has landed; add a new migration instead.

/**
 * Club events waiting for the outgoing webhook, so that a restart or a crash loses none:
 * each row is the message as built when the event happened, its attempts so far, when it
 * may be tried next, and until when a server process has taken it to send.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('webhook_outbox')
    .addColumn('id', isPostgres ? 'serial' : 'integer', (c) => (isPostgres ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn('event', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'text', (c) => c.notNull())
    .addColumn('claimed_until', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
}
