import { formatLocale } from '../i18n';

const pad = (value: number) => String(value).padStart(2, '0');

/**
 * A `datetime-local` value ("2026-12-20T20:00") read in the browser's time zone, as the
 * ISO start the server takes: with the offset that zone has at that moment
 * ("2026-12-20T20:00:00+01:00"), so the server keeps the host's wall-clock time.
 * Null when the value is not a date and time.
 */
export function zonedStart(localValue: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(localValue);
  if (!match) return null;
  const [year, month, day, hour, minute] = match.slice(1).map(Number);
  const moment = new Date(year, month - 1, day, hour, minute);
  if (Number.isNaN(moment.getTime())) return null;
  const east = -moment.getTimezoneOffset();
  const sign = east < 0 ? '-' : '+';
  const offset = `${sign}${pad(Math.floor(Math.abs(east) / 60))}:${pad(Math.abs(east) % 60)}`;
  return `${moment.getFullYear()}-${pad(moment.getMonth() + 1)}-${pad(moment.getDate())}T${pad(moment.getHours())}:${pad(moment.getMinutes())}:00${offset}`;
}

/** A moment's day as a `date` field writes it ("2026-12-20"), in the browser's time zone. */
export function localDateValue(moment: Date): string {
  return `${moment.getFullYear()}-${pad(moment.getMonth() + 1)}-${pad(moment.getDate())}`;
}

/** An ISO start as a `datetime-local` value in the browser's time zone, for editing it. */
export function localInputValue(iso: string): string {
  const moment = new Date(iso);
  if (Number.isNaN(moment.getTime())) return '';
  return `${localDateValue(moment)}T${pad(moment.getHours())}:${pad(moment.getMinutes())}`;
}

/** The earliest start the form offers: the next whole minute, as a `datetime-local` value. */
export function earliestInputValue(now = new Date()): string {
  return localInputValue(new Date(Math.ceil(now.getTime() / 60_000) * 60_000).toISOString());
}

/** "Sun, Dec 20, 2026, 8:00 PM" in the viewer's own time zone and language. */
export function screeningTime(iso: string): string {
  const moment = new Date(iso);
  if (Number.isNaN(moment.getTime())) return '';
  return moment.toLocaleString(formatLocale(), { weekday: 'short', year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });
}
