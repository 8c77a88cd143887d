import { MOVIE_EVENTS, type MovieSocialEvent } from '@movieclub/contract';
import type { FastifyInstance } from 'fastify';

/**
 * Tells everyone on a movie's page that its reviews (`review` null) or one review's comments or
 * reactions changed, so they read them again.
 */
export function tellMoviePage(app: Pick<FastifyInstance, 'realtime'>, movieId: number, review: { id: number; what: 'comments' | 'reactions' } | null): void {
  const event: MovieSocialEvent = review ? { movie_id: movieId, review_id: review.id, what: review.what } : { movie_id: movieId, review_id: null, what: 'reviews' };
  app.realtime.toMovie(movieId, MOVIE_EVENTS.social, event);
}
