import { WATCHLIST_EVENTS, type WatchlistChangedEvent } from '@movieclub/contract';
import type { FastifyInstance } from 'fastify';

/** Tells everyone on the list's page, on every process, what changed so they reload it. */
export function announceListChange(app: FastifyInstance, watchlistId: number, what: WatchlistChangedEvent['what']): void {
  const event: WatchlistChangedEvent = { watchlist_id: watchlistId, what };
  app.realtime.toWatchlist(watchlistId, WATCHLIST_EVENTS.changed, event);
}
