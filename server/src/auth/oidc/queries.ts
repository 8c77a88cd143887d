import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

type Db = Kysely<Database>;

/** The member an identity at the provider is linked to. */
export function findLinkedUser(db: Db, issuer: string, subject: string) {
  return db
    .selectFrom('oidc_identities')
    .innerJoin('users', 'users.id', 'oidc_identities.user_id')
    .select(['users.id', 'users.username', 'users.profile_picture', 'users.created_at'])
    .where('oidc_identities.issuer', '=', issuer)
    .where('oidc_identities.subject', '=', subject)
    .executeTakeFirst();
}

/** Whether the member already holds an identity at this provider. */
export async function hasIdentityAt(db: Db, userId: number, issuer: string): Promise<boolean> {
  const row = await db.selectFrom('oidc_identities').select('id').where('user_id', '=', userId).where('issuer', '=', issuer).executeTakeFirst();
  return row !== undefined;
}

export function insertIdentity(db: Db, issuer: string, subject: string, userId: number) {
  return db.insertInto('oidc_identities').values({ issuer, subject, user_id: userId, created_at: new Date().toISOString() }).execute();
}

export function findUserById(db: Db, id: number) {
  return db.selectFrom('users').select(['id', 'username', 'profile_picture', 'created_at']).where('id', '=', id).executeTakeFirst();
}

/** Which of these names (lowercased) are taken. */
export async function takenNames(db: Db, lowercased: string[]): Promise<Set<string>> {
  const rows = await db.selectFrom('users').select('username_lower').where('username_lower', 'in', lowercased).execute();
  return new Set(rows.map((row) => row.username_lower));
}
