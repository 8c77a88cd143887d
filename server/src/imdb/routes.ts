import { imdbRoutes as api } from '@movieclub/contract';
import type { FastifyInstance } from 'fastify';
import { contractRoute, keptReplies } from '../http/contractRoute';
import { rateLimit } from '../http/rateLimits';
import { materialiseMovie } from '../movies/service';
import { popularTitles } from './popular';
import { searchTitles } from './search';

export async function routes(app: FastifyInstance): Promise<void> {
  // Anonymous: the header search is for visitors too; limits keep scripted scraping in check.
  const resultsReply = keptReplies((results: Awaited<ReturnType<typeof searchTitles>>) => ({ success: true as const, results }));
  contractRoute(app, api.search, { config: { rateLimit: rateLimit(app.config, 'search') } })(async (request) => {
    const { q, limit } = request.query;
    return resultsReply(await searchTitles(app.db, app.database.kind, q, limit, app.config.searchTimeBudgetMs));
  });

  // Well-known titles to start a catalogue with; public like the search it complements.
  contractRoute(app, api.popular, { config: { rateLimit: rateLimit(app.config, 'search') } })(async (request) => ({
    success: true,
    results: await popularTitles(app.db, request.query.limit),
  }));

  // Anyone may bring a title into the catalogue by opening it from search; signed-in callers are recorded as adders.
  contractRoute(app, api.ensure, { config: { rateLimit: rateLimit(app.config, 'ensure') } })(async (request) => {
    const context = { db: app.db, config: app.config, log: request.log };
    const { id } = await materialiseMovie(context, request.body.tconst, request.user?.id ?? null);
    return { success: true, movie: { id } };
  });
}
