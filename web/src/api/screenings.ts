import type {
  AttendanceReply,
  PromptsReply,
  RsvpReply,
  RsvpStatus,
  ScreeningChange,
  ScreeningCreate,
  ScreeningDetailReply,
  ScreeningListReply,
  ScreeningPickReply,
  ScreeningReply,
  VoteBody,
  VotesReply,
} from '@movieclub/contract';
import { api, inReadersLanguage, resolveApiUrl } from './client';

function fetchScreenings(upcoming: boolean, watchlistId?: number, signal?: AbortSignal, after?: number) {
  const query = new URLSearchParams({ upcoming: upcoming ? '1' : '0' });
  if (watchlistId !== undefined) query.set('watchlist_id', String(watchlistId));
  if (after !== undefined) query.set('after', String(after));
  return api.get<ScreeningListReply>(`/api/screenings?${query}`, signal);
}

/** The next planned screenings (of one list when given), soonest first. */
export const fetchUpcomingScreenings = (watchlistId?: number, signal?: AbortSignal) => fetchScreenings(true, watchlistId, signal);

/** A list's past and cancelled screenings, latest first, 20 a page: `after` is the previous page's `next_after`. */
export const fetchEarlierScreenings = (watchlistId: number, after: number | undefined, signal?: AbortSignal) => fetchScreenings(false, watchlistId, signal, after);

export const fetchScreening = (id: number, signal?: AbortSignal) => api.get<ScreeningDetailReply>(`/api/screenings/${id}`, signal);

export const scheduleScreening = (input: ScreeningCreate) => api.post<ScreeningReply>('/api/screenings', input);

export const changeScreening = (id: number, input: ScreeningChange) => api.patch<ScreeningReply>(`/api/screenings/${id}`, input);

export const cancelScreening = (id: number) => api.post<ScreeningReply>(`/api/screenings/${id}/cancel`);

export const answerRsvp = (id: number, status: RsvpStatus) => api.post<RsvpReply>(`/api/screenings/${id}/rsvp`, { status });

export const castVote = (id: number, vote: VoteBody) => api.post<VotesReply>(`/api/screenings/${id}/votes`, vote);

export const takeBackVote = (id: number, movieId: number) => api.delete<VotesReply>(`/api/screenings/${id}/votes/${movieId}`);

export const pickForTheRoom = (id: number) => api.post<ScreeningPickReply>(`/api/screenings/${id}/pick`);

export const recordAttendance = (id: number, usernames: string[]) => api.post<AttendanceReply>(`/api/screenings/${id}/attendance`, { usernames });

export const fetchRatingPrompts = (signal?: AbortSignal) => api.get<PromptsReply>('/api/screenings/prompts', signal);

export const dismissRatingPrompt = (id: number) => api.post<{ success: true }>(`/api/screenings/${id}/prompt/dismiss`);

/** Where a calendar app downloads one screening, its words in the reader's language. */
export const screeningCalendarUrl = (id: number) => resolveApiUrl(inReadersLanguage(`/api/screenings/${id}.ics`));

/** A calendar feed for calendar apps to subscribe to (`webcal:` opens the subscription dialog). */
function calendarUrl(path: string): { https: string; webcal: string } {
  const https = resolveApiUrl(inReadersLanguage(path));
  return { https, webcal: https.replace(/^https?:/, 'webcal:') };
}

export const listCalendarUrl = (identifier: string) => calendarUrl(`/api/watchlists/${identifier}/screenings.ics`);

/** Every public list's movie nights. */
export const clubCalendarUrl = () => calendarUrl('/api/screenings.ics');

/** The nights a member answered 'yes' or 'maybe'. */
export const memberCalendarUrl = (username: string) => calendarUrl(`/api/users/${encodeURIComponent(username)}/screenings.ics`);
