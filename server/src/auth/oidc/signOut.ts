import type { FastifyInstance, FastifyRequest } from 'fastify';
import { siteUrl } from '../../http/siteUrl';
import { oidcClientFor, ProviderProblem } from './client';

/**
 * Where to send the browser after signing out here, to sign out at the provider too: its
 * end-session address for the session's ID token, back to this site's home page. Null when
 * the setting is off, the session was not opened through the provider, or the provider has no
 * such address or cannot be reached (signing out here has happened either way).
 */
export async function providerSignOutUrl(app: FastifyInstance, request: FastifyRequest, idToken: string | null): Promise<string | null> {
  const settings = app.config.oidc;
  if (!settings?.signOutAtProvider || !idToken) return null;
  try {
    return (await oidcClientFor(settings).signOutUrl(idToken, `${siteUrl(app, request)}/`))?.href ?? null;
  } catch (error) {
    request.log.warn({ err: error instanceof ProviderProblem ? error.cause : error }, 'identity provider sign-out address unavailable');
    return null;
  }
}
