import { recommendationsParams, type RecommendationsReply } from '@movieclub/contract';
import type { FastifyInstance } from 'fastify';
import { parseInput } from '../http/validate';
import { recommend } from './service';

export async function routes(app: FastifyInstance): Promise<void> {
  /** Anyone may read recommendations: they show on the public movie page. */
  app.get('/api/recommendations/:tconst', async (request): Promise<RecommendationsReply> => {
    const { tconst } = parseInput(recommendationsParams, request.params, 'address');
    return { success: true, items: await recommend(app.db, tconst) };
  });
}
