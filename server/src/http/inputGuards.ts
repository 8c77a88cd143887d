import type { FastifyInstance } from 'fastify';
import { badRequest } from './errors';

export const NUL_REFUSED = 'Text must not contain NUL characters.';

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
 * Whether a parsed value holds a NUL character in any string or key. Walked with
 * a stack rather than recursion: a 1 MiB body can nest arrays half a million deep.
 */
export function containsNul(value: unknown): boolean {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const next = pending.pop();
    if (typeof next === 'string') {
      if (next.includes('\u0000')) return true;
    } else if (Array.isArray(next)) {
      for (const entry of next) pending.push(entry);
    } else if (next !== null && typeof next === 'object') {
      for (const [key, entry] of Object.entries(next)) {
        if (key.includes('\u0000')) return true;
        pending.push(entry);
      }
    }
  }
  return false;
}

/**
 * Checks shared by every route, before any handler reads the request. A NUL
 * character is refused wherever it appears (address, query, JSON body): PostgreSQL
 * cannot store it in text and SQLite's full-text search stops at it, so both
 * databases refuse it alike here instead of failing differently later.
 */
export function installInputGuards(app: FastifyInstance) {
  const routeTable: RouteEntry[] = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) routeTable.push({ method, url: route.url });
  });
  app.addHook('preValidation', async (request) => {
    if (containsNul(request.params) || containsNul(request.query) || containsNul(request.body)) throw badRequest(NUL_REFUSED);
  });
}
