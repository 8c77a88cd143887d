import { STREMIO_CACHE_SECONDS, stremioRoutes as api } from '@movieclub/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { clubLanguage } from '../admin/settings';
import { contractRoute } from '../http/contractRoute';
import { siteUrl } from '../http/siteUrl';
import * as service from './service';

/** This site's address as other apps reach it (BASE_PATH included). */
const origin = (app: FastifyInstance, request: FastifyRequest): string => siteUrl(app, request);

const cacheable = (reply: FastifyReply) => reply.header('Cache-Control', `max-age=${STREMIO_CACHE_SECONDS}`);

export async function routes(app: FastifyInstance): Promise<void> {
  // Stremio apps run on other origins: every reply of the add-on, errors included, allows them.
  app.addHook('onRequest', async (request, reply) => {
    if (request.url.startsWith('/api/watchlist/')) reply.header('Access-Control-Allow-Origin', '*');
  });
  contractRoute(app, api.preflight)(async (_request, reply) =>
    reply.header('Access-Control-Allow-Methods', 'GET, OPTIONS').header('Access-Control-Allow-Headers', '*').status(204).send(),
  );

  contractRoute(app, api.manifest)(async (request, reply) => {
    cacheable(reply);
    return service.manifest(app.db, request.params.identifier, origin(app, request), await clubLanguage(app.db, app.config));
  });

  contractRoute(app, api.catalog)(async (request, reply) => {
    const { identifier, type, file } = request.params;
    cacheable(reply);
    return service.catalog(app.db, { identifier, type, requested: file }, origin(app, request));
  });

  contractRoute(app, api.catalogPage)(async (request, reply) => {
    const { identifier, type, id, extra } = request.params;
    cacheable(reply);
    return service.catalog(app.db, { identifier, type, requested: id, extra }, origin(app, request));
  });
}
