import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

type Db = Kysely<Database>;

const LISTED = ['id', 'name', 'scope', 'created_at', 'expires_at', 'last_used_at'] as const;

/** The token behind a hash with its owner, as a session lookup reads them. */
export function findTokenUser(db: Db, tokenHash: string) {
  return db
    .selectFrom('api_tokens')
    .innerJoin('users', 'users.id', 'api_tokens.user_id')
    .select([
      'users.id',
      'users.username',
      'users.profile_picture',
      'users.created_at',
      'api_tokens.id as token_id',
      'api_tokens.scope',
      'api_tokens.expires_at',
      'api_tokens.last_used_at',
    ])
    .where('api_tokens.token_hash', '=', tokenHash)
    .executeTakeFirst();
}

/** Marks the token used now, unless another call (on any process) already did so since `notSince`. */
export function touchToken(db: Db, tokenId: number, now: string, notSince: string) {
  return db
    .updateTable('api_tokens')
    .set({ last_used_at: now })
    .where('id', '=', tokenId)
    .where((eb) => eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<', notSince)]))
    .execute();
}

export async function insertToken(
  db: Db,
  row: { user_id: number; name: string; scope: string; token_hash: string; created_at: string; expires_at: string | null },
): Promise<number> {
  const inserted = await db.insertInto('api_tokens').values(row).returning('id').executeTakeFirstOrThrow();
  return Number(inserted.id);
}

export async function countTokens(db: Db, userId: number): Promise<number> {
  const row = await db.selectFrom('api_tokens').select((eb) => eb.fn.countAll<string | number>().as('n')).where('user_id', '=', userId).executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** A member's tokens, newest first; never the hash. */
export function listTokens(db: Db, userId: number) {
  return db.selectFrom('api_tokens').select(LISTED).where('user_id', '=', userId).orderBy('id', 'desc').execute();
}

/** Deletes one of the member's tokens; answers whether there was one. */
export async function deleteToken(db: Db, userId: number, tokenId: number): Promise<boolean> {
  const result = await db.deleteFrom('api_tokens').where('id', '=', tokenId).where('user_id', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Deletes tokens that expired before `before` (housekeeping); tokens without an expiry stay. */
export function deleteTokensExpiredBefore(db: Db, before: string) {
  return db.deleteFrom('api_tokens').where('expires_at', 'is not', null).where('expires_at', '<', before).execute();
}
