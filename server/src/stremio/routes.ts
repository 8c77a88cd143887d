import { STREMIO_CACHE_SECONDS, stremioRoutes as api } from '@movieclub/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { clubLanguage } from '../admin/settings';
import { contractRoute } from '../http/contractRoute';
import { siteUrl } from '../http/siteUrl';
import * as service from './service';

/** This site's address as other apps reach it (BASE_PATH included). */
const origin = (app: FastifyInstance, request: FastifyRequest): string => siteUrl(app, request);

/** A reply the add-on may keep a minute; only once it is known to be one (a 404 must not be kept). */
const cacheable = <T>(reply: FastifyReply, body: T): T => {
  reply.header('Cache-Control', `max-age=${STREMIO_CACHE_SECONDS}`);
  return body;
};

/**
 * Stremio apps run on other origins: every reply under a list's add-on address allows them, errors
 * included, so also the app's own 404 for an address no route matches (`…/stremio/meta/…`). Installed
 * on the app itself, not in this feature's (encapsulated) plugin, for that reason.
 */
export function allowAddOnOrigins(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    if (request.url.startsWith('/api/watchlist/')) reply.header('Access-Control-Allow-Origin', '*');
  });
}

export async function routes(app: FastifyInstance): Promise<void> {
  contractRoute(app, api.preflight)(async (_request, reply) =>
    reply.header('Access-Control-Allow-Methods', 'GET, OPTIONS').header('Access-Control-Allow-Headers', '*').status(204).send(),
  );

  contractRoute(app, api.manifest)(async (request, reply) =>
    cacheable(reply, await service.manifest(app.db, request.params.identifier, origin(app, request), await clubLanguage(app.db, app.config))),
  );

  contractRoute(app, api.catalog)(async (request, reply) => {
    const { identifier, type, file } = request.params;
    return cacheable(reply, await service.catalog(app.db, { identifier, type, requested: file }, origin(app, request)));
  });

  contractRoute(app, api.catalogPage)(async (request, reply) => {
    const { identifier, type, id, extra } = request.params;
    return cacheable(reply, await service.catalog(app.db, { identifier, type, requested: id, extra }, origin(app, request)));
  });
}
