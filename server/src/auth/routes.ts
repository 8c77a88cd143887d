import { authRoutes as api, PASSWORD_LOGIN_DISABLED } from '@movieclub/contract';
import type { FastifyInstance } from 'fastify';
import { isSiteAdmin } from '../admin/access';
import { admission } from '../admin/registration';
import { contractRoute } from '../http/contractRoute';
import { forbidden, unauthorized } from '../http/errors';
import { rateLimit } from '../http/rateLimits';
import { siteUrl } from '../http/siteUrl';
import { memberJoinedEvent } from '../webhooks/events';
import { providerSignOutUrl } from './oidc/signOut';
import type { AuthService } from './service';
import { clearSessionCookie, DEVICE_COOKIE, SESSION_COOKIE, setDeviceCookie, setSessionCookie } from './session';

export function authRoutes(auth: AuthService) {
  return async function routes(app: FastifyInstance) {
    /** OIDC_ONLY: members sign in and join through the identity provider, never with a password here. */
    const passwordsAllowed = () => {
      if (app.config.oidc?.only) throw forbidden(PASSWORD_LOGIN_DISABLED, 'password_login_disabled');
    };

    contractRoute(app, api.register, { config: { rateLimit: rateLimit(app.config, 'register') } })(async (request) => {
      passwordsAllowed();
      const admit = await admission(app, request.body.invite);
      const user = await auth.register(request.body, admit);
      const site = siteUrl(app, request);
      app.clubEvents.post((language) => memberJoinedEvent(site, user.username, language));
      return { success: true };
    });

    contractRoute(app, api.login, { config: { rateLimit: rateLimit(app.config, 'login') } })(async (request, reply) => {
      passwordsAllowed();
      const { user, token, expiresAt, deviceCookie } = await auth.login(request.body, request.cookies[DEVICE_COOKIE]);
      setSessionCookie(request, reply, token, expiresAt);
      setDeviceCookie(request, reply, deviceCookie);
      return { success: true, user };
    });

    contractRoute(app, api.logout)(async (request, reply) => {
      const idToken = await auth.logout(request.cookies[SESSION_COOKIE]);
      app.realtime.endSession(request.cookies[SESSION_COOKIE]);
      clearSessionCookie(request, reply);
      const signOutUrl = await providerSignOutUrl(app, request, idToken);
      return signOutUrl ? { success: true, sign_out_url: signOutUrl } : { success: true };
    });

    contractRoute(app, api.changePassword, { config: { rateLimit: rateLimit(app.config, 'login') } })(async (request) => {
      passwordsAllowed();
      if (request.tokenScope) throw forbidden('API tokens cannot change the password; sign in with your password.', 'token_not_allowed');
      const ended = await auth.changePassword(request.user, request.body, request.cookies[SESSION_COOKIE]);
      app.realtime.endSessionsByHash(ended);
      return { success: true };
    });

        contractRoute(app, api.currentUser)(async (request) => {
      if (!request.user) throw unauthorized('Not signed in.');
      return { success: true, user: { ...request.user, is_admin: await isSiteAdmin(app, request.user) } };
    });
  };
}
