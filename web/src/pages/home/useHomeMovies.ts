import type { Movie, MoviesReply, ReviewUser } from '@movieclub/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { fetchMovies } from '../../api/movies';
import { fetchAverages, fetchRecentReviewers } from '../../api/reviews';
import { type AverageMap, movieAverage, toNumber } from '../../lib/averages';
import { useSession } from '../../session/SessionProvider';

/** A movie as the home page reads it: older servers sent the user's own rating and averages under other names. */
export type HomeMovie = Movie & { user_rating?: unknown; my_rating?: unknown };

export interface HomeData {
  movies: HomeMovie[] | null;
  failed: boolean;
  /** The catalogue was empty when this user's page first loaded it (a new install). */
  startedEmpty: boolean;
  /** Fetches the catalogue again, e.g. after a movie was added from the page. */
  reload(): Promise<void>;
  /** The signed-in user's stars by movie id. */
  myRatings: Record<string, number>;
  averages: AverageMap;
  recent: Record<string, ReviewUser[]>;
  /** Loads the recent reviewers of these movies, once each. */
  loadReviewers(ids: number[]): void;
  /** After a saved quick rating: the own rating at once, then fresh averages and reviewers. */
  rated(movieId: number, stars: number, refreshIds: number[]): void;
}

function ownRatings(movies: HomeMovie[], userReviews: Record<string, unknown> | undefined): Record<string, number> {
  const ratings: Record<string, number> = {};
  for (const movie of movies) {
    const stars = toNumber(userReviews?.[movie.id]) ?? toNumber(movie.user_rating) ?? toNumber(movie.my_rating);
    if (stars !== null) ratings[movie.id] = stars;
  }
  return ratings;
}

/** The catalogue with the user's ratings, averages and recent reviewers, reloaded when the user changes. */
export function useHomeMovies(): HomeData {
  const { user } = useSession();
  const userId = user === undefined ? undefined : (user?.id ?? null);
  const [movies, setMovies] = useState<HomeMovie[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [startedEmpty, setStartedEmpty] = useState(false);
  const [myRatings, setMyRatings] = useState<Record<string, number>>({});
  const [averages, setAverages] = useState<AverageMap>({});
  const [recent, setRecent] = useState<Record<string, ReviewUser[]>>({});
  const requested = useRef(new Set<number>());

  const show = useCallback((reply: MoviesReply) => {
    const list = (reply.movies ?? []) as HomeMovie[];
    const seeded: AverageMap = {};
    for (const movie of list) {
      const average = movieAverage(movie);
      if (average) seeded[movie.id] = average;
    }
    setMovies(list);
    setMyRatings(ownRatings(list, reply.user_reviews));
    setAverages(seeded);
    setFailed(false);
    return list;
  }, []);

  useEffect(() => {
    if (userId === undefined) return; // Wait for the session check: the reply depends on who asks.
    const controller = new AbortController();
    fetchMovies(controller.signal)
      .then((reply) => setStartedEmpty(show(reply).length === 0))
      .catch((error: unknown) => {
        if (error instanceof DOMException && error.name === 'AbortError') return;
        setFailed(true);
      });
    return () => controller.abort();
  }, [userId, show]);

  const reload = useCallback(async () => {
    try {
      show(await fetchMovies());
    } catch {
      // The list on screen stays; the next visit loads it again.
    }
  }, [show]);

  const refreshReviewers = useCallback(async (ids: number[]) => {
    try {
      const reply = await fetchRecentReviewers(ids);
      setRecent((current) => ({ ...current, ...reply.recent }));
    } catch {
      // Reviewer avatars are decoration; a failure leaves them as they were.
    }
  }, []);

  const loadReviewers = useCallback(
    (ids: number[]) => {
      const missing = ids.filter((id) => !requested.current.has(id));
      if (missing.length === 0) return;
      for (const id of missing) requested.current.add(id);
      void refreshReviewers(missing);
    },
    [refreshReviewers],
  );

  const rated = useCallback(
    (movieId: number, stars: number, refreshIds: number[]) => {
      setMyRatings((current) => ({ ...current, [movieId]: stars }));
      const ids = [...new Set([movieId, ...refreshIds])];
      void fetchAverages(ids).then((fresh) => {
        if (!fresh) return;
        setAverages((current) => {
          const next = { ...current, ...fresh };
          // A movie left out of the reply has no reviews (any more).
          for (const id of ids) if (!fresh[id]) delete next[id];
          return next;
        });
      });
      void refreshReviewers([movieId]);
    },
    [refreshReviewers],
  );

  return { movies, failed, startedEmpty, reload, myRatings, averages, recent, loadReviewers, rated };
}
