import { randomBytes } from 'node:crypto';
import {
  API_TOKEN_PREFIX,
  API_TOKEN_SCOPES,
  API_TOKEN_SENTENCES,
  API_TOKENS_PER_MEMBER,
  type ApiToken,
  type ApiTokenCreate,
  type ApiTokenScope,
} from '@movieclub/contract';
import type { Kysely } from 'kysely';
import type { SessionUser } from '../auth/service';
import type { Database } from '../db/schema';
import { badRequest, HttpError, notFound } from '../http/errors';
import * as queries from './queries';

type Db = Kysely<Database>;
/** Keys a token the way session tokens are keyed (the AuthService's HMAC with SESSION_SECRET). */
export type TokenHasher = (token: string) => string;

/** `last_used_at` is written at most this often per token, not on every call. */
export const LAST_USED_EVERY_MS = 60_000;
/** Longer values are not tokens this server made; they are refused without a lookup. */
const TOKEN_LENGTH_MAX = 128;

const isScope = (value: string): value is ApiTokenScope => (API_TOKEN_SCOPES as readonly string[]).includes(value);

/** A new token: the prefix, then 256 random bits as base64url. */
export function newToken(): string {
  return API_TOKEN_PREFIX + randomBytes(32).toString('base64url');
}

/** Creates a token for the member; the reply carries the token itself, which is never stored. */
export async function create(db: Db, hash: TokenHasher, userId: number, input: ApiTokenCreate): Promise<{ id: number; token: string }> {
  const now = Date.now();
  let expiresAt: string | null = null;
  if (input.expires_at) {
    const expires = Date.parse(input.expires_at);
    if (!(expires > now)) throw badRequest(API_TOKEN_SENTENCES.pastExpiry);
    expiresAt = new Date(expires).toISOString();
  }
  if ((await queries.countTokens(db, userId)) >= API_TOKENS_PER_MEMBER) throw new HttpError(409, API_TOKEN_SENTENCES.limit, 'token_limit');
  const token = newToken();
  const id = await queries.insertToken(db, {
    user_id: userId,
    name: input.name,
    scope: input.scope,
    token_hash: hash(token),
    created_at: new Date(now).toISOString(),
    expires_at: expiresAt,
  });
  // Two creations racing past the count above: the later ones give way.
  if ((await queries.countTokens(db, userId)) > API_TOKENS_PER_MEMBER) {
    await queries.deleteToken(db, userId, id);
    throw new HttpError(409, API_TOKEN_SENTENCES.limit, 'token_limit');
  }
  return { id, token };
}

export async function list(db: Db, userId: number): Promise<ApiToken[]> {
  const rows = await queries.listTokens(db, userId);
  return rows.map((row) => ({ ...row, id: Number(row.id), scope: isScope(row.scope) ? row.scope : 'read' }));
}

/** Revokes one of the member's tokens; another member's id is as unknown as a missing one. */
export async function revoke(db: Db, userId: number, tokenId: number): Promise<void> {
  if (!(await queries.deleteToken(db, userId, tokenId))) throw notFound(API_TOKEN_SENTENCES.notFound);
}

/**
 * The member behind a bearer token and its scope; null for an unknown, revoked or
 * expired token. Notes the use, at most once a minute per token.
 */
export async function userForApiToken(db: Db, hash: TokenHasher, token: string): Promise<{ user: SessionUser; scope: ApiTokenScope } | null> {
  if (!token.startsWith(API_TOKEN_PREFIX) || token.length > TOKEN_LENGTH_MAX) return null;
  const row = await queries.findTokenUser(db, hash(token));
  if (!row) return null;
  const now = Date.now();
  if (row.expires_at !== null && Date.parse(row.expires_at) <= now) return null;
  if (row.last_used_at === null || now - Date.parse(row.last_used_at) >= LAST_USED_EVERY_MS) {
    await queries.touchToken(db, row.token_id, new Date(now).toISOString(), new Date(now - LAST_USED_EVERY_MS).toISOString());
  }
  const user = { id: row.id, username: row.username, profile_picture: row.profile_picture, created_at: row.created_at };
  // A scope this version does not know grants the least.
  return { user, scope: isScope(row.scope) ? row.scope : 'read' };
}
