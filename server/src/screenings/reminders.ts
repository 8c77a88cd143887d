import type { FastifyInstance } from 'fastify';
import { screeningReminder } from '../notifications/producers';
import { configuredSiteUrl } from '../http/siteUrl';
import { screeningSoonEvent } from '../webhooks/events';
import * as q from './queries';
import { formatStart } from './service';

/** Those coming to a night are reminded this long before it starts. */
export const SCREENING_REMINDER_HOURS = 3;
/** How often each process looks for nights due a reminder. */
export const REMINDER_SWEEP_MS = 5 * 60 * 1000;
const REMINDER_MS = SCREENING_REMINDER_HOURS * 3_600_000;

/**
 * Reminds those who answered 'yes' or 'maybe' of each planned night starting within the next
 * SCREENING_REMINDER_HOURS. A night scheduled at shorter notice gets no reminder: its scheduling
 * was the news. Each guest is reminded once per start (the notification's dedupe key), so several
 * processes may sweep at once, and a night moved to a later start is reminded of again. Answers
 * how many nights it reminded of.
 */
export async function remindGuests(app: FastifyInstance, now = new Date()): Promise<number> {
  const nights = await q.plannedStartingBetween(app.db, now.toISOString(), new Date(now.getTime() + REMINDER_MS).toISOString());
  const due = nights.filter((night) => Date.parse(night.created_at) <= Date.parse(night.starts_at) - REMINDER_MS);
  for (const night of due) {
    await screeningReminder(app, { screeningId: night.id, listName: night.watchlist_name, startsAt: formatStart(night.starts_at, night.utc_offset), startsAtUtc: night.starts_at });
    postSoon(app, night.id, night.site_url);
  }
  return due.length;
}

/**
 * The club's webhook hears of the night once per start, from whichever process claims it first.
 * Its link needs the site's address: PUBLIC_URL, else the one the night was scheduled through
 * (nights scheduled before that was kept have none, and are not posted).
 */
function postSoon(app: FastifyInstance, id: number, scheduledThrough: string | null): void {
  const site = configuredSiteUrl(app) ?? scheduledThrough;
  if (!site) return;
  app.clubEvents.post(async (language) => ((await q.claimSoonPost(app.db, id)) ? screeningSoonEvent(app.db, site, id, language) : null));
}

/** Sweeps every REMINDER_SWEEP_MS; the timer never keeps the process alive, and closing the app stops it and waits for a sweep in progress. */
export function scheduleReminders(app: FastifyInstance, intervalMs = REMINDER_SWEEP_MS): void {
  let running: Promise<unknown> | null = null;
  const sweep = () => {
    running ??= remindGuests(app)
      .catch((error: unknown) => app.log.error({ err: error }, 'movie night reminders failed; retrying at the next sweep'))
      .finally(() => {
        running = null;
      });
  };
  const interval = setInterval(sweep, intervalMs).unref();
  app.addHook('onClose', async () => {
    clearInterval(interval);
    await running;
  });
}
