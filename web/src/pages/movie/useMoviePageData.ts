import type { Movie, RecommendationItem, ReviewRead } from '@movieclub/contract';
import { useCallback, useEffect, useState } from 'react';
import { ApiError } from '../../api/client';
import { fetchMovie } from '../../api/movies';
import { fetchRecommendations } from '../../api/recommendations';
import { fetchMovieReviews, fetchMyReview } from '../../api/reviews';

export type MovieState =
  | { status: 'loading' }
  | { status: 'not-found' }
  | { status: 'error' }
  | { status: 'loaded'; movie: Movie };

const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

/**
 * Runs `load` when it changes, aborting the previous run (a newer id wins), and
 * returns a reload that runs it again without an abort signal.
 */
function useReloadable(load: (signal?: AbortSignal) => Promise<void>): () => Promise<void> {
  useEffect(() => {
    const controller = new AbortController();
    void load(controller.signal);
    return () => controller.abort();
  }, [load]);
  return useCallback(() => load(), [load]);
}

/** The movie, with a quiet reload (no 'Loading...') for after a review is posted. */
export function useMovie(id: number) {
  const [state, setState] = useState<MovieState>({ status: 'loading' });

  const load = useCallback(
    async (signal?: AbortSignal) => {
      try {
        const reply = await fetchMovie(id, signal);
        setState({ status: 'loaded', movie: reply.movie });
      } catch (error) {
        if (isAbort(error)) return;
        setState(error instanceof ApiError && error.status === 404 ? { status: 'not-found' } : { status: 'error' });
      }
    },
    [id],
  );

  const reload = useReloadable(load);
  return { state, reload };
}

/** The newest reviews; a failure leaves the list empty (the spec swallows it). */
export function useMovieReviews(id: number) {
  const [reviews, setReviews] = useState<ReviewRead[]>([]);

  const load = useCallback(
    async (signal?: AbortSignal) => {
      try {
        const reply = await fetchMovieReviews(id, undefined, signal);
        setReviews(Array.isArray(reply.reviews) ? reply.reviews : []);
      } catch (error) {
        if (!isAbort(error)) setReviews([]);
      }
    },
    [id],
  );

  const reload = useReloadable(load);
  return { reviews, reload };
}

/** Recommendations for a tt-number; null while loading, [] after a failure. */
export function useRecommendations(tconst: string | null) {
  const [items, setItems] = useState<RecommendationItem[] | null>(null);

  useEffect(() => {
    if (!tconst) {
      setItems([]);
      return;
    }
    const controller = new AbortController();
    setItems(null);
    fetchRecommendations(tconst, controller.signal)
      .then((reply) => setItems(Array.isArray(reply.items) ? reply.items : []))
      .catch((error: unknown) => {
        if (!isAbort(error)) setItems([]);
      });
    return () => controller.abort();
  }, [tconst]);

  return items;
}

/**
 * The signed-in user's own review of the movie, for opening the form on it:
 * undefined while unknown, null for none (or a visitor, or a failed call).
 */
export function useMyReview(id: number, userId: number | null | undefined) {
  const [review, setReview] = useState<ReviewRead | null | undefined>(undefined);

  useEffect(() => {
    if (userId === undefined) return;
    if (userId === null) {
      setReview(null);
      return;
    }
    const controller = new AbortController();
    fetchMyReview(id, controller.signal)
      .then((reply) => setReview(reply.review ?? null))
      .catch((error: unknown) => {
        if (!isAbort(error)) setReview(null);
      });
    return () => controller.abort();
  }, [id, userId]);

  return review;
}
