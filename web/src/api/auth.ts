import type { CurrentUser, LogoutReply, SessionMember } from '@movieclub/contract';
import { api } from './client';

export const fetchCurrentUser = () => api.get<{ success: boolean; user?: SessionMember }>('/api/user');
export const login = (username: string, password: string) =>
  api.post<{ success: boolean; user: CurrentUser }>('/api/login', { username, password });
/** `invite`: the token of an invitation link, when the page was opened with one. */
export const register = (username: string, password: string, invite?: string) =>
  api.post<{ success: boolean }>('/api/register', { username, password, ...(invite ? { invite } : {}) });
export const logout = () => api.post<LogoutReply>('/api/logout');
