import { ensureMovieRequest, imdbSearchQuery } from '@movieclub/contract';
import type { FastifyInstance } from 'fastify';
import { parseInput } from '../http/validate';
import { materialiseMovie } from '../movies/service';
import { searchTitles } from './search';

export async function routes(app: FastifyInstance): Promise<void> {
  // Anonymous: the header search is for visitors too; limits keep scripted scraping in check.
  app.get('/api/imdb/search', { config: { rateLimit: { max: 300, timeWindow: '1 minute' } } }, async (request) => {
    const { q, limit } = parseInput(imdbSearchQuery, request.query ?? {}, 'query');
    const results = await searchTitles(app.db, app.database.kind, q, limit);
    return { success: true, results };
  });

  // Anyone may bring a title into the catalogue by opening it from search; signed-in callers are recorded as adders.
  app.post('/api/imdb/ensure', { config: { rateLimit: { max: 60, timeWindow: '1 minute' } } }, async (request) => {
    const { tconst } = parseInput(ensureMovieRequest, request.body);
    const { id } = await materialiseMovie({ db: app.db, config: app.config, log: request.log }, tconst, request.user?.id ?? null);
    return { success: true, movie: { id } };
  });
}
