import { MOVIE_REVIEWS_LIMIT, movieReviewParams, type MyReviewReply, RECENT_REVIEWERS_LIMIT, reviewPost } from '@movieclub/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requireUser } from '../auth/session';
import { parseId, parseIdList, parseInput } from '../http/validate';
import * as service from './service';

/** Most movie ids one averages or recent-reviewers call answers for; the rest are ignored. */
const MAX_IDS = 1000;
const RECENT_LIMIT_MAX = 20;
const MOVIE_REVIEWS_LIMIT_MAX = 100;

/** A `limit` query value: absent or junk gives the default, numbers are held within 1..max. */
function parseLimit(raw: unknown, fallback: number, max: number): number {
  const text = typeof raw === 'string' ? raw.trim() : '';
  if (!/^\d{1,6}$/.test(text)) return fallback;
  return Math.min(Math.max(Number(text), 1), max);
}

type IdsQuery = { Querystring: { ids?: unknown } };
type IdsBody = { Body: { ids?: unknown } | null };

export async function routes(app: FastifyInstance): Promise<void> {
  app.post('/api/review', async (request) => {
    const user = requireUser(request, 'You must be signed in to rate movies.');
    const input = parseInput(reviewPost, request.body);
    await service.saveReview(app.db, user.id, input);
    return { success: true };
  });

  // The client tries these four paths in turn; all answer alike.
  const averagesFromQuery = async (request: FastifyRequest<IdsQuery>) => ({
    success: true,
    averages: await service.averagesFor(app.db, parseIdList(request.query.ids, MAX_IDS)),
  });
  const averagesFromBody = async (request: FastifyRequest<IdsBody>) => {
    const body = request.body;
    const ids = body && typeof body === 'object' && !Array.isArray(body) ? body.ids : undefined;
    return { success: true, averages: await service.averagesFor(app.db, parseIdList(ids, MAX_IDS)) };
  };
  app.get<IdsQuery>('/api/review/averages', averagesFromQuery);
  app.get<IdsQuery>('/api/reviews/averages', averagesFromQuery);
  app.post<IdsBody>('/api/review/averages', averagesFromBody);
  app.post<IdsBody>('/api/reviews/averages', averagesFromBody);

  app.get<{ Querystring: { ids?: unknown; limit?: unknown } }>('/api/reviews/recent', async (request) => {
    const ids = parseIdList(request.query.ids, MAX_IDS);
    const limit = parseLimit(request.query.limit, RECENT_REVIEWERS_LIMIT, RECENT_LIMIT_MAX);
    return { success: true, recent: await service.recentFor(app.db, ids, limit) };
  });

  app.get<{ Params: { id: string }; Querystring: { limit?: unknown } }>('/api/movies/:id/reviews', async (request) => {
    const movieId = parseId(request.params.id, 'The movie id is not valid.');
    const limit = parseLimit(request.query.limit, MOVIE_REVIEWS_LIMIT, MOVIE_REVIEWS_LIMIT_MAX);
    return { success: true, reviews: await service.reviewsForMovie(app.db, movieId, limit) };
  });

  // The review form opens showing the viewer's own review.
  app.get('/api/movies/:id/reviews/mine', async (request): Promise<MyReviewReply> => {
    const user = requireUser(request, 'You must be signed in to see your review.');
    const { id } = parseInput(movieReviewParams, request.params, 'address');
    return { success: true, review: await service.userReviewOfMovie(app.db, user.id, id) };
  });
}
