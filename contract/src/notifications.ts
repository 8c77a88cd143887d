import { z } from 'zod';
import { rowIdOut, rowIdText } from './ids';
import { wholeIn } from './queryNumbers';
import { NOTIFICATION_KINDS, NOTIFICATIONS_PAGE_MAX } from './notificationNames';
import { defineRoute } from './route';

export const notification = z
  .object({
    id: rowIdOut,
    kind: z.enum(NOTIFICATION_KINDS),
    actor: z.object({ username: z.string(), profile_picture: z.string().nullable() }).nullable().meta({ description: 'Who did it; null when nobody did (a rating prompt) or the account is gone.' }),
    text: z.string().meta({ description: "One plain sentence for display, e.g. 'ann commented on your review of Alien.'" }),
    link: z.string().meta({ description: 'Where it leads in the app: a path such as /movie/12#comment-40.' }),
    created_at: z.string(),
    read: z.boolean(),
  })
  .meta({ id: 'Notification' });
export type Notification = z.infer<typeof notification>;

export const notificationsReply = z.object({
  success: z.literal(true),
  notifications: z.array(notification).meta({ description: 'Newest first.' }),
  unread: z.number().int().min(0).meta({ description: "All of the caller's unread notifications, not only this page's." }),
  next_before: rowIdOut.nullable().meta({ description: 'Pass as `before` for the next page; null on the last.' }),
});
export type NotificationsReply = z.infer<typeof notificationsReply>;

export const markReadBody = z.object({
  ids: z
    .array(z.number({ error: 'Ids must be a list of notification ids.' }).int({ error: 'Ids must be a list of notification ids.' }).positive({ error: 'Ids must be a list of notification ids.' }), {
      error: 'Ids must be a list of notification ids.',
    })
    .max(NOTIFICATIONS_PAGE_MAX, { error: `At most ${NOTIFICATIONS_PAGE_MAX} ids at once.` })
    .optional()
    .meta({ description: 'The notifications to mark read; left out: all of them.' }),
});

const NOT_A_KIND = `Kind must be one of ${NOTIFICATION_KINDS.join(', ')}.`;

export const notificationSettingsReply = z.object({
  success: z.literal(true),
  kinds: z
    .array(z.object({ kind: z.enum(NOTIFICATION_KINDS), on: z.boolean() }))
    .meta({ description: 'Every kind, in a fixed order; a kind that is off reaches the caller no more (those already received stay).' }),
});
export type NotificationSettingsReply = z.infer<typeof notificationSettingsReply>;

export const notificationSettingBody = z.object({
  kind: z.enum(NOTIFICATION_KINDS, { error: NOT_A_KIND }),
  on: z.boolean({ error: 'On must be true or false.' }),
});
export type NotificationSettingBody = z.infer<typeof notificationSettingBody>;

export interface NotificationsChangedEvent {
  unread: number;
  /** The new notification, when one arrived. */
  notification: Notification | null;
}

const TAG = 'Notifications';
const SIGN_IN = 'You must be signed in to see your notifications.';

export const notificationRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/api/notifications',
    summary: "The caller's notifications, newest first, paged by the last id seen, with the unread count.",
    tag: TAG,
    auth: 'required',
    signInSentence: SIGN_IN,
    query: z.object({
      before: rowIdText('Before must be a notification id.').optional(),
      limit: wholeIn(`Limit must be a whole number from 1 to ${NOTIFICATIONS_PAGE_MAX}.`, 1, NOTIFICATIONS_PAGE_MAX).optional(),
    }),
    reply: notificationsReply,
  }),
  read: defineRoute({
    method: 'POST',
    path: '/api/notifications/read',
    summary: "Marks the caller's notifications read: the given ones, or all.",
    tag: TAG,
    auth: 'required',
    signInSentence: SIGN_IN,
    body: markReadBody,
    reply: z.object({ success: z.literal(true), unread: z.number().int().min(0) }),
  }),
  settings: defineRoute({
    method: 'GET',
    path: '/api/notifications/settings',
    summary: 'Which kinds of notification reach the caller; every kind is on until turned off.',
    tag: TAG,
    auth: 'required',
    signInSentence: SIGN_IN,
    reply: notificationSettingsReply,
  }),
  setKind: defineRoute({
    method: 'PUT',
    path: '/api/notifications/settings',
    summary: 'Turns one kind of notification on or off for the caller (already so: no change).',
    tag: TAG,
    auth: 'required',
    signInSentence: SIGN_IN,
    body: notificationSettingBody,
    reply: notificationSettingsReply,
  }),
};
