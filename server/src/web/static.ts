import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { failure } from '../http/errors';

/** Hashed build output: a new build gets new names, so a copy never goes stale. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** The page itself must be checked on every visit so a new build's asset names are seen. */
const REVALIDATE = 'no-cache';
/** Unhashed files beside the page (logo, grade images): short, so a change shows within minutes. */
const SHORT = 'public, max-age=300';

/** The Cache-Control of a file under the built client's folder. */
function cacheControlFor(root: string, filePath: string): string {
  const relative = path.relative(root, filePath).split(path.sep).join('/');
  if (relative.startsWith('assets/')) return IMMUTABLE;
  if (relative === 'index.html') return REVALIDATE;
  return SHORT;
}

/**
 * Serves the built client: hashed assets cached for a year, and index.html for
 * every other GET that is not an API, add-on or socket address, so client-side
 * routes survive a reload.
 */
export async function serveClient(app: FastifyInstance, webDist: string | null) {
  const index = webDist ? path.join(webDist, 'index.html') : null;
  const hasClient = index !== null && fs.existsSync(index);
  if (hasClient) {
    const root = path.resolve(webDist!);
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      // Off, or the plugin's own 'public, max-age=0' replaces what setHeaders chose.
      cacheControl: false,
      // The build writes .br and .gz beside each asset (scripts/precompress.mjs): no work per request.
      preCompressed: true,
      setHeaders(res, filePath) {
        res.setHeader('Cache-Control', cacheControlFor(root, filePath));
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const isPage = request.method === 'GET' && !/^\/(api|socket\.io)(\/|$)/.test(request.url);
    if (isPage && hasClient) {
      return reply.header('Cache-Control', REVALIDATE).type('text/html; charset=utf-8').sendFile('index.html');
    }
    if (isPage) {
      return reply.status(404).type('text/plain; charset=utf-8').send('The client is not built yet: run `npm run build`.');
    }
    return reply.status(404).send(failure('Not found.', 'not_found'));
  });
}
