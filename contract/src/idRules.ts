import { ID_LIST_MAX, ID_MAX } from './limits';

/**
 * The one rule for row ids (users, movies, watchlists): a whole number from 1 to
 * ID_MAX. Anything else names no row, and a larger number would not even fit the
 * column, so it never reaches a query.
 */
export function isRowId(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= ID_MAX;
}

/** An id written as digits (an address part, a query value, a list entry): the id, or null. */
export function rowIdFromText(text: string): number | null {
  if (!/^\d{1,10}$/.test(text)) return null;
  const id = Number(text);
  return isRowId(id) ? id : null;
}


/** `ids=1,2,3` (or repeated `ids=`) → unique row ids; entries that cannot be ids are ignored, at most `max` kept. */
export function idsFromList(raw: unknown, max = ID_LIST_MAX): number[] {
  // Only flat entries: joining nested arrays would recurse as deep as the request nests them.
  const entries = Array.isArray(raw) ? raw.filter((entry) => typeof entry === 'number' || typeof entry === 'string') : [raw ?? ''];
  const ids = new Set<number>();
  for (const part of entries.map(String).join(',').split(',')) {
    const id = rowIdFromText(part.trim());
    if (id !== null) ids.add(id);
    if (ids.size >= max) break;
  }
  return [...ids];
}
