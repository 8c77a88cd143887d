import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { API_TOKEN_SENTENCES, type ApiTokenScope, DEVICE_COOKIE_DAYS } from '@movieclub/contract';
import { siteCookiePath, withBasePath } from '../http/basePath';
import { forbidden, unauthorized } from '../http/errors';
import { bearerToken } from '../tokens/bearer';
import { userForApiToken } from '../tokens/service';
import type { AuthService, SessionUser } from './service';

export const SESSION_COOKIE = 'sid';
/** Marks a browser that has signed in before; only the login call needs to see it. */
export const DEVICE_COOKIE = 'device';
const DEVICE_COOKIE_PATH = '/api/login';

// Under BASE_PATH the cookies' Path carries the prefix: the site's cookies stay its own on a shared host.

declare module 'fastify' {
  interface FastifyRequest {
    user: SessionUser | null;
    /** The scope of the API token the call was made with; null for a cookie session or a visitor. */
    tokenScope: ApiTokenScope | null;
  }
}

/** Methods a read-only API token may use. */
const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, token: string, expires: Date) {
  reply.setCookie(SESSION_COOKIE, token, {
    path: siteCookiePath(request.server),
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
    expires,
  });
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply) {
  reply.clearCookie(SESSION_COOKIE, { path: siteCookiePath(request.server), httpOnly: true, sameSite: 'lax', secure: request.protocol === 'https' });
}

/** Kept across logouts: the device stays trusted for the account that last signed in on it. */
export function setDeviceCookie(request: FastifyRequest, reply: FastifyReply, value: string) {
  reply.setCookie(DEVICE_COOKIE, value, {
    path: withBasePath(request.server, DEVICE_COOKIE_PATH),
    httpOnly: true,
    sameSite: 'strict',
    secure: request.protocol === 'https',
    maxAge: DEVICE_COOKIE_DAYS * 24 * 60 * 60,
  });
}

/**
 * Resolves `request.user` on every API call: from an `Authorization: Bearer` API token
 * when the call carries one (a session cookie alongside is then ignored), else from
 * the session cookie. A bad token, or a read-only one on a call that writes, stops
 * the call here, before any route runs.
 */
export function installSessions(app: FastifyInstance, auth: AuthService) {
  app.decorateRequest('user', null);
  app.decorateRequest('tokenScope', null);
  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith('/api/')) return;
    const bearer = bearerToken(request);
    if (bearer !== null) {
      // The token wins: no handler after this one sees the cookie session (logout included).
      delete request.cookies[SESSION_COOKIE];
      const found = await userForApiToken(app.db, (value) => auth.hashToken(value), bearer);
      if (!found) throw unauthorized(API_TOKEN_SENTENCES.invalid, 'token_invalid');
      if (found.scope === 'read' && !READ_METHODS.has(request.method)) throw forbidden(API_TOKEN_SENTENCES.readOnly, 'token_read_only');
      request.user = found.user;
      request.tokenScope = found.scope;
      return;
    }
    const token = request.cookies[SESSION_COOKIE];
    if (!token) return;
    const session = await auth.userForToken(token);
    if (!session) {
      clearSessionCookie(request, reply);
      return;
    }
    request.user = session.user;
    if (session.renewedUntil) setSessionCookie(request, reply, token, session.renewedUntil);
  });
}

/** The signed-in user, or a 401 with a sentence. */
export function requireUser(request: FastifyRequest, message?: string): SessionUser {
  if (!request.user) throw unauthorized(message);
  return request.user;
}
