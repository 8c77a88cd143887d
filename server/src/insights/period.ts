import { CLUB_MEMBER_MONTHS, STATS_YEAR_MAX, STATS_YEAR_MIN } from '@movieclub/contract';

/**
 * What a statistic covers: one calendar year, or all time. `from` and `until` bound
 * viewing days and review times (ISO text compares in time order), `until` excluded.
 */
export interface Period {
  year: number | null;
  from: string | null;
  until: string | null;
}

export function periodOf(year: number | null | undefined): Period {
  if (year === null || year === undefined) return { year: null, from: null, until: null };
  return { year, from: `${year}-01-01`, until: `${year + 1}-01-01` };
}

/** Today in UTC, `YYYY-MM-DD`. */
export const utcToday = (now = new Date()) => now.toISOString().slice(0, 10);

/** `day` moved back whole months (a day the target month lacks, such as 31 June, still compares between its neighbours). */
function monthsBefore(day: string, months: number): string {
  const index = Number(day.slice(0, 4)) * 12 + Number(day.slice(5, 7)) - 1 - months;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}${day.slice(7)}`;
}

/**
 * The days in which a review or viewing makes someone a club member: the
 * CLUB_MEMBER_MONTHS before the end of the period. A year ends on the next 1 January,
 * so its members are those active in it; all time ends today, and whole UTC days keep
 * the answer the same all day long.
 */
export function memberWindow(period: Period, today: string): { from: string; until: string | null } {
  if (period.until) return { from: monthsBefore(period.until, CLUB_MEMBER_MONTHS), until: period.until };
  return { from: monthsBefore(today, CLUB_MEMBER_MONTHS), until: null };
}

/**
 * The rows of an activity chart: every month of a year (empty ones too), or for all
 * time each year that has anything, oldest first.
 */
export function activityPeriods(period: Period, activeYears: number[]): string[] {
  if (period.year !== null) return Array.from({ length: 12 }, (_, month) => `${period.year}-${String(month + 1).padStart(2, '0')}`);
  return [...new Set(activeYears)].sort((a, b) => a - b).map(String);
}

/** How many leading characters of a day or time name its activity period: `YYYY-MM` within a year, `YYYY` over all time. */
export const periodKeyLength = (period: Period) => (period.year === null ? 4 : 7);

/** The years a year picker offers, newest first: those with activity that a statistics call takes (a diary reaches back to 1870). */
export const pickableYears = (activeYears: number[]) =>
  [...new Set(activeYears)].filter((year) => year >= STATS_YEAR_MIN && year <= STATS_YEAR_MAX).sort((a, b) => b - a);
