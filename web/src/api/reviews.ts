import type { MovieReviewsReply, MyReviewReply, RecentReviewersReply, ReviewPost } from '@movieclub/contract';
import { MOVIE_REVIEWS_LIMIT, RECENT_REVIEWERS_LIMIT } from '@movieclub/contract';
import { type AverageMap, readAverages } from './adapters';
import { api } from './client';

export const postReview = (review: ReviewPost) => api.post<{ success: boolean; error?: string }>('/api/review', review);

export const fetchMovieReviews = (movieId: number, limit = MOVIE_REVIEWS_LIMIT, signal?: AbortSignal) =>
  api.get<MovieReviewsReply>(`/api/movies/${movieId}/reviews?limit=${limit}`, signal);

/** Deletes a review with its comments and reactions: its author's, or anyone's for a site admin. */
export const deleteReview = (id: number) => api.delete<{ success: true }>(`/api/reviews/${id}`);

/** The signed-in user's own review of the movie (null when they have none). */
export const fetchMyReview = (movieId: number, signal?: AbortSignal) => api.get<MyReviewReply>(`/api/movies/${movieId}/reviews/mine`, signal);

export const fetchRecentReviewers = (ids: number[], limit = RECENT_REVIEWERS_LIMIT) =>
  api.get<RecentReviewersReply>(`/api/reviews/recent?ids=${ids.join(',')}&limit=${limit}`);

/** The averages calls in the order the client tries them; each answers alike. */
function averagesAttempts(ids: number[]): (() => Promise<unknown>)[] {
  const list = ids.join(',');
  return [
    () => api.get<unknown>(`/api/review/averages?ids=${list}`),
    () => api.get<unknown>(`/api/reviews/averages?ids=${list}`),
    () => api.post<unknown>('/api/review/averages', { ids }),
    () => api.post<unknown>('/api/reviews/averages', { ids }),
  ];
}

/**
 * Average user ratings of the given movies, read leniently. Tries each averages
 * path in turn; when all fail it logs a warning and resolves with null, so the
 * caller keeps the averages it already shows.
 */
export async function fetchAverages(ids: number[]): Promise<AverageMap | null> {
  if (ids.length === 0) return {};
  for (const attempt of averagesAttempts(ids)) {
    try {
      const reply = await attempt();
      // A reply that is not JSON at all counts as a failure of that path.
      if (reply !== null && typeof reply === 'object') return readAverages(reply);
    } catch {
      // Try the next path.
    }
  }
  console.warn('Could not load average ratings: every averages path failed.');
  return null;
}
