import { MOVIE_EVENTS, type MovieSocialEvent } from '@movieclub/contract';
import type { FastifyInstance } from 'fastify';

type LiveApp = Pick<FastifyInstance, 'db' | 'realtime'>;

/** Tells everyone on a movie's page that its reviews changed, so they read them again. */
export function tellMoviePage(app: LiveApp, movieId: number): void {
  app.realtime.toMovie(movieId, MOVIE_EVENTS.social, { movie_id: movieId, review_id: null, what: 'reviews' } satisfies MovieSocialEvent);
}

/** Tells everyone on a review's movie page that its comments or reactions changed; nothing when the review is gone. */
export async function tellMoviePageOfReview(app: LiveApp, reviewId: number, what: 'comments' | 'reactions'): Promise<void> {
  const review = await app.db.selectFrom('reviews').select('movie_id').where('id', '=', reviewId).executeTakeFirst();
  if (!review) return;
  app.realtime.toMovie(review.movie_id, MOVIE_EVENTS.social, { movie_id: review.movie_id, review_id: reviewId, what } satisfies MovieSocialEvent);
}
