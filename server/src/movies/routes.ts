import { addMovieRequest } from '@movieclub/contract';
import type { FastifyInstance } from 'fastify';
import { requireUser } from '../auth/session';
import { notFound } from '../http/errors';
import { parseId, parseInput } from '../http/validate';
import { rateLimit } from '../http/rateLimits';
import { posterSvg } from './poster';
import { findMovie, listMovies, posterFacts, starsByUser } from './queries';
import { addMovie } from './service';

export async function routes(app: FastifyInstance): Promise<void> {
  app.get('/api/movies', async (request) => {
    const movies = await listMovies(app.db);
    const userReviews = request.user ? await starsByUser(app.db, request.user.id) : {};
    return { success: true, movies, user_reviews: userReviews };
  });

  app.get<{ Params: { id: string } }>('/api/movies/:id', async (request) => {
    const id = parseId(request.params.id, 'Movie id must be a number.');
    const movie = await findMovie(app.db, id);
    if (!movie) throw notFound('Movie not found.');
    return { success: true, movie };
  });

  app.post('/api/movies', { config: { rateLimit: rateLimit(app.config, 'addMovie') } }, async (request) => {
    const user = requireUser(request, 'You must be signed in to add a movie.');
    const { imdb_id } = parseInput(addMovieRequest, request.body);
    const id = await addMovie({ db: app.db, config: app.config, log: request.log }, imdb_id, user.id);
    return { success: true, movie: await findMovie(app.db, id) };
  });

  // Posters drawn for titles without one; the address is stable, so browsers may keep it a day.
  app.get<{ Params: { file: string } }>('/api/posters/:file', async (request, reply) => {
    const match = /^(tt\d{7,12})\.svg$/.exec(request.params.file);
    if (!match) throw notFound('Poster not found.');
    const facts = await posterFacts(app.db, match[1]);
    if (!facts) throw notFound('Poster not found.');
    return reply
      .type('image/svg+xml; charset=utf-8')
      .header('cache-control', 'public, max-age=86400')
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
      .send(posterSvg(match[1], facts.title, facts.year));
  });
}
