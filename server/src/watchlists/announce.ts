import { SCREENING_EVENTS, WATCHLIST_EVENTS, type WatchlistChangedEvent } from '@movieclub/contract';
import type { FastifyInstance } from 'fastify';
import { listChangedEvents } from '../screenings/service';

/**
 * Tells everyone on the list's page, on every process, what changed so they reload it. When its
 * movies changed, the pages of its open movie nights too: their candidate boards are the list.
 */
export function announceListChange(app: FastifyInstance, watchlistId: number, what: WatchlistChangedEvent['what']): void {
  const event: WatchlistChangedEvent = { watchlist_id: watchlistId, what };
  app.realtime.toWatchlist(watchlistId, WATCHLIST_EVENTS.changed, event);
  if (what !== 'items') return;
  listChangedEvents(app.db, watchlistId).then(
    (events) => {
      for (const update of events) app.realtime.toScreening(update.screening_id, SCREENING_EVENTS.update, update);
    },
    (error: unknown) => app.log.warn({ err: error, watchlistId }, "could not tell the list's movie nights that its movies changed"),
  );
}
