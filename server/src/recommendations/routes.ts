import { recommendationRoutes as api } from '@movieclub/contract';
import type { FastifyInstance } from 'fastify';
import { contractRoute, keptReplies } from '../http/contractRoute';
import { recommend } from './service';

export async function routes(app: FastifyInstance): Promise<void> {
  // Anyone may read recommendations: they show on the public movie page.
  const itemsReply = keptReplies((items: Awaited<ReturnType<typeof recommend>>) => ({ success: true as const, items }));
  contractRoute(app, api.forTitle)(async (request) => itemsReply(await recommend(app.db, request.params.tconst)));
}
