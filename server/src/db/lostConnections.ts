import type pg from 'pg';

type LostListener = (error: Error) => void;

/** A call that found no connection to PostgreSQL: the server down, restarting, or out of reach. */
export class DatabaseUnreachable extends Error {
  constructor(cause: unknown) {
    super(`PostgreSQL cannot be reached: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.name = 'DatabaseUnreachable';
  }
}

/** pg's sentences for a connection that ended under a query, or was lent after it ended. */
const ENDED_CONNECTION = /^(Connection terminated|Client has encountered a connection error and is not queryable|Client was closed and is not queryable)/;

/**
 * Whether a call failed because PostgreSQL went away, not because of the call: no connection to
 * be had, the server shutting down or restarting (57P01–57P03), a connection exception (class 08).
 */
export function isDatabaseUnreachable(error: unknown): boolean {
  if (error instanceof DatabaseUnreachable) return true;
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && /^(57P0[123]|08...)$/.test(code)) return true;
  return error instanceof Error && ENDED_CONNECTION.test(error.message);
}

/**
 * Keeps a PostgreSQL restart (or an administrator ending sessions) from ending the process or
 * failing more calls than those it interrupted. pg emits an error event on a connection the
 * server closes, which ends the process when nothing listens; the pool drops an idle one at
 * once. One in use learns it only a moment after its query has failed, by when Kysely may have
 * given it back for the next call: so a connection that received a FATAL message goes back
 * marked failed, and the pool closes it instead of lending it again.
 */
export function watchLostConnections(pool: pg.Pool) {
  const listeners = new Set<LostListener>();
  const ended = new WeakSet<pg.PoolClient>();
  pool.on('error', () => undefined); // reported below, by the connection's own listener
  pool.on('connect', (client) => {
    client.on('error', (error) => {
      for (const listener of listeners) listener(error);
    });
    (client as unknown as pg.Client).connection.on('errorMessage', (message: { severity?: string }) => {
      if (message.severity === 'FATAL') ended.add(client);
    });
  });
  return {
    /** The pool as Kysely uses it: each connection lent goes back closed if the server ended it meanwhile. */
    lending: {
      async connect(): Promise<pg.PoolClient> {
        const client = await pool.connect().catch((error: unknown) => {
          throw new DatabaseUnreachable(error);
        });
        const release = client.release;
        client.release = (error) => release(error ?? (ended.has(client) ? new Error('PostgreSQL ended this connection') : undefined));
        return client;
      },
      end: () => pool.end(),
    },
    onConnectionLost(listener: LostListener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}
