import { dateFormat, formatLocale } from '../i18n';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;
/** From this many calendar days back, the day itself reads better than 'n days ago'. */
const DAYS_SAID_AS_DAYS = 7;

// Kept per language: building a format is costly on a slow phone.
const relativeFormats = new Map<string, Intl.RelativeTimeFormat>();

function relativeFormat(locale: string): Intl.RelativeTimeFormat {
  let format = relativeFormats.get(locale);
  if (!format) relativeFormats.set(locale, (format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' })));
  return format;
}

/** Calendar days from `then` to `now` in the reader's time zone (a daylight-saving day still counts one). */
function calendarDaysBetween(then: Date, now: Date): number {
  const midnight = (moment: Date) => new Date(moment.getFullYear(), moment.getMonth(), moment.getDate()).getTime();
  return Math.round((midnight(now) - midnight(then)) / DAY_MS);
}

/**
 * When something happened, the way a reader says it: 'now' within the minute, then '5 minutes
 * ago', '3 hours ago', 'yesterday', '4 days ago'; from the seventh calendar day on, its day and
 * time ('Nov 30, 8:15 PM', with the year when it is not this one). In the reader's language and
 * time zone. A moment ahead of `now` (another clock) reads 'now'; a text that is no time, as sent.
 */
export function timeAgo(iso: string, now: number = Date.now()): string {
  const then = new Date(iso);
  if (Number.isNaN(then.getTime())) return iso;
  const elapsed = Math.max(0, now - then.getTime());
  const relative = relativeFormat(formatLocale());
  if (elapsed < MINUTE_MS) return relative.format(0, 'second');
  if (elapsed < HOUR_MS) return relative.format(-Math.floor(elapsed / MINUTE_MS), 'minute');
  if (elapsed < DAY_MS) return relative.format(-Math.floor(elapsed / HOUR_MS), 'hour');
  const today = new Date(now);
  const days = calendarDaysBetween(then, today);
  if (days < DAYS_SAID_AS_DAYS) return relative.format(-days, 'day');
  const sameYear = then.getFullYear() === today.getFullYear();
  return dateFormat({ year: sameYear ? undefined : 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' }).format(then);
}

/** The whole moment ('Dec 7, 2026, 2:15 AM'), for a relative time's tooltip. */
export function fullTime(iso: string): string {
  const then = new Date(iso);
  if (Number.isNaN(then.getTime())) return iso;
  return dateFormat({ year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' }).format(then);
}
