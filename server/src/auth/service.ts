import { createHmac, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { CurrentUser, LoginRequest, RegisterRequest } from '@movieclub/contract';
import type { Database } from '../db/schema';
import { conflict, HttpError, unauthorized } from '../http/errors';
import { decoyPasswordHash, hashPassword, verifyPassword } from './passwords';
import * as queries from './queries';

export const SESSION_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;
/** Sliding expiry is written back at most this often, not on every request. */
const EXTEND_AFTER_MS = 60 * 60 * 1000;
const FAILURE_WINDOW_MS = 15 * 60 * 1000;
const INVALID_LOGIN = 'Invalid username or password.';

export type SessionUser = CurrentUser;

export class AuthService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly sessionSecret: string,
    private readonly failuresPerUsername: number,
  ) {}

  hashToken(token: string): string {
    return createHmac('sha256', this.sessionSecret).update(token).digest('base64url');
  }

  async register(input: RegisterRequest): Promise<SessionUser> {
    if (await queries.findUserByUsername(this.db, input.username)) throw conflict('Username already taken.');
    const passwordHash = await hashPassword(input.password);
    try {
      return await queries.insertUser(this.db, input.username, passwordHash, new Date().toISOString());
    } catch (error) {
      // Two registrations racing for one name: the unique index decides.
      if (await queries.findUserByUsername(this.db, input.username)) throw conflict('Username already taken.');
      throw error;
    }
  }

  /** Checks the password and opens a session; returns the user and the cookie token. */
  async login(input: LoginRequest): Promise<{ user: SessionUser; token: string; expiresAt: Date }> {
    const usernameLower = input.username.toLowerCase();
    const now = Date.now();
    const since = new Date(now - FAILURE_WINDOW_MS).toISOString();
    if ((await queries.countLoginFailuresSince(this.db, usernameLower, since)) >= this.failuresPerUsername) {
      throw new HttpError(429, 'Too many failed logins for this account. Try again in 15 minutes.');
    }
    const row = await queries.findUserByUsername(this.db, input.username);
    const valid = await verifyPassword(input.password, row?.password_hash ?? (await decoyPasswordHash()));
    if (!row || !valid) {
      await queries.recordLoginFailure(this.db, usernameLower, new Date(now).toISOString());
      throw unauthorized(INVALID_LOGIN);
    }
    await queries.clearLoginFailures(this.db, usernameLower);
    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(now + SESSION_DAYS * DAY_MS);
    await queries.insertSession(this.db, this.hashToken(token), row.id, new Date(now).toISOString(), expiresAt.toISOString());
    const user = { id: row.id, username: row.username, profile_picture: row.profile_picture, created_at: row.created_at };
    return { user, token, expiresAt };
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

  async logout(token: string | undefined): Promise<void> {
    if (token) await queries.deleteSession(this.db, this.hashToken(token));
  }

  async pruneExpired(): Promise<void> {
    await queries.deleteExpiredSessions(this.db, new Date().toISOString());
  }
}
