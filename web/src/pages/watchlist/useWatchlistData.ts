import { type CurrentUser, parseWatchlistIdentifier, type PublicWatchlistSummary, type Watchlist, type WatchlistPickEvent } from '@movieclub/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import * as watchlistsApi from '../../api/watchlists';
import { sortItems } from './rules';

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

const EMPTY: OwnerData = { seen: {}, ownerSeen: {}, ownerRatings: {} };
const safe = <T,>(promise: Promise<T>, fallback: T) => promise.catch(() => fallback);

async function loadOwnerData(list: Watchlist, user: CurrentUser | null): Promise<OwnerData> {
  const ids = list.items.map((item) => item.id);
  if (ids.length === 0) return EMPTY;
  const mine = user ? safe(watchlistsApi.fetchSeen(user.username, ids).then((r) => r.seen), {}) : Promise.resolve({});
  // The owner's data is fetched only when the viewer is someone else; otherwise the viewer's own is the owner's.
  const viewerIsOwner = Boolean(user && user.username.toLowerCase() === list.owner_username.toLowerCase());
  const ownerSeen = viewerIsOwner ? mine : safe(watchlistsApi.fetchSeen(list.owner_username, ids).then((r) => r.seen), {});
  const ownerRatings = safe(watchlistsApi.fetchRatings(list.owner_username, ids).then((r) => r.ratings), {});
  const [seen, owner, ratings] = await Promise.all([mine, ownerSeen, ownerRatings]);
  return { seen, ownerSeen: owner, ownerRatings: ratings };
}

/**
 * The watchlist page's data: the selected list (stale replies for an older
 * selection, or a list whose id differs from the URL's, are dropped), the
 * public lists, and the seen and rating maps.
 */
export function useWatchlistData(target: ListTarget, user: CurrentUser | null | undefined) {
  const [list, setList] = useState<Watchlist | null>(null);
  const [error, setError] = useState('');
  const [loading, setLoading] = useState(false);
  const [publicLists, setPublicLists] = useState<PublicWatchlistSummary[]>([]);
  const [ownerData, setOwnerData] = useState<OwnerData>(EMPTY);
  const sequence = useRef(0);
  const targetKey = target.kind === 'id' ? `id:${target.id}` : target.kind;

  const loadPublicLists = useCallback(async () => {
    try {
      setPublicLists((await watchlistsApi.fetchPublicWatchlists()).watchlists);
    } catch {
      setPublicLists([]);
    }
  }, []);

  const loadList = useCallback(async () => {
    const current = ++sequence.current;
    if (target.kind === 'pending') return;
    if (target.kind === 'none') {
      setList(null);
      setOwnerData(EMPTY);
      return;
    }
    setLoading(true);
    try {
      const reply = target.kind === 'mine' ? await watchlistsApi.fetchMyWatchlist() : await watchlistsApi.fetchWatchlist(target.id);
      if (current !== sequence.current) return;
      if (target.kind === 'id' && reply.watchlist.id !== target.id) return;
      const fetched = { ...reply.watchlist, items: sortItems(reply.watchlist.items) };
      setList(fetched);
      setError('');
      const data = await loadOwnerData(fetched, user ?? null);
      if (current === sequence.current) setOwnerData(data);
    } catch {
      if (current !== sequence.current) return;
      setList(null);
      setError('Failed to load watchlists.');
    } finally {
      if (current === sequence.current) setLoading(false);
    }
    // targetKey stands for target; user by its id.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [targetKey, user?.id]);

  useEffect(() => {
    setList(null);
    void loadList();
  }, [loadList]);

  useEffect(() => {
    void loadPublicLists();
  }, [loadPublicLists]);

  const reloadAll = useCallback(async () => {
    await Promise.all([loadList(), loadPublicLists()]);
  }, [loadList, loadPublicLists]);

  /** Forgets loads in flight (their reply would undo a change just made on the page). */
  const dropPendingLoads = useCallback(() => {
    sequence.current += 1;
    setLoading(false);
  }, []);

  const applyPick = useCallback((event: WatchlistPickEvent) => {
    setList((previous) =>
      previous && previous.id === event.watchlist_id ? { ...previous, picked_movie: event.picked_movie, picked_at: event.picked_at } : previous,
    );
  }, []);

  return { list, setList, error, loading, publicLists, ownerData, reloadList: loadList, reloadAll, loadPublicLists, applyPick, dropPendingLoads };
}
