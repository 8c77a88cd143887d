import type { NotificationKind, NotificationSettingsReply, NotificationsReply } from '@movieclub/contract';
import { api } from './client';

export const fetchNotifications = (before?: number, signal?: AbortSignal) =>
  api.get<NotificationsReply>(`/api/notifications${before ? `?before=${before}` : ''}`, signal);

/** Marks the given notifications read, or all of them; answers the unread count left. */
export const markNotificationsRead = (ids?: number[]) => api.post<{ success: true; unread: number }>('/api/notifications/read', ids ? { ids } : {});

/** Which kinds of notification reach the caller. */
export const fetchNotificationSettings = (signal?: AbortSignal) => api.get<NotificationSettingsReply>('/api/notifications/settings', signal);

/** Turns one kind on or off; answers every kind as it now is. */
export const setNotificationKind = (kind: NotificationKind, on: boolean) => api.put<NotificationSettingsReply>('/api/notifications/settings', { kind, on });
