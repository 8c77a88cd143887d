import { recommendationRoutes as api } from '@movieclub/contract';
import type { FastifyInstance } from 'fastify';
import { contractRoute } from '../http/contractRoute';
import { recommend } from './service';

export async function routes(app: FastifyInstance): Promise<void> {
  // Anyone may read recommendations: they show on the public movie page.
  contractRoute(app, api.forTitle)(async (request) => ({ success: true, items: await recommend(app.db, request.params.tconst) }));
}
