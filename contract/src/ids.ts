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
export const rowId = (message: string) => z.custom<number>(isRowId, { error: message });

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
