import { createHmac, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { type CurrentUser, LOGIN_FAILURE_WINDOW_MINUTES, type LoginRequest, type PasswordChangeRequest, type RegisterRequest, SESSION_DAYS } from '@movieclub/contract';
import type { Database } from '../db/schema';
import { badRequest, conflict, forbidden, HttpError, unauthorized } from '../http/errors';
import { DeviceCookies } from './deviceCookies';
import { decoyPasswordHash, hashPassword, verifyPassword } from './passwords';
import { findUserByName } from '../users/queries';
import * as queries from './queries';

export { SESSION_DAYS };
const DAY_MS = 24 * 60 * 60 * 1000;
/** Sliding expiry is written back at most this often, not on every request. */
const EXTEND_AFTER_MS = 60 * 60 * 1000;
const FAILURE_WINDOW_MS = LOGIN_FAILURE_WINDOW_MINUTES * 60 * 1000;
const INVALID_LOGIN = 'Invalid username or password.';
const WRONG_CURRENT_PASSWORD = 'That is not your current password.';
const SAME_PASSWORD = 'The new password is the same as the current one.';
const LOCKED = `Too many failed logins for this account. Try again in ${LOGIN_FAILURE_WINDOW_MINUTES} minutes.`;

export type SessionUser = CurrentUser;

export class AuthService {
  private readonly devices: DeviceCookies;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly sessionSecret: string,
    /** Failures within the window before the lock, for untrusted clients of one username and for one device cookie alike. */
    private readonly failuresPerUsername: number,
  ) {
    this.devices = new DeviceCookies(db, sessionSecret);
  }

  hashToken(token: string): string {
    return createHmac('sha256', this.sessionSecret).update(token).digest('base64url');
  }

  /** Creates the account; `admit` runs in the same transaction (spending an invitation) and may undo it by throwing. */
  async register(input: RegisterRequest, admit?: (trx: Kysely<Database>, userId: number) => Promise<void>): Promise<SessionUser> {
    if (await findUserByName(this.db, input.username)) throw conflict('Username already taken.', 'username_taken');
    const passwordHash = await hashPassword(input.password);
    try {
      return await this.db.transaction().execute(async (trx) => {
        const user = await queries.insertUser(trx, input.username, passwordHash, new Date().toISOString());
        await admit?.(trx, user.id);
        return user;
      });
    } catch (error) {
      // Two registrations racing for one name: the unique index decides.
      if (!(error instanceof HttpError) && (await findUserByName(this.db, input.username))) throw conflict('Username already taken.', 'username_taken');
      throw error;
    }
  }

  /**
   * Checks the password and opens a session; returns the user, the session token and a
   * fresh device cookie. A client presenting a valid device cookie for this username is
   * counted and locked on its own; every other client shares the username's count.
   */
  async login(
    input: LoginRequest,
    deviceCookie?: string,
  ): Promise<{ user: SessionUser; token: string; expiresAt: Date; deviceCookie: string }> {
    const user = await this.checkPassword(input, deviceCookie);
    const { token, expiresAt } = await this.openSession(user.id);
    return { user, token, expiresAt, deviceCookie: await this.devices.issue(input.username.toLowerCase()) };
  }

  /**
   * The user whose password this is, under the lockout rules of login: failures are counted
   * (per device cookie, else per username) and a locked username answers 429 before any check.
   */
  async checkPassword(input: LoginRequest, deviceCookie?: string): Promise<SessionUser> {
    const usernameLower = input.username.toLowerCase();
    const device = await this.devices.nonceFor(deviceCookie, usernameLower);
    const now = Date.now();
    const since = new Date(now - FAILURE_WINDOW_MS).toISOString();
    // Read side by side: on PostgreSQL each read waits its turn for a connection.
    const [failures, row] = await Promise.all([queries.countLoginFailuresSince(this.db, usernameLower, device, since), findUserByName(this.db, input.username)]);
    if (failures >= this.failuresPerUsername) throw new HttpError(429, LOCKED, 'login_locked');
    const storedHash = row?.password_hash ?? (await decoyPasswordHash());
    const { valid, outdated } = await verifyPassword(input.password, storedHash);
    if (!row || !valid) {
      await queries.recordLoginFailure(this.db, usernameLower, device, new Date(now).toISOString());
      throw unauthorized(INVALID_LOGIN, 'invalid_credentials');
    }
    if (outdated) await queries.updatePasswordHash(this.db, row.id, storedHash, await hashPassword(input.password));
    // Nothing counted, nothing to clear (older rows count for nothing and housekeeping deletes them).
    if (failures > 0) await queries.clearLoginFailures(this.db, usernameLower, device);
    return { id: row.id, username: row.username, profile_picture: row.profile_picture, created_at: row.created_at };
  }

  /**
   * Replaces the member's password once the current one checks out, under login's lockout rules:
   * a wrong one counts as an untrusted client's failed login (the device cookie is the login
   * form's alone), so a borrowed session cannot guess it, and the owner's own browser still signs
   * in. Their sessions but `keepToken`'s end; answers those sessions' token hashes.
   */
  async changePassword(user: Pick<SessionUser, 'id' | 'username'>, input: PasswordChangeRequest, keepToken: string | undefined): Promise<string[]> {
    try {
      await this.checkPassword({ username: user.username, password: input.current_password });
    } catch (error) {
      if (error instanceof HttpError && error.code === 'invalid_credentials') throw forbidden(WRONG_CURRENT_PASSWORD, 'current_password_wrong');
      throw error;
    }
    if (input.new_password === input.current_password) throw badRequest(SAME_PASSWORD);
    const keep = keepToken && keepToken.length <= 128 ? this.hashToken(keepToken) : null;
    return queries.replacePassword(this.db, user.id, await hashPassword(input.new_password), keep);
  }

  /**
   * A new session for the user (after a password check or a sign-in through the identity provider):
   * the cookie's token and expiry. `idToken` is the provider's, kept to sign out there too.
   */
  async openSession(userId: number, idToken: string | null = null): Promise<{ token: string; expiresAt: Date }> {
    const now = Date.now();
    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(now + SESSION_DAYS * DAY_MS);
    await queries.insertSession(this.db, this.hashToken(token), userId, new Date(now).toISOString(), expiresAt.toISOString(), idToken);
    return { token, expiresAt };
  }

  /** The user behind a cookie token, extending the session when it is due; null if none or expired. */
  async userForToken(token: string | undefined): Promise<{ user: SessionUser; renewedUntil: Date | null } | null> {
    if (!token || token.length > 128) return null;
    const tokenHash = this.hashToken(token);
    const row = await queries.findSessionUser(this.db, tokenHash);
    if (!row) return null;
    const now = Date.now();
    const expires = Date.parse(row.expires_at);
    if (expires <= now) {
      await queries.deleteSession(this.db, tokenHash);
      return null;
    }
    let renewedUntil: Date | null = null;
    if (now + SESSION_DAYS * DAY_MS - expires > EXTEND_AFTER_MS) {
      renewedUntil = new Date(now + SESSION_DAYS * DAY_MS);
      await queries.extendSession(this.db, tokenHash, renewedUntil.toISOString());
    }
    const user = { id: row.id, username: row.username, profile_picture: row.profile_picture, created_at: row.created_at };
    return { user, renewedUntil };
  }

  /** Ends the session; the identity provider's ID token it kept, to sign out there too. */
  async logout(token: string | undefined): Promise<string | null> {
    if (!token || token.length > 128) return null;
    return queries.endSession(this.db, this.hashToken(token));
  }

  /** Deletes expired sessions and failed logins too old to count towards a lock. */
  async pruneExpired(): Promise<void> {
    const now = Date.now();
    await queries.deleteExpiredSessions(this.db, new Date(now).toISOString());
    await queries.deleteLoginFailuresBefore(this.db, new Date(now - FAILURE_WINDOW_MS).toISOString());
  }
}
