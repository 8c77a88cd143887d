import { ensureMovieRequest, imdbPopularQuery, imdbSearchQuery } from '@movieclub/contract';
import type { FastifyInstance } from 'fastify';
import { parseInput } from '../http/validate';
import { rateLimit } from '../http/rateLimits';
import { materialiseMovie } from '../movies/service';
import { popularTitles } from './popular';
import { searchTitles } from './search';

export async function routes(app: FastifyInstance): Promise<void> {
  // Anonymous: the header search is for visitors too; limits keep scripted scraping in check.
  app.get('/api/imdb/search', { config: { rateLimit: rateLimit(app.config, 'search') } }, async (request) => {
    const { q, limit } = parseInput(imdbSearchQuery, request.query ?? {}, 'query');
    const results = await searchTitles(app.db, app.database.kind, q, limit);
    return { success: true, results };
  });

  // Well-known titles to start a catalogue with; public like the search it complements.
  app.get('/api/imdb/popular', { config: { rateLimit: rateLimit(app.config, 'search') } }, async (request) => {
    const { limit } = parseInput(imdbPopularQuery, request.query ?? {}, 'query');
    return { success: true, results: await popularTitles(app.db, limit) };
  });

  // Anyone may bring a title into the catalogue by opening it from search; signed-in callers are recorded as adders.
  app.post('/api/imdb/ensure', { config: { rateLimit: rateLimit(app.config, 'ensure') } }, async (request) => {
    const { tconst } = parseInput(ensureMovieRequest, request.body);
    const { id } = await materialiseMovie({ db: app.db, config: app.config, log: request.log }, tconst, request.user?.id ?? null);
    return { success: true, movie: { id } };
  });
}
