import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DEVICE_COOKIE_DAYS } from '@movieclub/contract';
import { unauthorized } from '../http/errors';
import type { AuthService, SessionUser } from './service';

export const SESSION_COOKIE = 'sid';
/** Marks a browser that has signed in before; only the login call needs to see it. */
export const DEVICE_COOKIE = 'device';
const DEVICE_COOKIE_PATH = '/api/login';

declare module 'fastify' {
  interface FastifyRequest {
    user: SessionUser | null;
  }
}

export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, token: string, expires: Date) {
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
    expires,
  });
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply) {
  reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure: request.protocol === 'https' });
}

/** Kept across logouts: the device stays trusted for the account that last signed in on it. */
export function setDeviceCookie(request: FastifyRequest, reply: FastifyReply, value: string) {
  reply.setCookie(DEVICE_COOKIE, value, {
    path: DEVICE_COOKIE_PATH,
    httpOnly: true,
    sameSite: 'strict',
    secure: request.protocol === 'https',
    maxAge: DEVICE_COOKIE_DAYS * 24 * 60 * 60,
  });
}

/** Resolves `request.user` from the session cookie on every API call. */
export function installSessions(app: FastifyInstance, auth: AuthService) {
  app.decorateRequest('user', null);
  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith('/api/')) return;
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
