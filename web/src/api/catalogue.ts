import type { AddMovieReply, EnsureMovieReply, ImdbPopularReply, ImdbSearchReply } from '@movieclub/contract';
import { SEARCH_LIMIT_DEFAULT } from '@movieclub/contract';
import { api } from './client';

export const searchImdb = (q: string, signal?: AbortSignal, limit = SEARCH_LIMIT_DEFAULT) =>
  api.get<ImdbSearchReply>(`/api/imdb/search?q=${encodeURIComponent(q)}&limit=${limit}`, signal);

/** The most-voted feature films of the IMDb index not yet in the catalogue. */
export const popularImdb = (limit: number, signal?: AbortSignal) => api.get<ImdbPopularReply>(`/api/imdb/popular?limit=${limit}`, signal);

export const ensureMovie = (tconst: string) => api.post<EnsureMovieReply>('/api/imdb/ensure', { tconst });

export const addMovie = (imdbId: string) => api.post<AddMovieReply>('/api/movies', { imdb_id: imdbId });
