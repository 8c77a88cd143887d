import type { FastifyRequest } from 'fastify';
import { bearerToken } from '../tokens/bearer';
import { forbidden } from './errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function originOf(value: string | undefined): string | null {
  if (!value) return null;
  try {
    return new URL(value).origin;
  } catch {
    return 'invalid';
  }
}

/**
 * CSRF guard: a mutating call that names a foreign origin (Origin, or Referer
 * when Origin is absent) is refused. Calls naming none come from non-browser
 * clients, which carry no ambient cookies to abuse; neither do calls with an API
 * token (`Authorization: Bearer`), whose cookie session is ignored.
 */
export function makeOriginCheck(publicUrl: string | null) {
  const configured = publicUrl ? new URL(publicUrl).origin : null;
  return async function checkOrigin(request: FastifyRequest): Promise<void> {
    if (SAFE_METHODS.has(request.method)) return;
    // An API token is sent on purpose, never by the browser on its own: nothing ambient to abuse.
    if (bearerToken(request) !== null) return;
    const origin = originOf(request.headers.origin) ?? originOf(request.headers.referer);
    if (origin === null) return;
    const own = `${request.protocol}://${request.host}`;
    if (origin === own || origin === configured) return;
    throw forbidden('Cross-site requests are not allowed.', 'cross_site');
  };
}
