import { useEffect, useSyncExternalStore } from 'react';
import { addToMyWatchlist, fetchMyWatchlist, removeFromWatchlist } from '../../api/watchlists';

/**
 * Which movies are in the signed-in user's personal list: loaded once from
 * GET /api/watchlists/mine and kept for the session, so every heart on every
 * page agrees without refetching.
 */
interface Membership {
  userId: number;
  listId: number;
  ids: ReadonlySet<number>;
}

let membership: Membership | null = null;
let loading: { userId: number; promise: Promise<void> } | null = null;
const listeners = new Set<() => void>();

function publish(next: Membership | null) {
  membership = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function load(userId: number): Promise<void> {
  if (membership?.userId === userId) return Promise.resolve();
  if (loading?.userId === userId) return loading.promise;
  const promise = fetchMyWatchlist()
    .then((reply) => publish({ userId, listId: reply.watchlist.id, ids: new Set(reply.watchlist.items.map((item) => item.id)) }))
    .catch(() => undefined)
    .finally(() => {
      if (loading?.promise === promise) loading = null;
    });
  loading = { userId, promise };
  return promise;
}

/** Whether the movie is in My Watchlist for this user (false while unknown or signed out). */
export function useInMyWatchlist(movieId: number, userId: number | null): boolean {
  useEffect(() => {
    if (userId !== null) void load(userId);
  }, [userId]);
  const current = useSyncExternalStore(subscribe, () => membership);
  return Boolean(userId !== null && current?.userId === userId && current.ids.has(movieId));
}

/** Adds or removes the movie, showing the change at once and undoing it if the call fails. */
export async function toggleInMyWatchlist(movieId: number, userId: number): Promise<void> {
  await load(userId);
  const before = membership;
  if (!before || before.userId !== userId) {
    // The list could not be loaded: try the add; membership shows after the next load.
    await addToMyWatchlist(movieId).catch(() => undefined);
    return;
  }
  const present = before.ids.has(movieId);
  const ids = new Set(before.ids);
  if (present) ids.delete(movieId);
  else ids.add(movieId);
  publish({ ...before, ids });
  try {
    if (present) await removeFromWatchlist(before.listId, movieId);
    else await addToMyWatchlist(movieId);
  } catch {
    // Membership failures are swallowed; the heart goes back.
    if (membership?.userId === userId) {
      const undo = new Set(membership.ids);
      if (present) undo.add(movieId);
      else undo.delete(movieId);
      publish({ ...membership, ids: undo });
    }
  }
}

/** Forgets the cache (e.g. after the watchlist page changed the personal list). */
export function forgetMembership() {
  publish(null);
}
