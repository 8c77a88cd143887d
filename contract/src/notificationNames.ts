// Without zod: the client imports these at run time (see index.ts).
/** Notifications one call answers: by default, and at most. */
export const NOTIFICATIONS_PAGE_SIZE = 30;
export const NOTIFICATIONS_PAGE_MAX = 100;

export const NOTIFICATION_KINDS = [
  'comment', // someone commented on your review
  'reply', // someone commented on a review you commented on
  'mention', // someone mentioned you in a comment
  'reaction', // someone reacted to your review or comment
  'screening', // a movie night was scheduled on a list you own, moderate, or answered a movie night of; or one you are coming to moved or was cancelled
  'rating_prompt', // you came to a movie night: rate its movie
  'viewing_tag', // someone tagged you in a viewing
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** Sent to every socket of the member (on every process) when a notification arrives or some are read. */
export const NOTIFICATION_EVENTS = { changed: 'notifications:changed' } as const;
