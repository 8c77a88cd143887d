import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { failure } from './errors';

/**
 * Hosting under a sub-path (BASE_PATH=/movies behind a proxy that keeps the prefix).
 * Every address is stripped of the prefix before routing, so routes, hooks and the
 * built client's fallback see the same addresses as at the root; addresses outside
 * the prefix are not found, and the bare prefix redirects to itself with a slash.
 */

/** Fastify's `rewriteUrl` for a prefix; undefined at the root (nothing is rewritten). */
export function basePathRewriter(basePath: string): ((request: IncomingMessage) => string) | undefined {
  if (!basePath) return undefined;
  return (request) => {
    const url = request.url ?? '/';
    if (url.startsWith(`${basePath}/`)) return url.slice(basePath.length);
    // The bare prefix (redirected by the hook below) and addresses outside it (refused there).
    return url === basePath || url.startsWith(`${basePath}?`) ? '/' : url;
  };
}

/** Answers what the rewriter let through unchanged: the bare prefix with a redirect, the rest with a 404. */
export function installBasePath(app: FastifyInstance) {
  const { basePath } = app.config;
  if (!basePath) return;
  app.addHook('onRequest', async (request, reply) => {
    const original = request.originalUrl;
    if (original.startsWith(`${basePath}/`)) return;
    if (original === basePath || original.startsWith(`${basePath}?`)) {
      return reply.status(308).header('location', `${basePath}/${original.slice(basePath.length)}`).send();
    }
    return reply.status(404).send(failure(`Not found: this site lives under ${basePath}/.`, 'not_found'));
  });
}

/** An address of this site as a browser asks for it: `/api/login` becomes `/movies/api/login`. */
export const withBasePath = (app: FastifyInstance, path: string) => `${app.config.basePath}${path}`;

/** The Path of cookies that the whole site reads. */
export const siteCookiePath = (app: FastifyInstance) => app.config.basePath || '/';
