import type { Kysely } from 'kysely';

// Frozen: never edit after it has landed; add a new migration instead.

/** A session opened through the identity provider may keep its ID token, to sign out there too; sessions before have none. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('sessions').addColumn('oidc_id_token', 'text').execute();
}
