import type { RecommendationsReply } from '@movieclub/contract';
import { api } from './client';

/** Up to 15 titles like the one with this IMDb id (tt-number). */
export const fetchRecommendations = (tconst: string, signal?: AbortSignal) =>
  api.get<RecommendationsReply>(`/api/recommendations/${encodeURIComponent(tconst)}`, signal);
