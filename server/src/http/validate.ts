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

/** A positive whole-number id from a route parameter, or a 404 sentence. */
export function parseId(raw: unknown, missing: string): number {
  const text = String(raw ?? '');
  if (!/^\d{1,15}$/.test(text)) throw badRequest(missing);
  const id = Number(text);
  if (id <= 0) throw badRequest(missing);
  return id;
}

/** `ids=1,2,3` → unique positive ids; junk entries are ignored, at most `max` kept. */
export function parseIdList(raw: unknown, max = 1000): number[] {
  const values = Array.isArray(raw) ? raw.join(',') : String(raw ?? '');
  const ids = new Set<number>();
  for (const part of values.split(',')) {
    const text = part.trim();
    if (!/^\d{1,15}$/.test(text)) continue;
    const id = Number(text);
    if (id > 0) ids.add(id);
    if (ids.size >= max) break;
  }
  return [...ids];
}
