import assert from 'node:assert/strict';
import type { Notification, NotificationsReply } from '@movieclub/contract';
import type { ApiAgent } from '../testing/client';

/** The caller's notifications page (GET /api/notifications), checked to answer 200. */
export async function notificationsOf(agent: ApiAgent, query = ''): Promise<NotificationsReply> {
  const reply = await agent.get(`/api/notifications${query}`);
  assert.equal(reply.status, 200, JSON.stringify(reply.body));
  return reply.body as NotificationsReply;
}

/** Notifying happens after the reply: waits until the member has at least `count` notifications, newest first. */
export async function waitForNotifications(agent: ApiAgent, count: number, ms = 5000): Promise<Notification[]> {
  const deadline = Date.now() + ms;
  for (;;) {
    const { notifications } = await notificationsOf(agent, '?limit=100');
    if (notifications.length >= count || Date.now() > deadline) {
      assert.equal(notifications.length, count, JSON.stringify(notifications));
      return notifications;
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** Lets work queued after a reply finish, so "nothing arrived" is a real answer. */
export const settle = (ms = 150) => new Promise((resolve) => setTimeout(resolve, ms));

/** What a test compares: kind, who did it, sentence and link. */
export const brief = (row: Notification) => ({ kind: row.kind, actor: row.actor?.username ?? null, text: row.text, link: row.link });
