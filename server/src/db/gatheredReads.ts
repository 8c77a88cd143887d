import { type Kysely, type RawBuilder, sql, type SqlBool } from 'kysely';
import { changeStampOf, dialectOf } from './database';
import type { Database } from './schema';

type Db = Kysely<Database>;
/** How many answers a `GatheredReads` keeps at most; past it, it starts over. */
const KEPT_KEYS = 10_000;

type Waiter<V> = { resolve: (value: V | undefined) => void; reject: (error: unknown) => void };

/**
 * Reads of single asks gathered into one read of many. Asks made while no read is out wait
 * for the end of this turn of the event loop (the turn's arrived requests all ask first); asks
 * made while one is out wait for it to come back. Under load a read waits its turn for a
 * pool connection, so many calls share it instead of each queueing its own. Every read starts
 * after its callers asked, so it sees each write their clients had seen finish.
 *
 * An ask is named by its key (the ask itself unless `keyOf` says otherwise): asks with one key
 * are read once, and the read answers by key.
 */
export class GatheredReads<A, V, K = A> {
  private waiting: Map<K, { ask: A; waiters: Waiter<V>[] }> | null = null;
  private out = false;
  /** What the reads answered while the database's change stamp was `stamp` (see `stampOf`). */
  private kept: { stamp: string; values: Map<K, V | undefined> } | null = null;

  /**
   * With `stampOf`, answers are kept while the stamp it gives stays the same, and a read asks
   * only for the keys not kept: for values that change only when the database does.
   */
  constructor(
    private readonly read: (asks: A[]) => Promise<Map<K, V>>,
    private readonly keyOf: (ask: A) => K = (ask) => ask as unknown as K,
    private readonly stampOf?: () => string | undefined,
  ) {}

  get(ask: A): Promise<V | undefined> {
    if (!this.waiting) {
      this.waiting = new Map();
      if (!this.out) setImmediate(() => this.start());
    }
    const key = this.keyOf(ask);
    let entry = this.waiting.get(key);
    if (!entry) this.waiting.set(key, (entry = { ask, waiters: [] }));
    const { waiters } = entry;
    return new Promise<V | undefined>((resolve, reject) => waiters.push({ resolve, reject }));
  }

  private start(): void {
    const batch = this.waiting;
    if (!batch) return;
    this.waiting = null;
    // Taken before the read: a change made while it runs gives the next read a new stamp.
    const stamp = this.stampOf?.();
    if (stamp === undefined || this.kept?.stamp !== stamp) this.kept = stamp === undefined ? null : { stamp, values: new Map() };
    const kept = this.kept?.values;
    const answers = new Map<K, V | undefined>();
    const unknown: [K, A][] = [];
    for (const [key, { ask }] of batch) {
      if (kept?.has(key)) answers.set(key, kept.get(key));
      else unknown.push([key, ask]);
    }
    if (unknown.length === 0) {
      for (const [key, { waiters }] of batch) for (const waiter of waiters) waiter.resolve(answers.get(key));
      return;
    }
    this.out = true;
    this.read(unknown.map(([, ask]) => ask)).then(
      (found) => {
        if (kept && kept.size + unknown.length > KEPT_KEYS) kept.clear();
        for (const [key] of unknown) {
          answers.set(key, found.get(key));
          kept?.set(key, found.get(key));
        }
        this.settle(batch, (waiter, key) => waiter.resolve(answers.get(key)));
      },
      (error: unknown) => this.settle(batch, (waiter) => waiter.reject(error)),
    );
  }

  private settle(batch: Map<K, { waiters: Waiter<V>[] }>, each: (waiter: Waiter<V>, key: K) => void): void {
    this.out = false;
    for (const [key, { waiters }] of batch) for (const waiter of waiters) each(waiter, key);
    if (this.waiting) setImmediate(() => this.start());
  }
}

/**
 * One `GatheredReads` per database handle, made on first use. `keptUntilChanged`: the answers
 * change only when the database does (versions, settings; not a session, which ends with time),
 * so on SQLite they are kept until its change stamp moves (see changeStampOf).
 */
export function gatheredPerDatabase<A, V, K = A>(
  read: (db: Db, asks: A[]) => Promise<Map<K, V>>,
  keyOf?: (ask: A) => K,
  options: { keptUntilChanged?: boolean } = {},
): (db: Db) => GatheredReads<A, V, K> {
  const byDatabase = new WeakMap<Db, GatheredReads<A, V, K>>();
  return (db) => {
    let reads = byDatabase.get(db);
    if (!reads) {
      const stampOf = options.keptUntilChanged ? () => changeStampOf(db) : undefined;
      byDatabase.set(db, (reads = new GatheredReads((asks) => read(db, asks), keyOf, stampOf)));
    }
    return reads;
  };
}

/**
 * A read of a call's asks, gathered with other calls' on PostgreSQL, where each statement waits
 * its turn for a connection; made at once on SQLite, where statements run in the call's own turn
 * and never wait, so gathering them would only delay them. The read answers by key (see
 * GatheredReads); asks without a value are left out of the answer.
 */
export function gatheredOnPostgres<A, V, K = A>(
  read: (db: Db, asks: A[]) => Promise<Map<K, V>>,
  keyOf: (ask: A) => K = (ask) => ask as unknown as K,
): (db: Db, asks: A[]) => Promise<Map<K, V>> {
  const gathered = gatheredPerDatabase(read, keyOf);
  return async (db, asks) => {
    // A transaction's reads are its own.
    if (dialectOf(db) !== 'postgres' || db.isTransaction) return read(db, asks);
    const reads = gathered(db);
    const values = await Promise.all(asks.map((ask) => reads.get(ask)));
    const found = new Map<K, V>();
    asks.forEach((ask, index) => {
      if (values[index] !== undefined) found.set(keyOf(ask), values[index]);
    });
    return found;
  };
}

/**
 * `column` is one of `values`, as one parameter whatever their number (an array on PostgreSQL,
 * JSON on SQLite), so a gathered read keeps one statement text and stays prepared.
 */
export function oneOfTexts(db: Db, column: string, values: string[]): RawBuilder<SqlBool> {
  return dialectOf(db) === 'postgres'
    ? sql<SqlBool>`${sql.ref(column)} = any(${values}::text[])`
    : sql<SqlBool>`${sql.ref(column)} in (select value from json_each(${JSON.stringify(values)}))`;
}

/** `oneOfTexts` for integer columns. */
export function oneOfIntegers(db: Db, column: string, values: number[]): RawBuilder<SqlBool> {
  return dialectOf(db) === 'postgres'
    ? sql<SqlBool>`${sql.ref(column)} = any(${values}::integer[])`
    : sql<SqlBool>`${sql.ref(column)} in (select value from json_each(${JSON.stringify(values)}))`;
}
