import type { Kysely } from 'kysely';
import { gatheredPerDatabase, oneOfTexts } from '../db/gatheredReads';
import type { Database } from '../db/schema';
import { bumpVersion, DISCUSSION_VERSION } from '../movies/catalogueCache';

/** A new member; the discussion's version changes too, as a mention of their name now links to them. */
export async function insertUser(db: Kysely<Database>, username: string, passwordHash: string, now: string) {
  const user = await db
    .insertInto('users')
    .values({ username, username_lower: username.toLowerCase(), password_hash: passwordHash, created_at: now })
    .returning(['id', 'username', 'profile_picture', 'created_at'])
    .executeTakeFirstOrThrow();
  await bumpVersion(db, DISCUSSION_VERSION);
  return user;
}

export function insertSession(db: Kysely<Database>, tokenHash: string, userId: number, now: string, expiresAt: string, idToken: string | null = null) {
  return db
    .insertInto('sessions')
    .values({ token_hash: tokenHash, user_id: userId, created_at: now, expires_at: expiresAt, oidc_id_token: idToken })
    .execute();
}

/** The sessions of these token hashes with their users, by token hash. */
async function readSessionUsers(db: Kysely<Database>, tokenHashes: string[]) {
  const rows = await db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select(['sessions.token_hash', 'users.id', 'users.username', 'users.profile_picture', 'users.created_at', 'sessions.expires_at'])
    .where(oneOfTexts(db, 'sessions.token_hash', tokenHashes))
    .execute();
  return new Map(rows.map(({ token_hash, ...row }) => [token_hash, row]));
}

/** Every call reads its session; under load many calls share one read. */
const gatheredSessions = gatheredPerDatabase(readSessionUsers);

export function findSessionUser(db: Kysely<Database>, tokenHash: string) {
  return gatheredSessions(db).get(tokenHash);
}

export function extendSession(db: Kysely<Database>, tokenHash: string, expiresAt: string) {
  return db.updateTable('sessions').set({ expires_at: expiresAt }).where('token_hash', '=', tokenHash).execute();
}

export function deleteSession(db: Kysely<Database>, tokenHash: string) {
  return db.deleteFrom('sessions').where('token_hash', '=', tokenHash).execute();
}

/** Ends a session; the provider's ID token it kept, if any. */
export async function endSession(db: Kysely<Database>, tokenHash: string): Promise<string | null> {
  const row = await db.deleteFrom('sessions').where('token_hash', '=', tokenHash).returning('oidc_id_token').executeTakeFirst();
  return row?.oidc_id_token ?? null;
}

export function deleteExpiredSessions(db: Kysely<Database>, now: string) {
  return db.deleteFrom('sessions').where('expires_at', '<', now).execute();
}

export function updatePasswordHash(db: Kysely<Database>, userId: number, oldHash: string, newHash: string) {
  // Only replaces the hash that was checked, so a password changed meanwhile is kept.
  return db.updateTable('users').set({ password_hash: newHash }).where('id', '=', userId).where('password_hash', '=', oldHash).execute();
}

/**
 * Sets a member's password and ends their sessions except `keep` (a token hash; null ends them
 * all), together. Answers the ended sessions' token hashes, to close their sockets.
 */
export function replacePassword(db: Kysely<Database>, userId: number, newHash: string, keep: string | null): Promise<string[]> {
  return db.transaction().execute(async (trx) => {
    await trx.updateTable('users').set({ password_hash: newHash }).where('id', '=', userId).execute();
    let ended = trx.deleteFrom('sessions').where('user_id', '=', userId);
    if (keep !== null) ended = ended.where('token_hash', '<>', keep);
    return (await ended.returning('token_hash').execute()).map((row) => row.token_hash);
  });
}

/** A failed login; `device` is the nonce of a valid device cookie, null for an untrusted client. */
export function recordLoginFailure(db: Kysely<Database>, usernameLower: string, device: string | null, now: string) {
  return db.insertInto('login_failures').values({ username_lower: usernameLower, device, failed_at: now }).execute();
}

/** Failures since `since` of one device cookie, or (device null) of untrusted clients for one username. */
export async function countLoginFailuresSince(db: Kysely<Database>, usernameLower: string, device: string | null, since: string) {
  const row = await db
    .selectFrom('login_failures')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('username_lower', '=', usernameLower)
    .where('device', device === null ? 'is' : '=', device)
    .where('failed_at', '>=', since)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export function clearLoginFailures(db: Kysely<Database>, usernameLower: string, device: string | null) {
  return db
    .deleteFrom('login_failures')
    .where('username_lower', '=', usernameLower)
    .where('device', device === null ? 'is' : '=', device)
    .execute();
}

/** Every failed sign-in of a username, from any client (a reset password, a deleted account). */
export function forgetLoginFailures(db: Kysely<Database>, usernameLower: string) {
  return db.deleteFrom('login_failures').where('username_lower', '=', usernameLower).execute();
}

export function deleteLoginFailuresBefore(db: Kysely<Database>, before: string) {
  return db.deleteFrom('login_failures').where('failed_at', '<', before).execute();
}

/** The stored value for `key`, first storing `candidate` if there is none (the first writer wins). */
export async function ensureMetaValue(db: Kysely<Database>, key: string, candidate: string): Promise<string> {
  await db
    .insertInto('app_meta')
    .values({ key, value: candidate })
    .onConflict((conflict) => conflict.column('key').doNothing())
    .execute();
  const row = await db.selectFrom('app_meta').select('value').where('key', '=', key).executeTakeFirstOrThrow();
  return row.value;
}
