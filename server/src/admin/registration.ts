import { INVITE_INVALID, INVITE_REQUIRED, REGISTRATION_CLOSED, type RegistrationMode } from '@movieclub/contract';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { forbidden } from '../http/errors';
import { spendInvite, usableInvite } from './invites';
import { registrationMode } from './settings';

/** Runs inside the transaction that creates the account; throws to undo it. */
export type Admit = (trx: Kysely<Database>, userId: number) => Promise<void>;

const ADMIT_ANYONE: Admit = () => Promise.resolve();

async function siteHasAccounts(db: Kysely<Database>): Promise<boolean> {
  return (await db.selectFrom('users').select('id').limit(1).executeTakeFirst()) !== undefined;
}

/** The rule a visitor meets now: open while the site has no account yet (its first becomes the admin). */
export async function visibleRegistrationMode(app: FastifyInstance): Promise<RegistrationMode> {
  if (!(await siteHasAccounts(app.db))) return 'open';
  return registrationMode(app.db, app.config);
}

/**
 * Decides whether a registration may go ahead, before its password is hashed, and returns
 * what must happen in the account's transaction: under 'invite', spending the invitation
 * (an invitation given while registration is open is spent too, when it still works, so
 * the admin sees who used it). The very first account is always let in.
 */
export async function admission(app: FastifyInstance, inviteToken: string | undefined): Promise<Admit> {
  if (!(await siteHasAccounts(app.db))) return ADMIT_ANYONE;
  const mode = await registrationMode(app.db, app.config);
  if (mode === 'closed') throw forbidden(REGISTRATION_CLOSED, 'registration_closed');
  const token = inviteToken?.trim();
  if (mode === 'open') {
    if (!token) return ADMIT_ANYONE;
    const hash = app.auth.hashToken(token);
    return async (trx, userId) => void (await spendInvite(trx, hash, userId));
  }
  if (!token) throw forbidden(INVITE_REQUIRED, 'invite_required');
  const hash = app.auth.hashToken(token);
  if (!(await usableInvite(app.db, hash))) throw forbidden(INVITE_INVALID, 'invite_invalid');
  return async (trx, userId) => {
    if (!(await spendInvite(trx, hash, userId))) throw forbidden(INVITE_INVALID, 'invite_invalid');
  };
}
