import type { Watchlist } from '@movieclub/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../api/queryKeys';
import { addToMyWatchlist, fetchMyWatchlist, removeFromWatchlist } from '../../api/watchlists';

/**
 * Which movies are in the signed-in user's personal list: read once from
 * GET /api/watchlists/mine and kept for the session (the watchlist page reads it
 * afresh), so every heart on every page agrees without refetching.
 */
function useMyWatchlist(userId: number | null) {
  return useQuery({
    queryKey: queryKeys.myWatchlist(userId ?? 0),
    queryFn: ({ signal }) => fetchMyWatchlist(signal).then((reply) => reply.watchlist),
    enabled: userId !== null,
    staleTime: Infinity,
  });
}

/** Whether the movie is in My Watchlist for this user (false while unknown or signed out). */
export function useInMyWatchlist(movieId: number, userId: number | null): boolean {
  const list = useMyWatchlist(userId);
  return Boolean(userId !== null && list.data?.items.some((item) => item.id === movieId));
}

/** A movie added to the shown list at its end, or taken out of it. */
function toggled(list: Watchlist, movieId: number, present: boolean): Watchlist {
  const items = present
    ? list.items.filter((item) => item.id !== movieId)
    : [...list.items, { id: movieId, title: '', poster: null, imdb_rating: null, length: null, position: list.items.length }];
  return { ...list, items, item_count: items.length };
}

/** Adds or removes a movie, showing the change at once and undoing it if the call fails (failures are swallowed). */
export function useToggleInMyWatchlist(userId: number | null) {
  const queryClient = useQueryClient();
  const key = queryKeys.myWatchlist(userId ?? 0);
  const toggle = useMutation({
    // `list` is the personal list as shown before the click; without it (it could not be loaded) the add is tried.
    mutationFn: ({ movieId, list }: { movieId: number; list: Watchlist | undefined }) =>
      list?.items.some((item) => item.id === movieId) ? removeFromWatchlist(list.id, movieId) : addToMyWatchlist(movieId),
    onMutate: async ({ movieId, list }) => {
      await queryClient.cancelQueries({ queryKey: key });
      if (list) queryClient.setQueryData<Watchlist>(key, toggled(list, movieId, list.items.some((item) => item.id === movieId)));
    },
    onError: (_error, { list }) => {
      if (list) queryClient.setQueryData(key, list);
    },
    // The list's real items (titles, positions) come back from the server.
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
  return (movieId: number) => toggle.mutate({ movieId, list: queryClient.getQueryData<Watchlist>(key) });
}
