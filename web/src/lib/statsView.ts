import type { PeriodActivity } from '@movieclub/contract';
import { formatLocale, formatNumber, t } from '../i18n';

const months = () => [t('Jan'), t('Feb'), t('Mar'), t('Apr'), t('May'), t('Jun'), t('Jul'), t('Aug'), t('Sep'), t('Oct'), t('Nov'), t('Dec')];

/** A period's label on a chart: the year as is, a month as its short name ('2026-03' → 'Mar'). */
export function periodLabel(period: string): string {
  const month = /^\d{4}-(\d{2})$/.exec(period);
  return month ? (months()[Number(month[1]) - 1] ?? period) : period;
}

/** Films per period, as bars. */
export const filmBars = (activity: PeriodActivity[]) => activity.map((entry) => ({ label: periodLabel(entry.period), value: entry.films }));

/** Hours per period, as bars. */
export const hourBars = (activity: PeriodActivity[]) => activity.map((entry) => ({ label: periodLabel(entry.period), value: entry.hours }));

/** The 1–10 histogram as bars labelled '1 ★' … '10 ★'. */
export const ratingBars = (ratings: number[]) => ratings.map((value, index) => ({ label: `${index + 1} ★`, value }));

/** A figure with one decimal where it has one, '–' for none: 7.5, 12, –. */
export function figure(value: number | null | undefined): string {
  if (value === null || value === undefined) return '–';
  return Number.isInteger(value) ? formatNumber(value) : formatNumber(value, { maximumFractionDigits: 1, minimumFractionDigits: 1 });
}

/** 'YYYY-MM-DD' as a short date ('Mar 3, 2026'), read as a calendar day wherever the viewer is. */
export function calendarDay(day: string): string {
  const [year, month, date] = day.split('-').map(Number);
  return new Date(Date.UTC(year, month - 1, date)).toLocaleDateString(formatLocale(), { timeZone: 'UTC', year: 'numeric', month: 'short', day: 'numeric' });
}

/** The year picker's options: all time, then each year with activity, newest first. */
export function yearOptions(years: number[]): { label: string; value: number | null }[] {
  return [{ label: t('All time'), value: null }, ...[...years].sort((a, b) => b - a).map((year) => ({ label: String(year), value: year }))];
}

/** A year that is over: what did not happen in it will not happen 'yet'. Null is all time. */
export const isPastYear = (year: number | null): boolean => year !== null && year < new Date().getFullYear();
