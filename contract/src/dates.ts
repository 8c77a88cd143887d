import { VIEWING_EARLIEST_YEAR } from './limits';

/** Date rules shared by the server and the client's date picker; no zod, so the client can import them. */

const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** True for a `YYYY-MM-DD` that names a real day (no 30 February). */
export function isCalendarDate(text: string): boolean {
  const match = CALENDAR_DATE.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/**
 * The latest date a viewing may carry: today where the day starts first (UTC+14), so
 * a member anywhere may log what they watched "today" in their own time zone.
 */
export function latestViewingDate(now = new Date()): string {
  return new Date(now.getTime() + 14 * 3_600_000).toISOString().slice(0, 10);
}

export const EARLIEST_VIEWING_DATE = `${VIEWING_EARLIEST_YEAR}-01-01`;

/** Today in the viewer's own time zone, as `YYYY-MM-DD`. */
export function localToday(now = new Date()): string {
  const local = new Date(now.getTime() - now.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 10);
}
