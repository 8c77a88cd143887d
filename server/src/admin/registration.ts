import { INVITE_INVALID, INVITE_REQUIRED, REGISTRATION_CLOSED, type RegistrationMode } from '@movieclub/contract';
import type { FastifyInstance } from 'fastify';
import { type Kysely, sql } from 'kysely';
import { dialectOf } from '../db/database';
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
  if (!(await siteHasAccounts(app.db))) return firstAccount(app, inviteToken);
  return memberAdmission(app, app.db, inviteToken);
}

/** Taken with the schema's hash, so sites sharing a PostgreSQL database do not wait for each other. */
const FIRST_ACCOUNT_LOCK_KEY = 727_274_004;

/**
 * The admission of a registration that found the site without accounts. Registrations racing for
 * the first account take turns in their transactions (PostgreSQL: a lock held until commit; SQLite
 * writes one at a time), and each checks again: any but the first then meets the mode as if it had
 * come a moment later, so a closed site never lets in two.
 */
function firstAccount(app: FastifyInstance, inviteToken: string | undefined): Admit {
  return async (trx, userId) => {
    if (dialectOf(trx) === 'postgres') await sql`select pg_advisory_xact_lock(${FIRST_ACCOUNT_LOCK_KEY}, hashtext(current_schema()))`.execute(trx);
    const earlier = await trx.selectFrom('users').select('id').where('id', '<>', userId).limit(1).executeTakeFirst();
    if (earlier) await (await memberAdmission(app, trx, inviteToken))(trx, userId);
  };
}

/** The mode's rule, on a site that has accounts (`db` is the account's transaction when it is checked there). */
async function memberAdmission(app: FastifyInstance, db: Kysely<Database>, inviteToken: string | undefined): Promise<Admit> {
  const mode = await registrationMode(db, app.config);
  if (mode === 'closed') throw forbidden(REGISTRATION_CLOSED, 'registration_closed');
  const token = inviteToken?.trim();
  if (mode === 'open') {
    if (!token) return ADMIT_ANYONE;
    const hash = app.auth.hashToken(token);
    return async (trx, userId) => void (await spendInvite(trx, hash, userId));
  }
  if (!token) throw forbidden(INVITE_REQUIRED, 'invite_required');
  const hash = app.auth.hashToken(token);
  if (!(await usableInvite(db, hash))) throw forbidden(INVITE_INVALID, 'invite_invalid');
  return async (trx, userId) => {
    if (!(await spendInvite(trx, hash, userId))) throw forbidden(INVITE_INVALID, 'invite_invalid');
  };
}
