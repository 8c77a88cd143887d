import type { CurrentUser, SessionMember } from '@movieclub/contract';
import { api } from './client';

export const fetchCurrentUser = () => api.get<{ success: boolean; user?: SessionMember }>('/api/user');
export const login = (username: string, password: string) =>
  api.post<{ success: boolean; user: CurrentUser }>('/api/login', { username, password });
export const register = (username: string, password: string) =>
  api.post<{ success: boolean }>('/api/register', { username, password });
export const logout = () => api.post<{ success: boolean }>('/api/logout');
