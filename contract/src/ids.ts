import { z } from 'zod';
import { ID_MAX } from './limits';

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

/** An id sent as a JSON number in a request body; `message` is the sentence for anything else. */
export const rowId = (message: string) =>
  z.number({ error: message }).int({ error: message }).min(1, { error: message }).max(ID_MAX, { error: message });

/** An id in a reply. */
export const rowIdOut = z.number().int().min(1).max(ID_MAX);

/** An id given as text in an address or query; parses to the number. */
export const rowIdText = (message: string) =>
  z.string({ error: message }).transform((text, context) => {
    const id = rowIdFromText(text);
    if (id === null) {
      context.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return id;
  });

/** Most ids one `ids=` list may name; later entries are ignored. */
export const ID_LIST_MAX = 1000;

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

/** An `ids` list in a query or body: comma-separated text, repeated values or a JSON array; junk entries are ignored. */
export const idList = z
  .union([z.string(), z.number(), z.array(z.unknown())])
  .optional()
  .transform((raw) => idsFromList(raw))
  .meta({ description: 'Movie ids, comma-separated (or repeated); entries that are not ids are ignored; at most 1,000.' });
