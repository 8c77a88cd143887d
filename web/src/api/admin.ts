import type { AdminSettingsChange, AdminSettingsReply, CreatedInvite, Invite, InviteCreate, RegistrationReply, WebhookTestReply } from '@movieclub/contract';
import { api } from './client';

/** Who may register now (public): the register page reads it. */
export const fetchRegistration = (signal?: AbortSignal) => api.get<RegistrationReply>('/api/registration', signal);

export const fetchAdminSettings = (signal?: AbortSignal) => api.get<AdminSettingsReply>('/api/admin/settings', signal);
export const saveAdminSettings = (change: AdminSettingsChange) => api.put<AdminSettingsReply>('/api/admin/settings', change);
export const sendWebhookTest = () => api.post<WebhookTestReply>('/api/admin/webhook/test');

export const fetchInvites = (signal?: AbortSignal) => api.get<{ success: true; invites: Invite[] }>('/api/admin/invites', signal);
export const createInvite = (input: InviteCreate) => api.post<{ success: true; invite: CreatedInvite }>('/api/admin/invites', input);
export const revokeInvite = (id: number) => api.delete<{ success: true }>(`/api/admin/invites/${id}`);
