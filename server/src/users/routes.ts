import { userRoutes as api } from '@movieclub/contract';
import type { FastifyInstance } from 'fastify';
import { contractRoute } from '../http/contractRoute';
import { seenAndRatings } from './service';

export async function routes(app: FastifyInstance): Promise<void> {
  contractRoute(app, api.seen)(async (request) => {
    const { seen } = await seenAndRatings(app.db, request.params.username, request.query.ids);
    return { success: true, seen };
  });

  contractRoute(app, api.ratings)(async (request) => {
    const { ratings } = await seenAndRatings(app.db, request.params.username, request.query.ids);
    return { success: true, ratings };
  });
}
