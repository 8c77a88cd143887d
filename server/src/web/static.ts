import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/**
 * Serves the built client: hashed assets cached for a year, and index.html for
 * every other GET that is not an API, add-on or socket address, so client-side
 * routes survive a reload.
 */
export async function serveClient(app: FastifyInstance, webDist: string | null) {
  const index = webDist ? path.join(webDist, 'index.html') : null;
  const hasClient = index !== null && fs.existsSync(index);
  if (hasClient) {
    await app.register(fastifyStatic, {
      root: webDist!,
      wildcard: false,
      index: false,
      setHeaders(res, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.setHeader('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=300');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const isPage = request.method === 'GET' && !/^\/(api|socket\.io)(\/|$)/.test(request.url);
    if (isPage && hasClient) {
      return reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').sendFile('index.html');
    }
    if (isPage) {
      return reply.status(404).type('text/plain; charset=utf-8').send('The client is not built yet: run `npm run build`.');
    }
    return reply.status(404).send({ success: false, error: 'Not found.' });
  });
}
