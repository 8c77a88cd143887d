import { type CurrentUser, parseWatchlistIdentifier, type Watchlist, type WatchlistPickEvent } from '@movieclub/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { sortItems } from '../../api/adapters';
import { queryKeys } from '../../api/queryKeys';
import * as watchlistsApi from '../../api/watchlists';
import { t } from '../../i18n';

/** Which list the URL names: the personal one, one by id, or none (anonymous on /watchlist). */
export type ListTarget = { kind: 'mine' } | { kind: 'id'; id: number } | { kind: 'none' } | { kind: 'pending' };

export function targetFor(identifier: string | undefined, user: CurrentUser | null | undefined): ListTarget {
  // Wait for the session: who is looking decides the seen maps and, for /watchlist, the list.
  if (user === undefined) return { kind: 'pending' };
  if (identifier && identifier !== 'mine') {
    const id = parseWatchlistIdentifier(identifier);
    return id === null ? { kind: 'none' } : { kind: 'id', id };
  }
  return user ? { kind: 'mine' } : { kind: 'none' };
}

export interface OwnerData {
  /** Movies the viewer reviewed ('Hide seen', the picker). */
  seen: Record<string, boolean>;
  /** Movies the owner reviewed ('Hide owner seen'). */
  ownerSeen: Record<string, boolean>;
  /** The owner's TTM grades as 1–7 numbers (rating letters). */
  ownerRatings: Record<string, number>;
}

/** The cache key of the list a target names (null when it names none). */
export function listKeyFor(target: ListTarget, userId: number | null) {
  if (target.kind === 'id') return queryKeys.watchlist(target.id);
  if (target.kind === 'mine' && userId !== null) return queryKeys.myWatchlist(userId);
  return null;
}

/** A map about one user's reviews; failures are swallowed into an empty map. */
function useUserMap<T>(queryKey: readonly unknown[], load: (signal: AbortSignal) => Promise<Record<string, T>>, enabled: boolean) {
  const map = useQuery({ queryKey, queryFn: ({ signal }) => load(signal), enabled, placeholderData: (previous) => previous });
  return map.isLoadingError || !enabled ? {} : (map.data ?? {});
}

const useSeen = (username: string | null, ids: number[]) =>
  useUserMap<boolean>(
    queryKeys.seen(username ?? '', ids),
    (signal) => watchlistsApi.fetchSeen(username!, ids, signal).then((reply) => reply.seen),
    username !== null && ids.length > 0,
  );

/**
 * The watchlist page's data: the selected list (a reply whose id differs from the
 * URL's is not shown), and the seen and rating maps. Every read goes through the
 * query cache: a newer selection cancels the older one's request.
 */
export function useWatchlistData(target: ListTarget, user: CurrentUser | null | undefined) {
  const queryClient = useQueryClient();
  const listKey = listKeyFor(target, user?.id ?? null);
  const query = useQuery({
    queryKey: listKey ?? ['watchlists', 'none'],
    queryFn: ({ signal }) =>
      (target.kind === 'mine' ? watchlistsApi.fetchMyWatchlist(signal) : watchlistsApi.fetchWatchlist(target.kind === 'id' ? target.id : 0, signal)).then(
        (reply) => reply.watchlist,
      ),
    enabled: listKey !== null,
    // The personal list is also read by every heart button: the page always fetches it afresh.
    refetchOnMount: 'always',
  });
  const fetched = query.data;
  const list = useMemo(() => {
    if (!fetched || listKey === null) return null;
    if (target.kind === 'id' && fetched.id !== target.id) return null;
    return { ...fetched, items: sortItems(fetched.items) };
  }, [fetched, listKey, target]);

  // As a set (sorted): a new order of the same movies asks for nothing again.
  const ids = useMemo(() => (list ? list.items.map((item) => item.id).sort((a, b) => a - b) : []), [list]);
  const viewerName = user?.username ?? null;
  // The owner's data is fetched only when the viewer is someone else; otherwise the viewer's own is the owner's.
  const viewerIsOwner = Boolean(list && viewerName && viewerName.toLowerCase() === list.owner_username.toLowerCase());
  const seen = useSeen(list ? viewerName : null, ids);
  const otherOwnerSeen = useSeen(list && !viewerIsOwner ? list.owner_username : null, ids);
  const ownerName = list ? list.owner_username : null;
  const ownerRatings = useUserMap<number>(
    queryKeys.ratings(ownerName ?? '', ids),
    (signal) => watchlistsApi.fetchRatings(ownerName!, ids, signal).then((reply) => reply.ratings),
    ownerName !== null && ids.length > 0,
  );
  const ownerData: OwnerData = { seen, ownerSeen: viewerIsOwner ? seen : otherOwnerSeen, ownerRatings };

  /** Changes the list on screen (and in the cache) at once. */
  const setList = useCallback(
    (update: (previous: Watchlist) => Watchlist) => {
      if (listKey) queryClient.setQueryData<Watchlist>(listKey, (previous) => (previous ? update(previous) : previous));
    },
    [queryClient, listKey],
  );

  const reloadList = useCallback(async () => {
    if (listKey) await queryClient.invalidateQueries({ queryKey: listKey });
  }, [queryClient, listKey]);

  /** After a failed change: every list read, the public lists included, is loaded again. */
  const reloadAll = useCallback(() => queryClient.invalidateQueries({ queryKey: ['watchlists'] }), [queryClient]);

  /** Forgets loads in flight (their reply would undo a change just made on the page). */
  const dropPendingLoads = useCallback(async () => {
    if (listKey) await queryClient.cancelQueries({ queryKey: listKey });
  }, [queryClient, listKey]);

  // Two picks at once reach the page in either order (one through another server process): the
  // later by `picked_at` stands, as it does in the database, so an earlier one arriving last is ignored.
  const applyPick = useCallback(
    (event: WatchlistPickEvent) =>
      setList((previous) =>
        previous.id === event.watchlist_id && !(previous.picked_at && event.picked_at && event.picked_at < previous.picked_at)
          ? { ...previous, picked_movie: event.picked_movie, picked_at: event.picked_at }
          : previous,
      ),
    [setList],
  );

  return {
    list,
    setList,
    error: query.isLoadingError ? t('Failed to load watchlists.') : '',
    loading: query.isFetching && !list,
    ownerData,
    reloadList,
    reloadAll,
    applyPick,
    dropPendingLoads,
  };
}
