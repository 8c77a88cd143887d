import type { PasswordChangeRequest } from '@movieclub/contract';
import { api } from './client';

// Apart from ./auth, which every first visit loads: only the profile's card asks for this.
export const changePassword = (change: PasswordChangeRequest) => api.post<{ success: true }>('/api/user/password', change);
