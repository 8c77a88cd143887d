import type { DiaryReply, MemberSearchReply, MovieViewingsReply, ViewingChange, ViewingCreate, ViewingReply } from '@movieclub/contract';
import { api, inReadersLanguage, resolveApiUrl } from './client';

/** A member's diary as an Atom feed, for a feed reader, in the reader's language. */
export const diaryAtomUrl = (username: string) => resolveApiUrl(inReadersLanguage(`/api/users/${encodeURIComponent(username)}/diary.atom`));

export const logViewing = (viewing: ViewingCreate) => api.post<ViewingReply>('/api/viewings', viewing);

export const changeViewing = (id: number, changes: ViewingChange) => api.patch<ViewingReply>(`/api/viewings/${id}`, changes);

export const deleteViewing = (id: number) => api.delete<{ success: true }>(`/api/viewings/${id}`);

export const fetchDiary = (username: string, page: { year?: number; month?: number; limit: number; offset: number }, signal?: AbortSignal) => {
  const query = new URLSearchParams({ limit: String(page.limit), offset: String(page.offset) });
  if (page.year !== undefined) query.set('year', String(page.year));
  if (page.month !== undefined) query.set('month', String(page.month));
  return api.get<DiaryReply>(`/api/users/${encodeURIComponent(username)}/diary?${query}`, signal);
};

export const fetchMovieViewings = (movieId: number, signal?: AbortSignal) => api.get<MovieViewingsReply>(`/api/movies/${movieId}/viewings`, signal);

export const searchMembers = (text: string, signal?: AbortSignal) => api.get<MemberSearchReply>(`/api/members?q=${encodeURIComponent(text)}`, signal);
