import { rowIdFromText } from '@movieclub/contract';
import type { z } from 'zod';
import { badRequest } from './errors';

/**
 * Parses outside input with a contract schema. The first problem becomes a 400
 * with the schema's own sentence; unknown fields are dropped by zod objects.
 */
export function parseInput<T extends z.ZodType>(schema: T, input: unknown, what = 'request body'): z.infer<T> {
  if (what === 'request body' && (input === null || typeof input !== 'object' || Array.isArray(input))) {
    throw badRequest('The request body must be a JSON object.');
  }
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const message = issue?.message ?? `The ${what} is not valid.`;
  // zod's built-in messages are not sentences for people; name the field instead.
  if (message.startsWith('Invalid input') || message.startsWith('Invalid option') || message.startsWith('Too ')) {
    const field = issue?.path.join('.') || what;
    throw badRequest(`The field '${field}' is not valid.`);
  }
  throw badRequest(message);
}

/** A row id from an address part (the contract's one id rule), or a 400 with the route's sentence. */
export function parseId(raw: unknown, invalid: string): number {
  const id = rowIdFromText(String(raw ?? ''));
  if (id === null) throw badRequest(invalid);
  return id;
}

/** `ids=1,2,3` → unique row ids; entries that cannot be ids are ignored, at most `max` kept. */
export function parseIdList(raw: unknown, max = 1000): number[] {
  // Only flat entries: joining nested arrays would recurse as deep as the request nests them.
  const entries = Array.isArray(raw) ? raw.filter((entry) => typeof entry === 'number' || typeof entry === 'string') : [raw ?? ''];
  const values = entries.map(String).join(',');
  const ids = new Set<number>();
  for (const part of values.split(',')) {
    const id = rowIdFromText(part.trim());
    if (id !== null) ids.add(id);
    if (ids.size >= max) break;
  }
  return [...ids];
}
