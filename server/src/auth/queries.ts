import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

export function findUserByUsername(db: Kysely<Database>, username: string) {
  return db
    .selectFrom('users')
    .selectAll()
    .where('username_lower', '=', username.toLowerCase())
    .executeTakeFirst();
}

export function insertUser(db: Kysely<Database>, username: string, passwordHash: string, now: string) {
  return db
    .insertInto('users')
    .values({ username, username_lower: username.toLowerCase(), password_hash: passwordHash, created_at: now })
    .returning(['id', 'username', 'profile_picture', 'created_at'])
    .executeTakeFirstOrThrow();
}

export function insertSession(db: Kysely<Database>, tokenHash: string, userId: number, now: string, expiresAt: string) {
  return db
    .insertInto('sessions')
    .values({ token_hash: tokenHash, user_id: userId, created_at: now, expires_at: expiresAt })
    .execute();
}

export function findSessionUser(db: Kysely<Database>, tokenHash: string) {
  return db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select(['users.id', 'users.username', 'users.profile_picture', 'users.created_at', 'sessions.expires_at'])
    .where('sessions.token_hash', '=', tokenHash)
    .executeTakeFirst();
}

export function extendSession(db: Kysely<Database>, tokenHash: string, expiresAt: string) {
  return db.updateTable('sessions').set({ expires_at: expiresAt }).where('token_hash', '=', tokenHash).execute();
}

export function deleteSession(db: Kysely<Database>, tokenHash: string) {
  return db.deleteFrom('sessions').where('token_hash', '=', tokenHash).execute();
}

export function deleteExpiredSessions(db: Kysely<Database>, now: string) {
  return db.deleteFrom('sessions').where('expires_at', '<', now).execute();
}

export function recordLoginFailure(db: Kysely<Database>, usernameLower: string, now: string) {
  return db.insertInto('login_failures').values({ username_lower: usernameLower, failed_at: now }).execute();
}

export async function countLoginFailuresSince(db: Kysely<Database>, usernameLower: string, since: string) {
  const row = await db
    .selectFrom('login_failures')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('username_lower', '=', usernameLower)
    .where('failed_at', '>=', since)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export function clearLoginFailures(db: Kysely<Database>, usernameLower: string) {
  return db.deleteFrom('login_failures').where('username_lower', '=', usernameLower).execute();
}
