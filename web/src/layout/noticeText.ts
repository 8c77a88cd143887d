import { DATED_NOTIFICATION_SENTENCES } from '@movieclub/contract';
import { dateFormat, tServer } from '../i18n';

const PLACEHOLDERS = /\{\{(\w+)\}\}/g;
const HOURS_MINUTES = /^([01]\d|2[0-3]):[0-5]\d$/;

/**
 * Each dated sentence as a pattern: its own words, a group for each placeholder. The one with
 * more words first: 'moved to {{date}} at {{time}}.' would take '…at 20:00, Bob's den.' too.
 */
const DATED = Object.values(DATED_NOTIFICATION_SENTENCES)
  .map((sentence) => {
    // split with a capturing group alternates words and placeholder names.
    const parts = sentence.split(PLACEHOLDERS);
    const words = parts.filter((_, index) => index % 2 === 0);
    const source = words.map((text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('([\\s\\S]+?)');
    return { sentence, names: parts.filter((_, index) => index % 2 === 1), match: new RegExp(`^${source}$`), length: words.join('').length };
  })
  .sort((a, b) => b.length - a.length);

/** The reader's format of a night's day or start. */
function format(kind: 'day' | 'clock'): Intl.DateTimeFormat {
  // The night's own wall clock (the host's), as the server wrote it: read in UTC, not moved into the reader's zone.
  return dateFormat(
    kind === 'day' ? { timeZone: 'UTC', weekday: 'short', year: 'numeric', month: 'short', day: 'numeric' } : { timeZone: 'UTC', hour: 'numeric', minute: '2-digit' },
  );
}

/** A `YYYY-MM-DD` that names a real day, at its midnight in UTC; null for anything else (30 February too). */
function dayOf(value: string): Date | null {
  const day = /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T00:00:00Z`) : null;
  return day && !Number.isNaN(day.getTime()) && day.toISOString().startsWith(value) ? day : null;
}

function readerValue(name: string, value: string): string {
  // By name, so a list called '2026-12-20' keeps its name.
  const day = name === 'date' ? dayOf(value) : null;
  if (day) return format('day').format(day);
  if (name === 'time' && HOURS_MINUTES.test(value)) return format('clock').format(new Date(`1970-01-01T${value}:00Z`));
  return value;
}

/**
 * A notification's sentence as the bell shows it: a movie night's day and start (sent as
 * 2026-12-20 and 20:00) written the reader's way ('Sun, Dec 20, 2026', '8:00 PM'), then the
 * sentence in the reader's language.
 */
export function noticeText(text: string): string {
  for (const { sentence, names, match } of DATED) {
    const found = match.exec(text);
    if (!found) continue;
    const values = new Map(names.map((name, index) => [name, readerValue(name, found[index + 1])]));
    return tServer(sentence.replace(PLACEHOLDERS, (_, name: string) => values.get(name) ?? ''));
  }
  return tServer(text);
}
