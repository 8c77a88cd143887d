import { PROFILE_BORDER_PALETTE } from '@movieclub/contract';
import { answeredUnsuccessfully } from '../../api/client';
import { formatLocale, formatNumber, t } from '../../i18n';

export const DASH = '—';

/** Picture border colour: the 7-colour palette, cycling by level (level 1 takes the first). */
export function borderColorFor(level: number): string {
  const index = Number.isInteger(level) && level >= 1 ? (level - 1) % PROFILE_BORDER_PALETTE.length : 0;
  return PROFILE_BORDER_PALETTE[index];
}

/** A timestamp as the viewer's local date, or a dash when missing or unreadable. */
export function localDate(iso: string | null | undefined, locale: string = formatLocale()): string {
  if (!iso) return DASH;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? DASH : date.toLocaleDateString(locale);
}

/** IMDb's 'Comedy,Horror' as 'Comedy, Horror', or 'Unknown genres'. */
export function genresText(genres: string | null | undefined): string {
  const names = (genres ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  return names.length ? names.join(', ') : t('Unknown genres');
}

export function starsText(stars: number | null | undefined): string {
  return typeof stars === 'number' && Number.isFinite(stars) ? `${stars}/10` : DASH;
}

/** Hours watched to one decimal, without a trailing '.0': '5.5', '12'. */
export function hoursText(hours: number | null | undefined): string {
  return typeof hours === 'number' && Number.isFinite(hours) ? formatNumber(Math.round(hours * 10) / 10, { useGrouping: false, maximumFractionDigits: 1 }) : '0';
}

export function averageText(average: number | null | undefined): string {
  return typeof average === 'number' && Number.isFinite(average) ? formatNumber(average, { useGrouping: false, minimumFractionDigits: 1, maximumFractionDigits: 1 }) : DASH;
}

export function titleWithYear(title: string, year: number | null | undefined): string {
  return year ? `${title} (${year})` : title;
}

/** The line under the tier bar, or null at the top level where there is no next tier. */
export function nextTierText(total: number, nextLevelAt: number | null | undefined): string | null {
  return typeof nextLevelAt === 'number' ? t('{{total}}/{{next}} reviews to next tier', { total, next: nextLevelAt }) : null;
}

/**
 * What the page shows when loading fails: an unsuccessful reply shows the
 * server's sentence (or 'Not found'); a request that got no usable answer
 * shows 'Failed to load profile'.
 */
export function profileErrorText(error: unknown): string {
  return answeredUnsuccessfully(error) ? error.message || t('Not found') : t('Failed to load profile');
}

const DARK_TEXT = '#111827';
const LIGHT_TEXT = '#ffffff';

/** WCAG relative luminance of a '#rrggbb' colour. */
function luminance(hex: string): number {
  const channels = [1, 3, 5].map((start) => parseInt(hex.slice(start, start + 2), 16) / 255);
  const [r, g, b] = channels.map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG contrast ratio of two '#rrggbb' colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light + 0.05) / (dark + 0.05);
}

/**
 * The tier bar's percent label sits on the level colour (or on the light track
 * at 0 %): dark or white text, whichever reads better there.
 */
export function progressLabelColor(fill: string, percent: number): string {
  if (!percent) return DARK_TEXT;
  return contrastRatio(fill, DARK_TEXT) >= contrastRatio(fill, LIGHT_TEXT) ? DARK_TEXT : LIGHT_TEXT;
}
