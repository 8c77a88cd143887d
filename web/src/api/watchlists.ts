import type {
  AddItemReply,
  ApiSuccess,
  DescriptionReply,
  ModeratorsReply,
  PickReply,
  PublicWatchlistsReply,
  PublicWatchlistSummary,
  RatingsReply,
  SeenReply,
  WatchlistReply,
} from '@movieclub/contract';
import { api } from './client';

export const fetchPublicWatchlists = (signal?: AbortSignal) => api.get<PublicWatchlistsReply>('/api/watchlists/public', signal);
export const fetchMyWatchlist = (signal?: AbortSignal) => api.get<WatchlistReply>('/api/watchlists/mine', signal);
export const fetchWatchlist = (id: number, signal?: AbortSignal) => api.get<WatchlistReply>(`/api/watchlists/${id}`, signal);
export const createPublicWatchlist = (name: string) => api.post<WatchlistReply>('/api/watchlists/public', { name });
export const addToMyWatchlist = (movieId: number) => api.post<AddItemReply>('/api/watchlists/mine/items', { movie_id: movieId });
export const addToWatchlist = (id: number, movieId: number) => api.post<AddItemReply>(`/api/watchlists/${id}/items`, { movie_id: movieId });
export const removeFromWatchlist = (id: number, movieId: number) => api.delete<ApiSuccess>(`/api/watchlists/${id}/items/${movieId}`);
export const saveDescription = (id: number, description: string) => api.put<DescriptionReply>(`/api/watchlists/${id}/description`, { description });
export const saveOrder = (id: number, order: number[]) => api.put<ApiSuccess>(`/api/watchlists/${id}/items/order`, { order });
export const pickMovie = (id: number) => api.post<PickReply>(`/api/watchlists/${id}/pick`);
export const addModerator = (watchlistId: number, username: string) =>
  api.post<ModeratorsReply>('/api/add_moderator', { username, watchlist_id: watchlistId });
export const removeModerator = (watchlistId: number, username: string) =>
  api.post<ModeratorsReply>('/api/remove_moderator', { username, watchlist_id: watchlistId });
export const fetchSeen = (username: string, ids: number[], signal?: AbortSignal) =>
  api.get<SeenReply>(`/api/users/${encodeURIComponent(username)}/seen?ids=${ids.join(',')}`, signal);
export const fetchRatings = (username: string, ids: number[], signal?: AbortSignal) =>
  api.get<RatingsReply>(`/api/users/${encodeURIComponent(username)}/ratings?ids=${ids.join(',')}`, signal);

/** Public lists for the plus button's popup, cached for 60 s across every card and page. */
export const PUBLIC_LISTS_CACHE_MS = 60_000;
let publicListsCache: { at: number; lists: Promise<PublicWatchlistSummary[]> } | null = null;

export function cachedPublicWatchlists(now = Date.now()): Promise<PublicWatchlistSummary[]> {
  if (publicListsCache && now - publicListsCache.at < PUBLIC_LISTS_CACHE_MS) return publicListsCache.lists;
  const lists = fetchPublicWatchlists().then((reply) => reply.watchlists);
  publicListsCache = { at: now, lists };
  // A failure is not remembered: the next popup tries again.
  lists.catch(() => {
    if (publicListsCache?.lists === lists) publicListsCache = null;
  });
  return lists;
}

/** After creating a list or adding to one, the popup should show fresh counts. */
export function forgetPublicWatchlists() {
  publicListsCache = null;
}
