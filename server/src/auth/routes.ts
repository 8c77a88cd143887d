import type { FastifyInstance } from 'fastify';
import { loginRequest, registerRequest } from '@movieclub/contract';
import { parseInput } from '../http/validate';
import type { AuthService } from './service';
import { clearSessionCookie, SESSION_COOKIE, setSessionCookie } from './session';

export function authRoutes(auth: AuthService) {
  return async function routes(app: FastifyInstance) {
    const { loginRateLimitPerMinute, registerRateLimitPerHour } = app.config;

    app.post(
      '/api/register',
      { config: { rateLimit: { max: registerRateLimitPerHour, timeWindow: '1 hour' } } },
      async (request) => {
        const input = parseInput(registerRequest, request.body);
        await auth.register(input);
        return { success: true };
      },
    );

    app.post(
      '/api/login',
      { config: { rateLimit: { max: loginRateLimitPerMinute, timeWindow: '1 minute' } } },
      async (request, reply) => {
        const input = parseInput(loginRequest, request.body);
        const { user, token, expiresAt } = await auth.login(input);
        setSessionCookie(request, reply, token, expiresAt);
        return { success: true, user };
      },
    );

    app.post('/api/logout', async (request, reply) => {
      await auth.logout(request.cookies[SESSION_COOKIE]);
      clearSessionCookie(request, reply);
      return { success: true };
    });

    app.get('/api/user', async (request, reply) => {
      if (!request.user) return reply.status(401).send({ success: false, error: 'Not signed in.' });
      return { success: true, user: request.user };
    });
  };
}
