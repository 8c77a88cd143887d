import type { FastifyInstance } from 'fastify';
import { badRequest } from './errors';

export const NUL_REFUSED = 'Text must not contain NUL characters.';
export const LONE_SURROGATE_REFUSED = 'Text must be valid Unicode.';

/** Half of a UTF-16 pair without its other half (only JSON's `\ud800` escapes can make one). */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** The sentence refusing a text no database would keep as sent, or null when it is fine. */
function textProblem(text: string): string | null {
  if (text.includes('\u0000')) return NUL_REFUSED;
  if (LONE_SURROGATE.test(text)) return LONE_SURROGATE_REFUSED;
  return null;
}

/** One route as the app registered it. */
export interface RouteEntry {
  method: string;
  url: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every method and address the app answers, as registered (new routes join by themselves). */
    routeTable: RouteEntry[];
  }
}

/**
 * The first problem of any string or key in a parsed value (see `textProblem`), or null.
 * Walked with a stack rather than recursion: a 1 MiB body can nest arrays half a million deep.
 */
export function badTextIn(value: unknown): string | null {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const next = pending.pop();
    if (typeof next === 'string') {
      const problem = textProblem(next);
      if (problem) return problem;
    } else if (Array.isArray(next)) {
      for (const entry of next) pending.push(entry);
    } else if (next !== null && typeof next === 'object') {
      for (const [key, entry] of Object.entries(next)) {
        const problem = textProblem(key);
        if (problem) return problem;
        pending.push(entry);
      }
    }
  }
  return null;
}

/**
 * Checks shared by every route, before any handler reads the request. A NUL
 * character is refused wherever it appears (address, query, JSON body): PostgreSQL
 * cannot store it in text and SQLite's full-text search stops at it, so both
 * databases refuse it alike here instead of failing differently later. A lone
 * surrogate likewise: neither database can store it as sent (SQLite keeps bytes that
 * read back as three replacement characters), and it would slip past length limits.
 */
export function installInputGuards(app: FastifyInstance) {
  const routeTable: RouteEntry[] = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) routeTable.push({ method, url: route.url });
  });
  app.addHook('preValidation', async (request) => {
    const problem = badTextIn(request.params) ?? badTextIn(request.query) ?? badTextIn(request.body);
    if (problem) throw badRequest(problem);
  });
}
