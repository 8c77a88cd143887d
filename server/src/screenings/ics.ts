/**
 * iCalendar (RFC 5545) for screenings, written by hand: text escaped (§3.3.11),
 * lines folded at 75 octets without splitting a character (§3.1), CRLF line ends.
 */

export interface CalendarEvent {
  uid: string;
  /** When this version of the event was written (UTC ISO). */
  stamp: string;
  /** UTC ISO. */
  start: string;
  minutes: number;
  summary: string;
  location: string | null;
  description: string | null;
  url: string;
  cancelled: boolean;
  sequence: number;
}

const LINE_OCTETS = 75;

/** Escapes a TEXT value: backslash, semicolon, comma and line breaks. */
export function escapeText(text: string): string {
  return text.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r\n|\r|\n/g, '\\n');
}

/** Folds a content line into lines of at most 75 octets, each continuation starting with a space. */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = Buffer.byteLength(char, 'utf8');
    // Continuation lines lose one octet to the leading space.
    const limit = parts.length === 0 ? LINE_OCTETS : LINE_OCTETS - 1;
    if (octets + size > limit) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

/** `20261220T190000Z` from an ISO instant. */
export function utcStamp(iso: string): string {
  return new Date(iso).toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
}

/** Control characters other than line breaks and tab are not allowed in TEXT values. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const clean = (text: string) => text.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, '');

function eventLines(event: CalendarEvent): string[] {
  const end = new Date(Date.parse(event.start) + event.minutes * 60_000).toISOString();
  const lines = [
    'BEGIN:VEVENT',
    `UID:${escapeText(event.uid)}`,
    `DTSTAMP:${utcStamp(event.stamp)}`,
    `DTSTART:${utcStamp(event.start)}`,
    `DTEND:${utcStamp(end)}`,
    `SEQUENCE:${event.sequence}`,
    `STATUS:${event.cancelled ? 'CANCELLED' : 'CONFIRMED'}`,
    `SUMMARY:${escapeText(clean(event.summary))}`,
  ];
  if (event.location) lines.push(`LOCATION:${escapeText(clean(event.location))}`);
  if (event.description) lines.push(`DESCRIPTION:${escapeText(clean(event.description))}`);
  lines.push(`URL;VALUE=URI:${event.url}`, 'END:VEVENT');
  return lines;
}

/** A whole calendar: one VEVENT per event; `name` titles a subscribed feed. */
export function calendar(events: CalendarEvent[], name: string | null): string {
  const lines = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//MovieClub//Movie nights//EN', 'CALSCALE:GREGORIAN', 'METHOD:PUBLISH'];
  if (name !== null) {
    lines.push(`X-WR-CALNAME:${escapeText(clean(name))}`, 'REFRESH-INTERVAL;VALUE=DURATION:PT1H', 'X-PUBLISHED-TTL:PT1H');
  }
  for (const event of events) lines.push(...eventLines(event));
  lines.push('END:VCALENDAR');
  return lines.map(foldLine).join('\r\n') + '\r\n';
}
