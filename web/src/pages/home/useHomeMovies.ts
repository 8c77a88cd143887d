import type { Movie, ReviewUser } from '@movieclub/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useRef, useState } from 'react';
import { type Average, type AverageMap, movieAverage, ownRatings } from '../../api/adapters';
import { fetchMovies } from '../../api/movies';
import { queryKeys } from '../../api/queryKeys';
import { fetchAverages, fetchRecentReviewers } from '../../api/reviews';
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
  /** After a saved quick rating: the own rating at once, then fresh averages and reviewers. */
  rated(movieId: number, stars: number, refreshIds: number[]): void;
}

/** The catalogue with the user's ratings and averages, loaded again when the user changes. */
export function useHomeMovies(): HomeData {
  const { user } = useSession();
  const queryClient = useQueryClient();
  const userId = user === undefined ? undefined : (user?.id ?? null);
  const catalogue = useQuery({
    queryKey: queryKeys.catalogue(userId ?? null),
    queryFn: ({ signal }) => fetchMovies(signal),
    // Wait for the session check: the reply depends on who asks.
    enabled: userId !== undefined,
  });
  // Ratings and averages made on this page since the catalogue was read (null: no reviews any more).
  const [ratedHere, setRatedHere] = useState<Record<string, number>>({});
  const [freshAverages, setFreshAverages] = useState<Record<string, Average | null>>({});
  const firstCount = useRef<{ userId: number | null; empty: boolean } | null>(null);

  const data = catalogue.data;
  const movies = useMemo(() => (data ? ((data.movies ?? []) as HomeMovie[]) : null), [data]);
  if (movies && userId !== undefined && firstCount.current?.userId !== userId) firstCount.current = { userId, empty: movies.length === 0 };

  const myRatings = useMemo(() => ({ ...ownRatings(movies ?? [], data?.user_reviews), ...ratedHere }), [movies, data, ratedHere]);
  const averages = useMemo(() => {
    const merged: AverageMap = {};
    for (const movie of movies ?? []) {
      const average = movieAverage(movie);
      if (average) merged[movie.id] = average;
    }
    for (const [id, average] of Object.entries(freshAverages)) {
      if (average) merged[id] = average;
      else delete merged[id];
    }
    return merged;
  }, [movies, freshAverages]);

  const reload = useCallback(async () => {
    setRatedHere({});
    setFreshAverages({});
    await catalogue.refetch();
  }, [catalogue]);

  const rated = useCallback(
    (movieId: number, stars: number, refreshIds: number[]) => {
      setRatedHere((current) => ({ ...current, [movieId]: stars }));
      const ids = [...new Set([movieId, ...refreshIds])];
      void queryClient.fetchQuery({ queryKey: queryKeys.averages(ids), queryFn: () => fetchAverages(ids), staleTime: 0 }).then((fresh) => {
        if (!fresh) return;
        // A movie left out of the reply has no reviews (any more).
        setFreshAverages((current) => ({ ...current, ...Object.fromEntries(ids.map((id) => [id, fresh[id] ?? null])) }));
      });
      void queryClient.invalidateQueries({ queryKey: ['reviews', 'recent'] });
    },
    [queryClient],
  );

  return {
    movies,
    failed: catalogue.isLoadingError,
    startedEmpty: firstCount.current?.userId === userId && Boolean(firstCount.current?.empty),
    reload,
    myRatings,
    averages,
    rated,
  };
}

/** The newest reviewers of the shown movies; decoration, so a failure shows none. */
export function useRecentReviewers(ids: number[]): Record<string, ReviewUser[]> {
  const recent = useQuery({
    queryKey: queryKeys.recentReviewers(ids),
    queryFn: () => fetchRecentReviewers(ids).then((reply) => reply.recent),
    enabled: ids.length > 0,
    placeholderData: (previous) => previous,
  });
  return recent.data ?? {};
}
