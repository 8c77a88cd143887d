import type { ApiTokenCreate, ApiTokenCreated, ApiTokensReply } from '@movieclub/contract';
import { api } from './client';

/** The cached list of one's own API tokens. */
export const apiTokensKey = ['api-tokens'] as const;

export const fetchApiTokens = (signal?: AbortSignal) => api.get<ApiTokensReply>('/api/tokens', signal);

/** Answers the new token itself, which no later call shows again. */
export const createApiToken = (body: ApiTokenCreate) => api.post<ApiTokenCreated>('/api/tokens', body);

export const revokeApiToken = (id: number) => api.delete<{ success: true }>(`/api/tokens/${id}`);
