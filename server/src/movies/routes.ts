import { movieRoutes as api } from '@movieclub/contract';
import type { FastifyInstance } from 'fastify';
import { acceptsGzip, varyOnEncoding } from '../http/compression';
import { contractRoute } from '../http/contractRoute';
import { rateLimit } from '../http/rateLimits';
import * as service from './service';

export async function routes(app: FastifyInstance): Promise<void> {
  // The catalogue is large and changes rarely: sent from one serialised copy, and not at all to a browser that has it.
  contractRoute(app, api.movies)(async (request, reply) => {
    const viewerId = request.user?.id ?? null;
    const { body, gzipped, version } = await service.catalogueReply(app.db, viewerId, acceptsGzip(request));
    const etag = `W/"movies-${version}-${viewerId ?? 0}"`;
    reply.header('etag', etag).header('cache-control', 'private, no-cache');
    varyOnEncoding(reply);
    if (request.headers['if-none-match'] === etag) return reply.status(304).send();
    if (gzipped) reply.header('content-encoding', 'gzip');
    return reply.type('application/json; charset=utf-8').send(body);
  });

  contractRoute(app, api.movie)(async (request) => ({ success: true, movie: await service.getMovie(app.db, request.params.id) }));

  contractRoute(app, api.addMovie, { config: { rateLimit: rateLimit(app.config, 'addMovie') } })(async (request) => {
    const id = await service.addMovie({ db: app.db, config: app.config, log: request.log }, request.body.imdb_id, request.user.id);
    return { success: true, movie: await service.getMovie(app.db, id) };
  });

  // Posters drawn for titles without one, as SVG or (for Stremio's apps) PNG; the address is stable, so browsers may keep it a day.
  contractRoute(app, api.poster)(async (request, reply) => {
    const poster = await service.drawnPoster(app.db, request.params.file);
    reply.header('cache-control', 'public, max-age=86400');
    if (poster.type === 'png') return reply.type('image/png').send(poster.body);
    return reply
      .type('image/svg+xml; charset=utf-8')
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
      .send(poster.body);
  });
}
