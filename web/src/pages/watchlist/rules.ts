import { formatLocale } from '../../i18n';

export interface HideOptions {
  hideSeen: boolean;
  seen: Record<string, boolean>;
  hideOwnerSeen: boolean;
  ownerSeen: Record<string, boolean>;
}

/** The items left after the 'Hide seen' and 'Hide owner seen' toggles. */
export function visibleItems<T extends { id: number }>(items: T[], options: HideOptions): T[] {
  return items.filter((item) => !(options.hideSeen && options.seen[item.id]) && !(options.hideOwnerSeen && options.ownerSeen[item.id]));
}

/**
 * The full order after the visible items were reordered among themselves:
 * hidden items keep their places, visible slots take the new sequence.
 */
export function mergeVisibleOrder(all: number[], reorderedVisible: number[]): number[] {
  const visible = new Set(reorderedVisible);
  let next = 0;
  return all.map((id) => (visible.has(id) ? reorderedVisible[next++] : id));
}

/** Local date of an ISO timestamp, or '' when it is not one. */
export function localDate(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : date.toLocaleDateString(formatLocale());
}

/** Local date and time of an ISO timestamp, or '' when it is not one. */
export function localDateTime(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : date.toLocaleString(formatLocale());
}
