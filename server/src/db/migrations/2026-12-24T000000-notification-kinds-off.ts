import type { Kysely } from 'kysely';

// Frozen: never edit after it has landed; add a new migration instead.

/**
 * The kinds of notification a member has turned off (a kind from the contract's
 * NOTIFICATION_KINDS). No row: the kind is on, so every member starts with all of them.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('notification_kinds_off')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('notification_kinds_off_pk', ['user_id', 'kind'])
    .execute();
}
