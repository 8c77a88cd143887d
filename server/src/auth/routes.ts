import type { FastifyInstance } from 'fastify';
import { loginRequest, registerRequest } from '@movieclub/contract';
import { parseInput } from '../http/validate';
import { rateLimit } from '../http/rateLimits';
import type { AuthService } from './service';
import { clearSessionCookie, DEVICE_COOKIE, SESSION_COOKIE, setDeviceCookie, setSessionCookie } from './session';

export function authRoutes(auth: AuthService) {
  return async function routes(app: FastifyInstance) {
    app.post(
      '/api/register',
      { config: { rateLimit: rateLimit(app.config, 'register') } },
      async (request) => {
        const input = parseInput(registerRequest, request.body);
        await auth.register(input);
        return { success: true };
      },
    );

    app.post(
      '/api/login',
      { config: { rateLimit: rateLimit(app.config, 'login') } },
      async (request, reply) => {
        const input = parseInput(loginRequest, request.body);
        const { user, token, expiresAt, deviceCookie } = await auth.login(input, request.cookies[DEVICE_COOKIE]);
        setSessionCookie(request, reply, token, expiresAt);
        setDeviceCookie(request, reply, deviceCookie);
        return { success: true, user };
      },
    );

    app.post('/api/logout', async (request, reply) => {
      await auth.logout(request.cookies[SESSION_COOKIE]);
      app.realtime.endSession(request.cookies[SESSION_COOKIE]);
      clearSessionCookie(request, reply);
      return { success: true };
    });

    app.get('/api/user', async (request, reply) => {
      if (!request.user) return reply.status(401).send({ success: false, error: 'Not signed in.' });
      return { success: true, user: request.user };
    });
  };
}
