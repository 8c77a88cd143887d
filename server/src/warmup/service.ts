import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { newestTconsts } from '../movies/queries';
import { catalogueReply } from '../movies/service';
import { recommend } from '../recommendations/service';

export interface WarmUpReport {
  /** Movies whose recommendations were worked out. */
  movies: number;
  /** False when the app closed before the last one. */
  finished: boolean;
}

/** A turn of the event loop: the calls that came meanwhile are answered first. */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));
const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** A movie worked out in less than this is followed by the next at once (a small club's are). */
export const QUICK_STEP_MS = 5;
/** After a longer one the warm-up waits this many times as long: a fifth of the process at most (below LONGEST_PAUSE_MS). */
const PAUSE_PER_STEP = 4;
/** The longest wait, so a closing app is not held up by one. */
const LONGEST_PAUSE_MS = 1000;

/**
 * How long to wait after a movie whose recommendations took `stepMs`. In a big club one takes tens
 * of milliseconds (its raters' thousands of stars), and back to back they would hold up every call
 * for the minutes the warm-up lasts; spaced out, a call meets one at most a fifth of the time.
 */
export function pauseAfter(stepMs: number): number {
  return stepMs < QUICK_STEP_MS ? 0 : Math.min(stepMs * PAUSE_PER_STEP, LONGEST_PAUSE_MS);
}

/**
 * Works out what a just-started server's first visitors would otherwise wait for: the
 * catalogue (`GET /api/movies`, with every average) and the recommendations of the `movies`
 * newest catalogue movies, which keep their IMDb index reads (a genre's best-known titles,
 * titles' facts) until the next import. One movie a turn, so calls are answered between them,
 * and a pause after a slow one (pauseAfter).
 */
export async function warmUpCaches(db: Kysely<Database>, movies: number, closing: () => boolean = () => false): Promise<WarmUpReport> {
  await catalogueReply(db, null, true);
  const newest = movies > 0 ? await newestTconsts(db, movies) : [];
  let done = 0;
  let wait = 0;
  for (const tconst of newest) {
    await (wait > 0 ? pause(wait) : nextTurn());
    if (closing()) return { movies: done, finished: false };
    const started = performance.now();
    await recommend(db, tconst);
    wait = pauseAfter(performance.now() - started);
    done++;
  }
  return { movies: done, finished: true };
}

/**
 * Starts warmUpCaches once the server listens (config `warmUpMovies`, WARM_UP_MOVIES; 0 turns
 * it off). A failure is logged and leaves the caches to fill as calls come; closing the app
 * stops it after the movie in hand.
 */
export function scheduleWarmUp(app: FastifyInstance, movies: number): void {
  if (movies <= 0) return;
  let closing = false;
  let running: Promise<void> | null = null;
  app.addHook('onListen', async () => {
    if (running) return;
    const started = performance.now();
    running = warmUpCaches(app.database.db, movies, () => closing)
      .then((report) => {
        if (report.finished) app.log.info({ movies: report.movies, ms: Math.round(performance.now() - started) }, 'caches warmed up');
      })
      .catch((error: unknown) => app.log.warn({ err: error }, 'warming up the caches failed; they fill as calls come'));
  });
  app.addHook('onClose', async () => {
    closing = true;
    await running;
  });
}
