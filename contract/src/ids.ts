import { z } from 'zod';
import { idsFromList, rowIdFromText } from './idRules';
import { ID_MAX } from './limits';

export * from './idRules';

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

/** An `ids` list in a query or body: comma-separated text, repeated values or a JSON array; junk entries are ignored. */
export const idList = z
  .union([z.string(), z.number(), z.array(z.unknown())])
  .optional()
  .transform((raw) => idsFromList(raw))
  .meta({ description: 'Movie ids, comma-separated (or repeated); entries that are not ids are ignored; at most 1,000.' });
