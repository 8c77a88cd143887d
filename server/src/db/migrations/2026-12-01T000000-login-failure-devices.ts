import type { Kysely } from 'kysely';

// Frozen: never edit after it has landed; add a new migration instead.

/**
 * Failed logins made with a valid device cookie carry its nonce, so they lock only that
 * device; rows without one count against the username for untrusted clients.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('login_failures').addColumn('device', 'text').execute();
  await db.schema.createIndex('login_failures_device').on('login_failures').columns(['device', 'failed_at']).execute();
  // Housekeeping deletes old rows by time alone.
  await db.schema.createIndex('login_failures_failed_at').on('login_failures').column('failed_at').execute();
}
