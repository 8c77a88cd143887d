import { setTimeout as sleep } from 'node:timers/promises';
import type SQLite from 'better-sqlite3';
import {
  CompiledQuery,
  type DatabaseConnection,
  type Driver,
  type QueryResult,
  SqliteDialect,
  type SqliteDialectConfig,
  type TransactionSettings,
} from 'kysely';

/** How long a statement waits for another connection's write lock (an import, a backup) before the call gives up. */
export const SQLITE_LOCK_WAIT_MS = 5000;
/** The pauses between tries, growing to the last; short at first, since most locks are an import's batch of a few milliseconds. */
const PAUSES_MS = [2, 5, 10, 25, 50, 100];

/** Lock codes that waiting resolves; a transaction's stale snapshot (SQLITE_BUSY_SNAPSHOT) is not one of them. */
const WAITABLE = new Set(['SQLITE_BUSY', 'SQLITE_BUSY_RECOVERY', 'SQLITE_BUSY_TIMEOUT']);
const isWaitable = (error: unknown) => WAITABLE.has(String((error as { code?: unknown } | null)?.code));

/**
 * SQLite with its wait for another connection's lock off the event loop. SQLite's own wait
 * (busy_timeout) sleeps in the thread that runs JavaScript: while a write waited out an import's
 * lock, the whole server stopped for up to 5 s a call. Here SQLite is told not to wait, and a
 * statement refused for a lock is tried again after a pause, up to SQLITE_LOCK_WAIT_MS, while
 * the connection is lent to other calls (their reads go on beside the lock in WAL mode). A
 * transaction waits as it begins (see beginTransaction), so none waits holding the connection.
 */
export class WaitingSqliteDialect extends SqliteDialect {
  constructor(
    config: SqliteDialectConfig,
    private readonly sqlite: SQLite.Database,
  ) {
    super(config);
    sqlite.pragma('busy_timeout = 0');
  }

  override createDriver(): Driver {
    return new WaitingDriver(super.createDriver(), () => this.sqlite.inTransaction);
  }
}

class WaitingDriver implements Driver {
  constructor(
    readonly inner: Driver,
    readonly inTransaction: () => boolean,
  ) {}

  init() {
    return this.inner.init();
  }
  async acquireConnection(): Promise<DatabaseConnection> {
    return new WaitingConnection(await this.inner.acquireConnection(), this);
  }
  /**
   * A transaction takes the write lock as it begins (`begin immediate`), unless it only reads. Its
   * wait for the lock is then a wait to begin, during which the connection serves other calls, and
   * once begun its writes never wait: with a plain `begin` the first write waited inside the
   * transaction, holding the connection from every other call of the process, and a transaction
   * that read before another process wrote could not write at all (SQLITE_BUSY_SNAPSHOT).
   */
  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings) {
    await connection.executeQuery(CompiledQuery.raw(settings.accessMode === 'read only' ? 'begin' : 'begin immediate'));
  }
  commitTransaction(connection: DatabaseConnection) {
    return this.inner.commitTransaction(connection);
  }
  rollbackTransaction(connection: DatabaseConnection) {
    return this.inner.rollbackTransaction(connection);
  }
  releaseConnection(connection: DatabaseConnection) {
    return this.inner.releaseConnection((connection as WaitingConnection).inner);
  }
  destroy() {
    return this.inner.destroy();
  }
}

class WaitingConnection implements DatabaseConnection {
  constructor(
    readonly inner: DatabaseConnection,
    private readonly driver: WaitingDriver,
  ) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const started = performance.now();
    for (let tries = 0; ; tries++) {
      try {
        return await this.inner.executeQuery<R>(query);
      } catch (error) {
        const left = SQLITE_LOCK_WAIT_MS - (performance.now() - started);
        if (!isWaitable(error) || left <= 0) throw error;
        await this.pause(Math.min(PAUSES_MS[Math.min(tries, PAUSES_MS.length - 1)], left));
      }
    }
  }

  streamQuery<R>(query: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    return this.inner.streamQuery<R>(query, chunkSize);
  }

  private async pause(ms: number): Promise<void> {
    if (this.driver.inTransaction()) {
      await sleep(ms);
      return;
    }
    // No transaction to keep: other calls may use the connection until the next try.
    await this.driver.inner.releaseConnection(this.inner);
    try {
      await sleep(ms);
    } finally {
      await this.driver.inner.acquireConnection();
    }
  }
}
