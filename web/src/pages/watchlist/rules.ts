import type { PublicWatchlistSummary, WatchlistItem } from '@movieclub/contract';

/** An item as a lenient reader sees it: the spec lets the order come under several names. */
type LooseItem = WatchlistItem & Partial<Record<'order' | 'sort_index' | 'order_index' | 'rank', number>>;

function orderOf(item: LooseItem): number {
  for (const value of [item.position, item.order, item.sort_index, item.order_index, item.rank]) {
    if (typeof value === 'number' && Number.isFinite(value)) return value;
  }
  return Number.MAX_SAFE_INTEGER;
}

/** Items sorted by position (or its fallbacks); items without one keep their order at the end. */
export function sortItems<T extends WatchlistItem>(items: T[]): T[] {
  return items
    .map((item, index) => ({ item, index }))
    .sort((a, b) => orderOf(a.item) - orderOf(b.item) || a.index - b.index)
    .map(({ item }) => item);
}

const same = (a: string | null | undefined, b: string | null | undefined) => Boolean(a && b && a.toLowerCase() === b.toLowerCase());

/** The owner: the user whose username equals the list's owner (case-insensitively). */
export function isOwner(list: { owner_username: string } | null, username: string | null | undefined): boolean {
  return Boolean(list && same(list.owner_username, username));
}

/** An editor: the owner or a moderator, compared case-insensitively. */
export function isEditor(list: { owner_username: string; moderators: string[] } | null, username: string | null | undefined): boolean {
  if (!list || !username) return false;
  return isOwner(list, username) || list.moderators.some((moderator) => same(moderator, username));
}

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

/** Public lists whose name or owner contains the search text, case-insensitively. */
export function searchPublicLists(lists: PublicWatchlistSummary[], query: string): PublicWatchlistSummary[] {
  const text = query.trim().toLowerCase();
  if (!text) return lists;
  return lists.filter((list) => list.name.toLowerCase().includes(text) || list.owner_username.toLowerCase().includes(text));
}

/** The page (0-based `first` offset) of `size` entries. */
export function pageOf<T>(entries: T[], first: number, size: number): T[] {
  return entries.slice(first, first + size);
}

/** Local date of an ISO timestamp, or '' when it is not one. */
export function localDate(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : date.toLocaleDateString();
}

/** Local date and time of an ISO timestamp, or '' when it is not one. */
export function localDateTime(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : date.toLocaleString();
}
