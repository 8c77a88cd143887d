import { type Kysely, PostgresAdapter } from 'kysely';

// Frozen: never edit after it has landed; add a new migration instead.

/**
 * Identities at an OpenID Connect provider linked to members: one row per (issuer, subject),
 * so a person who signs in through the provider again reaches the same account. A member may
 * hold one identity per issuer. Deleting the account deletes its links.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('oidc_identities')
    .addColumn('id', isPostgres ? 'serial' : 'integer', (c) => (isPostgres ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn('issuer', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('oidc_identities_issuer_subject', ['issuer', 'subject'])
    .addUniqueConstraint('oidc_identities_user_issuer', ['user_id', 'issuer'])
    .execute();
}
