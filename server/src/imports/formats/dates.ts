/**
 * Dates as exports write them, read as YYYY-MM-DD. Accepted (docs/behaviour.md,
 * *Imports and exports: files*):
 * - `2023-01-31`, `2023/01/31`, and ISO date-times (`2023-01-31T20:15:00Z`: the day as written);
 * - month names, as older IMDb exports and Java's Date.toString write them:
 *   `Tue Jan 31 00:00:00 2023`, `Tue Jan 31 00:00:00 PST 2023`, `31 Jan 2023`, `Jan 31, 2023`, `January 31 2023`;
 * - day and month with slashes or dots and a four-digit year (`31/01/2023`, `1.31.2023`) only when
 *   one reading is a real date (a number above 12 says which is the day); `03/04/2023` is ambiguous.
 * Anything else, and impossible days (`2023-02-30`), give null: a row keeps its other facts.
 */

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

const pad = (value: number) => String(value).padStart(2, '0');

/** The day as YYYY-MM-DD when it exists in the calendar. */
function day(year: number, month: number, date: number): string | null {
  if (year < 1000 || year > 9999 || month < 1 || month > 12 || date < 1) return null;
  const days = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (date > days) return null;
  return `${year}-${pad(month)}-${pad(date)}`;
}

const monthNumber = (name: string) => {
  const index = MONTHS.indexOf(name.slice(0, 3).toLowerCase());
  return index < 0 ? null : index + 1;
};

export function normaliseDate(text: string | null | undefined): string | null {
  const value = text?.trim();
  if (!value) return null;

  const iso = /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})(?:$|[T ]\d)/.exec(value);
  if (iso) return day(Number(iso[1]), Number(iso[2]), Number(iso[3]));

  // `Tue Jan 31 00:00:00 PST 2023`, `Jan 31, 2023`, `January 31 2023`
  const monthFirst = /^(?:[A-Za-z]{3,9},?\s+)?([A-Za-z]{3,9})\.?\s+(\d{1,2})(?:st|nd|rd|th)?,?\s+(?:\d{1,2}:\d{2}(?::\d{2})?\s+)?(?:[A-Za-z]{2,5}\s+)?(\d{4})$/.exec(value);
  if (monthFirst) {
    const month = monthNumber(monthFirst[1]!);
    return month === null ? null : day(Number(monthFirst[3]), month, Number(monthFirst[2]));
  }

  // `31 Jan 2023`, `31 January, 2023`
  const dayFirst = /^(\d{1,2})\s+([A-Za-z]{3,9})\.?,?\s+(\d{4})$/.exec(value);
  if (dayFirst) {
    const month = monthNumber(dayFirst[2]!);
    return month === null ? null : day(Number(dayFirst[3]), month, Number(dayFirst[1]));
  }

  const numeric = /^(\d{1,2})[/.](\d{1,2})[/.](\d{4})$/.exec(value);
  if (numeric) {
    const [first, second, year] = [Number(numeric[1]), Number(numeric[2]), Number(numeric[3])];
    const dayMonth = day(year, second, first);
    const monthDay = day(year, first, second);
    if (dayMonth && monthDay) return dayMonth === monthDay ? dayMonth : null;
    return dayMonth ?? monthDay;
  }
  return null;
}
