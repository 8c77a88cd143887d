import type {
  AddItemReply,
  ApiSuccess,
  DescriptionReply,
  ModeratorsReply,
  PickReply,
  PublicWatchlistsReply,
  RatingsReply,
  SeenReply,
  WatchlistReply,
} from '@movieclub/contract';
import { api } from './client';

export const fetchPublicWatchlists = (signal?: AbortSignal) => api.get<PublicWatchlistsReply>('/api/watchlists/public', signal);
/** One page of public lists matching `text` (by name or owner), with how many match in all. */
export const fetchPublicWatchlistsPage = (text: string, offset: number, limit: number, signal?: AbortSignal) =>
  api.get<PublicWatchlistsReply>(`/api/watchlists/public?q=${encodeURIComponent(text)}&limit=${limit}&offset=${offset}`, signal);
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

/** The spec's cache of the public lists shown by the plus button's popup. */
export const PUBLIC_LISTS_CACHE_MS = 60_000;
