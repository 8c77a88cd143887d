import { insightRoutes as api } from '@movieclub/contract';
import type { FastifyInstance } from 'fastify';
import { contractRoute } from '../http/contractRoute';
import * as service from './service';

// Statistics are public, as profiles, diaries and reviews are; a list's seen-by follows the list's own access.
export async function routes(app: FastifyInstance): Promise<void> {
  contractRoute(app, api.memberStats)(async (request) => ({
    success: true,
    stats: await service.memberStats(app.db, request.params.username, request.query.year),
  }));

  contractRoute(app, api.clubStats)(async (request) => ({ success: true, stats: await service.clubStats(app.db, request.query.year) }));

  contractRoute(app, api.taste)(async (request) => ({
    success: true,
    ...(await service.taste(app.db, request.params.username, request.params.other)),
  }));

  contractRoute(app, api.movieSeenBy)(async (request) => ({ success: true, ...(await service.movieSeenBy(app.db, request.params.id)) }));

  contractRoute(app, api.listSeenBy)(async (request) => ({
    success: true,
    ...(await service.listSeenBy(app.db, request.params.id, request.user ?? null)),
  }));
}
