import { NOTIFICATION_EVENTS, type NotificationKind, type NotificationsChangedEvent } from '@movieclub/contract';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import * as q from './queries';
import { toNotification } from './service';

/** What notifying needs of the app: its database, its live connections and its log. */
export type NotifyApp = Pick<FastifyInstance, 'db' | 'realtime'> & { log: FastifyBaseLogger };

export interface NotifyInput {
  userId: number;
  kind: NotificationKind;
  /** Who did it; null when nobody did (a rating prompt). */
  actorId: number | null;
  text: string;
  link: string;
  /** The same key for the same member notifies once only. */
  dedupeKey?: string;
}

/**
 * Stores a notification and tells every socket of the member, on every process.
 * Nobody is told of their own action or of a kind they turned off, and a repeated
 * event (same dedupe key) is dropped. Never throws: a failure is logged, and the
 * action that caused it stands.
 */
export async function notify(app: NotifyApp, input: NotifyInput): Promise<void> {
  try {
    if (input.actorId !== null && input.actorId === input.userId) return;
    if (await q.isKindOff(app.db, input.userId, input.kind)) return;
    const id = await q.insertNotification(
      app.db,
      { user_id: input.userId, kind: input.kind, actor_id: input.actorId, text: input.text, link: input.link, dedupe_key: input.dedupeKey ?? null },
      new Date().toISOString(),
    );
    if (id === undefined) return;
    const row = await q.notificationById(app.db, id);
    const event: NotificationsChangedEvent = { unread: await q.unreadCount(app.db, input.userId), notification: row ? toNotification(row) : null };
    app.realtime.toUser(input.userId, NOTIFICATION_EVENTS.changed, event);
  } catch (error) {
    app.log.error({ err: error, kind: input.kind }, 'notification failed');
  }
}

/**
 * Runs `work` (finding who to notify, then notifying them) after the reply, so it
 * neither slows nor fails the request that caused it; errors are logged.
 */
export function notifyLater(app: NotifyApp, what: string, work: () => Promise<void>): void {
  setImmediate(() => {
    work().catch((error: unknown) => app.log.error({ err: error }, `${what} notifications failed`));
  });
}

/** Tells each member's sockets their unread count after notifications were taken back, so open bells read their lists again. */
export async function tellUnread(app: NotifyApp, userIds: number[]): Promise<void> {
  for (const userId of userIds) {
    const event: NotificationsChangedEvent = { unread: await q.unreadCount(app.db, userId), notification: null };
    app.realtime.toUser(userId, NOTIFICATION_EVENTS.changed, event);
  }
}
