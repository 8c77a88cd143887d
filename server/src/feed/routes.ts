import { feedRoutes as api } from '@movieclub/contract';
import type { FastifyInstance } from 'fastify';
import { contractRoute } from '../http/contractRoute';
import * as service from './service';

export async function feedRoutes(app: FastifyInstance): Promise<void> {
  contractRoute(app, api.feed)(async (request) => service.feed(app.db, request.user?.id ?? null, request.query));

  contractRoute(app, api.mutes)(async (request) => service.mutes(app.db, request.user.id));

  contractRoute(app, api.mute)(async (request) => service.mute(app.db, request.user.id, request.params.username));

  contractRoute(app, api.unmute)(async (request) => service.unmute(app.db, request.user.id, request.params.username));
}
