import { type Notification, NOTIFICATION_KINDS, type NotificationKind, NOTIFICATIONS_PAGE_SIZE, type NotificationSettingsReply, type NotificationsReply } from '@movieclub/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import * as q from './queries';

type Db = Kysely<Database>;

export function toNotification(row: q.NotificationRow): Notification {
  return {
    id: row.id,
    kind: row.kind as NotificationKind,
    actor: row.actor_username ? { username: row.actor_username, profile_picture: row.actor_picture ?? null } : null,
    text: row.text,
    link: row.link,
    created_at: row.created_at,
    read: row.read_at !== null,
  };
}

/** A page of the member's own notifications, newest first, with all their unread ones counted. */
export async function list(db: Db, userId: number, query: { before?: number; limit?: number }): Promise<Omit<NotificationsReply, 'success'>> {
  const limit = query.limit ?? NOTIFICATIONS_PAGE_SIZE;
  const [rows, unread] = await Promise.all([q.page(db, userId, query.before ?? null, limit), q.unreadCount(db, userId)]);
  const shown = rows.slice(0, limit);
  return { notifications: shown.map(toNotification), unread, next_before: rows.length > limit ? shown[shown.length - 1].id : null };
}

/** Marks the member's own notifications read (the listed ones, or all); answers how many stay unread. */
export async function markRead(db: Db, userId: number, ids: number[] | undefined): Promise<number> {
  await q.markRead(db, userId, ids ? [...new Set(ids)] : null, new Date().toISOString());
  return q.unreadCount(db, userId);
}

/** Every kind, on unless the member turned it off. */
export async function settings(db: Db, userId: number): Promise<NotificationSettingsReply['kinds']> {
  const off = new Set(await q.kindsOff(db, userId));
  return NOTIFICATION_KINDS.map((kind) => ({ kind, on: !off.has(kind) }));
}

/** Turns one kind on or off for the member; answers the kinds as they now are. */
export async function setKind(db: Db, userId: number, kind: NotificationKind, on: boolean): Promise<NotificationSettingsReply['kinds']> {
  await q.setKindOff(db, userId, kind, !on);
  return settings(db, userId);
}
