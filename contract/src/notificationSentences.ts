// Without zod: the client imports this at run time (see index.ts).

/**
 * The notification sentences that carry a movie night's day (`{{date}}`, YYYY-MM-DD) and start
 * (`{{time}}`, HH:MM), both in the night's own offset. The server fills them in (notifications/texts.ts);
 * the client finds them again to write the day and time the reader's way, English included
 * (serverTranslator.ts).
 */
export const DATED_NOTIFICATION_SENTENCES = {
  scheduled: 'A movie night of {{listName}} is scheduled for {{date}}.',
  moved: 'The {{listName}} movie night moved to {{date}} at {{time}}.',
  movedWithPlace: 'The {{listName}} movie night moved to {{date}} at {{time}}, {{place}}.',
  cancelled: 'The {{listName}} movie night of {{date}} is cancelled.',
  reminder: 'Reminder: the {{listName}} movie night starts at {{time}} on {{date}}.',
} as const;
