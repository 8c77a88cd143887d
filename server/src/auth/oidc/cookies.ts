import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { OIDC_FLOW_MINUTES } from '@movieclub/contract';
import type { Database } from '../../db/schema';
import { withBasePath } from '../../http/basePath';
import { ensureMetaValue } from '../queries';

const SECRET_KEY = 'oidc_cookie_secret';
const IV_BYTES = 12;
const TAG_BYTES = 16;
const MAX_COOKIE = 3_000;
const FLOW_MS = OIDC_FLOW_MINUTES * 60 * 1000;

/** The cookie kept between the start and the provider's callback: PKCE verifier, state, nonce, where to go on. */
export const FLOW_COOKIE = 'oidc_flow';
/** The cookie kept between the callback and the link page: the identity waiting to be linked or given an account. */
export const PENDING_COOKIE = 'oidc_link';
/** Only the identity-provider calls need them. */
const COOKIE_PATH = '/api/auth/oidc';

export interface FlowState {
  verifier: string;
  state: string;
  nonce: string;
  returnTo: string;
  invite: string | null;
}

export interface PendingLink {
  issuer: string;
  subject: string;
  /** The existing account with the name the provider gave. */
  userId: number;
  /** The name to start from when a new account is made instead. */
  nameBase: string;
  returnTo: string;
  invite: string | null;
  /** The provider's ID token, to sign out there too (OIDC_SIGN_OUT_AT_PROVIDER), when it fits in the cookie. */
  idToken?: string;
}

type Purpose = typeof FLOW_COOKIE | typeof PENDING_COOKIE;

/**
 * Short-lived cookies sealed with AES-256-GCM: their content can be neither read nor
 * changed by the browser, and each names its purpose, so one cannot stand in for the
 * other. The key comes from SESSION_SECRET, else from a random secret stored once per
 * installation, so every server process opens the cookies the others sealed.
 */
export class SealedCookies {
  private key: Promise<Buffer> | null = null;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly sessionSecret: string,
  ) {}

  async seal(purpose: Purpose, payload: FlowState | PendingLink): Promise<string> {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', await this.loadKey(), iv);
    cipher.setAAD(Buffer.from(purpose));
    const plain = Buffer.from(JSON.stringify({ ...payload, exp: Date.now() + FLOW_MS }));
    const sealed = Buffer.concat([cipher.update(plain), cipher.final()]);
    return Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64url');
  }

  /** Sealed with the ID token when the cookie stays within its size, else without it (that session then signs out here only). */
  async sealPending(pending: PendingLink): Promise<string> {
    const sealed = await this.seal(PENDING_COOKIE, pending);
    if (sealed.length <= MAX_COOKIE || pending.idToken === undefined) return sealed;
    const { idToken: _left, ...rest } = pending;
    return this.seal(PENDING_COOKIE, rest);
  }

  /** The payload of a genuine, unexpired cookie of this purpose; null otherwise. */
  async open<T extends FlowState | PendingLink>(purpose: Purpose, value: string | undefined): Promise<T | null> {
    if (!value || value.length > MAX_COOKIE) return null;
    const bytes = Buffer.from(value, 'base64url');
    if (bytes.length <= IV_BYTES + TAG_BYTES) return null;
    try {
      const decipher = createDecipheriv('aes-256-gcm', await this.loadKey(), bytes.subarray(0, IV_BYTES));
      decipher.setAAD(Buffer.from(purpose));
      decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
      const plain = Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]);
      const payload = JSON.parse(plain.toString('utf8')) as T & { exp: number };
      return typeof payload.exp === 'number' && payload.exp > Date.now() ? payload : null;
    } catch {
      return null;
    }
  }

  private loadKey(): Promise<Buffer> {
    this.key ??= (async () => {
      const secret = this.sessionSecret || (await ensureMetaValue(this.db, SECRET_KEY, randomBytes(32).toString('base64url')));
      // Derived, so this key differs from the others made from the same secret.
      return createHmac('sha256', secret).update('oidc cookies').digest();
    })().catch((error: unknown) => {
      this.key = null; // a database hiccup must not stick; try again next time
      throw error;
    });
    return this.key;
  }
}

/** httpOnly and SameSite=Lax: the provider's redirect back is a top-level navigation from its site, which Lax lets through. */
export function setSealedCookie(request: FastifyRequest, reply: FastifyReply, name: Purpose, value: string) {
  reply.setCookie(name, value, {
    path: withBasePath(request.server, COOKIE_PATH),
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
    maxAge: FLOW_MS / 1000,
  });
}

export function clearSealedCookie(request: FastifyRequest, reply: FastifyReply, name: Purpose) {
  reply.clearCookie(name, { path: withBasePath(request.server, COOKIE_PATH), httpOnly: true, sameSite: 'lax', secure: request.protocol === 'https' });
}
