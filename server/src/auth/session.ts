import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { unauthorized } from '../http/errors';
import type { AuthService, SessionUser } from './service';

export const SESSION_COOKIE = 'sid';

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
