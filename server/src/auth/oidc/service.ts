import { randomBytes } from 'node:crypto';
import { type OidcErrorCode, isOidcErrorCode } from '@movieclub/contract';
import type { FastifyInstance } from 'fastify';
import { admission, type Admit } from '../../admin/registration';
import { HttpError } from '../../http/errors';
import { insertUser } from '../queries';
import { hashPassword } from '../passwords';
import type { SessionUser } from '../service';
import { findUserByName } from '../../users/queries';
import type { ProviderIdentity } from './client';
import { candidateNames, usernameBase, withSuffix } from './names';
import * as queries from './queries';

/** What the callback does next. */
export type CallbackOutcome =
  | { kind: 'signed_in'; user: SessionUser; created: boolean }
  /** An account with the provider's name exists and has no identity at this provider: ask for its password. */
  | { kind: 'link'; userId: number; nameBase: string }
  | { kind: 'refused'; code: OidcErrorCode };

/** The admission rules of registration, as a refusal code for the login page instead of a thrown 403. */
async function admitOrRefuse(app: FastifyInstance, invite: string | null): Promise<Admit | OidcErrorCode> {
  try {
    return await admission(app, invite ?? undefined);
  } catch (error) {
    if (error instanceof HttpError && isOidcErrorCode(error.code)) return error.code;
    throw error;
  }
}

/**
 * Decides what a verified identity leads to: the member it is linked to; the link page
 * when a member already has the name the provider gave (never linked without that
 * member's password); otherwise a new member, if registration lets one in.
 */
export async function resolveIdentity(app: FastifyInstance, identity: ProviderIdentity, invite: string | null): Promise<CallbackOutcome> {
  const linked = await queries.findLinkedUser(app.db, identity.issuer, identity.subject);
  if (linked) return { kind: 'signed_in', user: linked, created: false };
  const nameBase = usernameBase(identity.preferredUsername, identity.email);
  const namesake = await findUserByName(app.db, nameBase);
  if (namesake && !(await queries.hasIdentityAt(app.db, namesake.id, identity.issuer))) {
    return { kind: 'link', userId: namesake.id, nameBase };
  }
  const admit = await admitOrRefuse(app, invite);
  if (typeof admit === 'string') return { kind: 'refused', code: admit };
  return createMember(app, identity, nameBase, admit);
}

/** The first free name of base, base2, base3, …; a random suffix after that. */
async function freeUsername(app: FastifyInstance, base: string): Promise<string> {
  const names = candidateNames(base);
  const taken = await queries.takenNames(app.db, names.map((name) => name.toLowerCase()));
  return names.find((name) => !taken.has(name.toLowerCase())) ?? withSuffix(base, 1_000 + Math.floor(Math.random() * 1_000_000));
}

/**
 * A new member linked to the identity, in one transaction with the admission (an
 * invitation is spent). Its password is a random one nobody knows: such a member signs in
 * through the provider only. A name taken meanwhile by another registration is retried.
 */
export async function createMember(
  app: FastifyInstance,
  identity: Pick<ProviderIdentity, 'issuer' | 'subject'>,
  nameBase: string,
  admit: Admit,
): Promise<CallbackOutcome> {
  const passwordHash = await hashPassword(randomBytes(32).toString('base64url'));
  for (let attempt = 0; ; attempt++) {
    const username = await freeUsername(app, nameBase);
    try {
      const user = await app.db.transaction().execute(async (trx) => {
        const created = await insertUser(trx, username, passwordHash, new Date().toISOString());
        await queries.insertIdentity(trx, identity.issuer, identity.subject, created.id);
        await admit(trx, created.id);
        return created;
      });
      return { kind: 'signed_in', user, created: true };
    } catch (error) {
      if (error instanceof HttpError) {
        if (isOidcErrorCode(error.code)) return { kind: 'refused', code: error.code };
        throw error;
      }
      // The same person's second callback won the race: sign in to what it made.
      const linked = await queries.findLinkedUser(app.db, identity.issuer, identity.subject);
      if (linked) return { kind: 'signed_in', user: linked, created: false };
      if (attempt >= 3 || !(await findUserByName(app.db, username))) throw error;
    }
  }
}
