import type { NotificationsReply } from '@movieclub/contract';
import { api } from './client';

export const fetchNotifications = (before?: number, signal?: AbortSignal) =>
  api.get<NotificationsReply>(`/api/notifications${before ? `?before=${before}` : ''}`, signal);

/** Marks the given notifications read, or all of them; answers the unread count left. */
export const markNotificationsRead = (ids?: number[]) => api.post<{ success: true; unread: number }>('/api/notifications/read', ids ? { ids } : {});
