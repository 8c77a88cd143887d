import pg from 'pg';
import { DatabaseUnavailable } from './database';

/** How long a starting process waits for PostgreSQL to accept connections (a machine booting, a container starting). */
export const DATABASE_WAIT_MS = 60_000;

/** Errors a wait can outlast: nothing listening yet, a host name not resolving yet, the server still starting up. */
const PASSING_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ENOTFOUND', 'EAI_AGAIN', 'ETIMEDOUT', 'EHOSTUNREACH', '57P03']);

/** The address without its password, to print. */
export function withoutPassword(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'DATABASE_URL';
  }
}

/**
 * Resolves once PostgreSQL at `url` accepts a connection. While it is not up yet, tries again every
 * `retryMs` for up to `waitMs` (calling `onWaiting` once); a refusal no wait changes (a wrong password,
 * a database that does not exist) fails at once. Fails with a DatabaseUnavailable sentence.
 */
export async function waitForPostgres(
  url: string,
  { waitMs = DATABASE_WAIT_MS, retryMs = 1000, onWaiting }: { waitMs?: number; retryMs?: number; onWaiting?: (reason: string) => void } = {},
): Promise<void> {
  const deadline = Date.now() + waitMs;
  let told = false;
  for (;;) {
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
    // A connection that fails later (the server stopping right after) must not end the process.
    client.on('error', () => undefined);
    try {
      await client.connect();
      await client.end();
      return;
    } catch (error) {
      await client.end().catch(() => undefined);
      const reason = error instanceof Error ? error.message : String(error);
      const code = (error as { code?: unknown }).code;
      const passing = (typeof code === 'string' && PASSING_CODES.has(code)) || /timeout/i.test(reason);
      if (!passing) throw new DatabaseUnavailable(`PostgreSQL at ${withoutPassword(url)} refused the connection: ${reason}. Check DATABASE_URL.`);
      if (Date.now() + retryMs > deadline) {
        throw new DatabaseUnavailable(`The database at ${withoutPassword(url)} is not answering (${reason}). Start it, or check DATABASE_URL.`);
      }
      if (!told) onWaiting?.(reason);
      told = true;
      await new Promise((resolve) => setTimeout(resolve, retryMs));
    }
  }
}
