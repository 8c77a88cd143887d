import type { ClubStatsReply, ClubYearReply, ListSeenByReply, MemberStatsReply, MemberYearReply, SeenByReply, TasteReply } from '@movieclub/contract';
import { api, inReadersLanguage, resolveApiUrl } from './client';

const yearQuery = (year: number | null) => (year === null ? '' : `?year=${year}`);

export const fetchMemberStats = (username: string, year: number | null, signal?: AbortSignal) =>
  api.get<MemberStatsReply>(`/api/users/${encodeURIComponent(username)}/stats${yearQuery(year)}`, signal);

export const fetchClubStats = (year: number | null, signal?: AbortSignal) => api.get<ClubStatsReply>(`/api/club/stats${yearQuery(year)}`, signal);

export const fetchTaste = (username: string, other: string, signal?: AbortSignal) =>
  api.get<TasteReply>(`/api/users/${encodeURIComponent(username)}/taste/${encodeURIComponent(other)}`, signal);

export const fetchMovieSeenBy = (movieId: number, signal?: AbortSignal) => api.get<SeenByReply>(`/api/movies/${movieId}/seen-by`, signal);

export const fetchListSeenBy = (identifier: string | number, signal?: AbortSignal) =>
  api.get<ListSeenByReply>(`/api/watchlists/${identifier}/seen-by`, signal);

export const fetchMemberYear = (username: string, year: number, signal?: AbortSignal) =>
  api.get<MemberYearReply>(`/api/users/${encodeURIComponent(username)}/year/${year}`, signal);

export const fetchClubYear = (year: number, signal?: AbortSignal) => api.get<ClubYearReply>(`/api/club/year/${year}`, signal);

/** The shareable picture of a year: a member's, or the club's when no name is given; in the reader's language. */
export function yearCardUrl(year: number, username?: string): string {
  return resolveApiUrl(inReadersLanguage(username ? `/api/users/${encodeURIComponent(username)}/year/${year}/card.png` : `/api/club/year/${year}/card.png`));
}
