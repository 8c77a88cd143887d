import { randomBytes } from 'node:crypto';
import { type CreatedInvite, type Invite, INVITE_DAYS_DEFAULT, type InviteCreate } from '@movieclub/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { notFound } from '../http/errors';

type Db = Kysely<Database>;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Makes a single-use invitation; only the token's hash is stored, so the link is shown this once. */
export async function createInvite(
  db: Db,
  hashToken: (token: string) => string,
  adminId: number,
  site: string,
  input: InviteCreate,
): Promise<CreatedInvite> {
  const token = randomBytes(24).toString('base64url');
  const now = Date.now();
  const expiresAt = new Date(now + (input.expires_in_days ?? INVITE_DAYS_DEFAULT) * DAY_MS).toISOString();
  const row = await db
    .insertInto('invites')
    .values({ token_hash: hashToken(token), created_by: adminId, created_at: new Date(now).toISOString(), expires_at: expiresAt, note: input.note || null })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: Number(row.id), url: `${site}/register?invite=${token}`, expires_at: expiresAt };
}

/** Every invitation, newest first, with who made it, who used it, and whether it still works. */
export async function listInvites(db: Db): Promise<Invite[]> {
  const rows = await db
    .selectFrom('invites as i')
    .leftJoin('users as maker', 'maker.id', 'i.created_by')
    .leftJoin('users as user', 'user.id', 'i.used_by')
    .select(['i.id', 'i.note', 'i.created_at', 'i.expires_at', 'i.used_at', 'maker.username as created_by', 'user.username as used_by'])
    .orderBy('i.created_at', 'desc')
    .orderBy('i.id', 'desc')
    .execute();
  const now = new Date().toISOString();
  return rows.map((row) => ({
    id: Number(row.id),
    note: row.note,
    created_by: row.created_by ?? null,
    created_at: row.created_at,
    expires_at: row.expires_at,
    state: row.used_at ? 'used' : row.expires_at <= now ? 'expired' : 'unused',
    used_by: row.used_by ?? null,
    used_at: row.used_at,
  }));
}

/** Deletes an invitation: its link stops working at once. */
export async function revokeInvite(db: Db, id: number): Promise<void> {
  const result = await db.deleteFrom('invites').where('id', '=', id).executeTakeFirst();
  if (Number(result.numDeletedRows) === 0) throw notFound('No invitation with that id.');
}

/** An invitation that still works: not used, not revoked, not expired. */
export async function usableInvite(db: Db, tokenHash: string): Promise<boolean> {
  const row = await db
    .selectFrom('invites')
    .select('id')
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', new Date().toISOString())
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Spends the invitation on the account `userId`, inside the transaction that creates the
 * account. The condition and the change are one statement, so of two registrations racing
 * with one invitation exactly one spends it (PostgreSQL re-reads the row after the other's
 * commit; SQLite runs the transactions one at a time). False: it was no longer usable.
 */
export async function spendInvite(trx: Db, tokenHash: string, userId: number): Promise<boolean> {
  const now = new Date().toISOString();
  const result = await trx
    .updateTable('invites')
    .set({ used_by: userId, used_at: now })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
