import { STREMIO_CACHE_SECONDS, radarrRoutes as api } from '@movieclub/contract';
import type { FastifyInstance } from 'fastify';
import { contractRoute } from '../http/contractRoute';
import { siteUrl } from '../http/siteUrl';
import { radarrList, radarrNights } from './service';

export async function routes(app: FastifyInstance): Promise<void> {
  contractRoute(app, api.list)(async (request, reply) => {
    const list = await radarrList(app.db, request.params.identifier, siteUrl(app, request));
    // Radarr asks every few hours; a minute's cache is the add-on's (not for a 404, thrown above).
    reply.header('Cache-Control', `max-age=${STREMIO_CACHE_SECONDS}`);
    return list;
  });
  contractRoute(app, api.nights)(async (request, reply) => {
    reply.header('Cache-Control', `max-age=${STREMIO_CACHE_SECONDS}`);
    return radarrNights(app.db, siteUrl(app, request));
  });
}
