import type { AccountDeletionRequest, PasswordChangeRequest } from '@movieclub/contract';
import { api, apiRequest } from './client';

// Apart from ./auth, which every first visit loads: only the profile's and admin page's cards ask for these.
export const changePassword = (change: PasswordChangeRequest) => api.post<{ success: true }>('/api/user/password', change);

export const deleteAccount = (confirmation: AccountDeletionRequest) => apiRequest<{ success: true }>('/api/user', { method: 'DELETE', body: confirmation });

export const removeMember = (username: string) => api.delete<{ success: true }>(`/api/admin/members/${encodeURIComponent(username)}`);
