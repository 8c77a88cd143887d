import type { FeedReply, MutesReply } from '@movieclub/contract';
import { api, inReadersLanguage, resolveApiUrl } from './client';

/** The club's activity as an Atom feed, for a feed reader, in the reader's language. */
export const feedAtomUrl = () => resolveApiUrl(inReadersLanguage('/api/feed.atom'));

export function fetchFeed(before: string | undefined, limit: number, signal?: AbortSignal) {
  const query = new URLSearchParams({ limit: String(limit) });
  if (before) query.set('before', before);
  return api.get<FeedReply>(`/api/feed?${query}`, signal);
}

export const fetchMutes = (signal?: AbortSignal) => api.get<MutesReply>('/api/feed/mutes', signal);

export const setMuted = (username: string, muted: boolean) =>
  muted ? api.put<MutesReply>(`/api/feed/mutes/${encodeURIComponent(username)}`) : api.delete<MutesReply>(`/api/feed/mutes/${encodeURIComponent(username)}`);
