import { formatLocale, t } from '../i18n';

/** A viewing's `YYYY-MM-DD` as people read it here, e.g. 'March 1, 2025' (the browser's language). */
export function viewingDate(day: string, locale: string = formatLocale()): string {
  const [year, month, date] = day.split('-').map(Number);
  if (!year || !month || !date) return day;
  return new Date(year, month - 1, date).toLocaleDateString(locale, { day: 'numeric', month: 'long', year: 'numeric' });
}

/** The month heading of a diary group, e.g. 'March 2025'. */
export function diaryMonth(day: string, locale: string = formatLocale()): string {
  const [year, month] = day.split('-').map(Number);
  if (!year || !month) return day;
  return new Date(year, month - 1, 1).toLocaleDateString(locale, { month: 'long', year: 'numeric' });
}

/** 'Bob', 'Bob and Cat', 'Bob, Cat and Dee'. */
export function namesText(names: string[]): string {
  if (names.length <= 1) return names[0] ?? '';
  return t('{{names}} and {{last}}', { names: names.slice(0, -1).join(', '), last: names[names.length - 1] });
}
