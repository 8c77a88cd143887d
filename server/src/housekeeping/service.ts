import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { deleteExpiredSessions, deleteLoginFailuresBefore } from '../auth/queries';
import type { AppDatabase } from '../db/database';
import { deleteTokensExpiredBefore } from '../tokens/queries';

export const HOUSEKEEPING_INTERVAL_MS = 60 * 60 * 1000;
export const HOUSEKEEPING_FIRST_RUN_MS = 60 * 1000;
/** Failed logins older than this count for no lock (windows are minutes long) and are deleted. */
export const LOGIN_FAILURE_RETENTION_MS = 24 * 60 * 60 * 1000;
/** An expired API token stays listed (as expired) this long, so its owner sees why a script stopped; then it goes. */
export const EXPIRED_TOKEN_RETENTION_MS = 30 * 24 * 60 * 60 * 1000;
// Any constant works; the second key (the schema) keeps installations sharing a database apart.
const HOUSEKEEPING_LOCK_KEY = 727_274_003;

export interface HousekeepingReport {
  sessions: number;
  loginFailures: number;
  apiTokens: number;
}

/**
 * Deletes expired sessions, old failed logins and API tokens expired for longer than
 * EXPIRED_TOKEN_RETENTION_MS. Every delete is idempotent, so several processes may run
 * it; on PostgreSQL a try-lock lets one do the work while the others skip (answering null).
 */
export async function runHousekeeping(database: AppDatabase, now = new Date()): Promise<HousekeepingReport | null> {
  const prune = async (db: AppDatabase['db']): Promise<HousekeepingReport> => {
    const sessions = await deleteExpiredSessions(db, now.toISOString());
    const failures = await deleteLoginFailuresBefore(db, new Date(now.getTime() - LOGIN_FAILURE_RETENTION_MS).toISOString());
    const tokens = await deleteTokensExpiredBefore(db, new Date(now.getTime() - EXPIRED_TOKEN_RETENTION_MS).toISOString());
    const deleted = (result: { numDeletedRows: bigint }[]) => Number(result[0]?.numDeletedRows ?? 0);
    return { sessions: deleted(sessions), loginFailures: deleted(failures), apiTokens: deleted(tokens) };
  };
  if (database.kind === 'sqlite') return prune(database.db);
  return database.db.transaction().execute(async (trx) => {
    const lock = await sql<{ locked: boolean }>`
      select pg_try_advisory_xact_lock(${HOUSEKEEPING_LOCK_KEY}, hashtext(current_schema())) as locked`.execute(trx);
    return lock.rows[0]?.locked ? prune(trx) : null;
  });
}

/**
 * Runs housekeeping shortly after start and then hourly. The timers never keep the
 * process alive, and closing the app stops them and waits for a run in progress.
 */
export function scheduleHousekeeping(
  app: FastifyInstance,
  { firstRunMs = HOUSEKEEPING_FIRST_RUN_MS, intervalMs = HOUSEKEEPING_INTERVAL_MS } = {},
): void {
  let running: Promise<void> | null = null;
  const run = () => {
    if (running) return;
    running = runHousekeeping(app.database)
      .then((report) => {
        if (report && (report.sessions || report.loginFailures || report.apiTokens)) app.log.info(report, 'housekeeping deleted old rows');
      })
      .catch((error: unknown) => app.log.error({ err: error }, 'housekeeping failed; retrying at the next run'))
      .finally(() => {
        running = null;
      });
  };
  let interval: NodeJS.Timeout | null = null;
  const first = setTimeout(() => {
    run();
    interval = setInterval(run, intervalMs).unref();
  }, firstRunMs).unref();
  app.addHook('onClose', async () => {
    clearTimeout(first);
    if (interval) clearInterval(interval);
    await running;
  });
}
