import type { Movie, RecommendationItem, ReviewRead } from '@movieclub/contract';
import { useQuery } from '@tanstack/react-query';
import { failedWith } from '../../api/client';
import { fetchMovie } from '../../api/movies';
import { queryKeys } from '../../api/queryKeys';
import { fetchRecommendations } from '../../api/recommendations';
import { fetchMovieReviews, fetchMyReview } from '../../api/reviews';

export type MovieState =
  | { status: 'loading' }
  | { status: 'not-found' }
  | { status: 'error' }
  | { status: 'loaded'; movie: Movie };

/** The movie, with a quiet reload (no 'Loading...') for after a review is posted. */
export function useMovie(id: number) {
  const movie = useQuery({ queryKey: queryKeys.movie(id), queryFn: ({ signal }) => fetchMovie(id, signal).then((reply) => reply.movie) });
  const state: MovieState = movie.data
    ? { status: 'loaded', movie: movie.data }
    : movie.isError
      ? failedWith(movie.error, 'not_found')
        ? { status: 'not-found' }
        : { status: 'error' }
      : { status: 'loading' };
  return { state, reload: async () => void (await movie.refetch()) };
}

/** The newest reviews; a failure leaves the list empty (the spec swallows it). */
export function useMovieReviews(id: number) {
  const reviews = useQuery({
    queryKey: queryKeys.movieReviews(id),
    queryFn: ({ signal }) => fetchMovieReviews(id, undefined, signal).then((reply) => (Array.isArray(reply.reviews) ? reply.reviews : [])),
  });
  // null until read: an empty list is then 'No reviews yet.', not 'still loading'.
  const list: ReviewRead[] | null = reviews.data ?? null;
  return { reviews: list, reload: async () => void (await reviews.refetch()) };
}

/** Recommendations for a tt-number; null while loading, [] after a failure or without a tt-number. */
export function useRecommendations(tconst: string | null): RecommendationItem[] | null {
  const recommendations = useQuery({
    queryKey: queryKeys.recommendations(tconst ?? ''),
    queryFn: ({ signal }) => fetchRecommendations(tconst!, signal).then((reply) => (Array.isArray(reply.items) ? reply.items : [])),
    enabled: Boolean(tconst),
  });
  if (!tconst || recommendations.isLoadingError) return [];
  return recommendations.data ?? null;
}

/**
 * The signed-in user's own review of the movie, for opening the form on it:
 * undefined while unknown, null for none (or a visitor, or a failed call).
 */
export function useMyReview(id: number, userId: number | null | undefined): ReviewRead | null | undefined {
  const review = useQuery({
    queryKey: queryKeys.myReview(id, userId ?? 0),
    queryFn: ({ signal }) => fetchMyReview(id, signal).then((reply) => reply.review ?? null),
    enabled: typeof userId === 'number',
  });
  if (userId === undefined) return undefined;
  if (userId === null || review.isLoadingError) return null;
  return review.data;
}
