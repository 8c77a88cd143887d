import { type Kysely, type RawBuilder, sql, type SqlBool } from 'kysely';
import { dialectOf } from './database';
import type { Database } from './schema';

type Db = Kysely<Database>;
type Waiter<V> = { resolve: (value: V | undefined) => void; reject: (error: unknown) => void };

/**
 * Reads of single keys gathered into one read of many. Keys asked for while no read is out wait
 * for the end of this turn of the event loop (the turn's arrived requests all ask first); keys
 * asked for while one is out wait for it to come back. Under load a read waits its turn for a
 * pool connection, so many calls share it instead of each queueing its own. Every read starts
 * after its callers asked, so it sees each write their clients had seen finish.
 */
export class GatheredReads<K, V> {
  private waiting: Map<K, Waiter<V>[]> | null = null;
  private out = false;

  constructor(private readonly read: (keys: K[]) => Promise<Map<K, V>>) {}

  get(key: K): Promise<V | undefined> {
    if (!this.waiting) {
      this.waiting = new Map();
      if (!this.out) setImmediate(() => this.start());
    }
    const waiters = this.waiting.get(key) ?? [];
    this.waiting.set(key, waiters);
    return new Promise<V | undefined>((resolve, reject) => waiters.push({ resolve, reject }));
  }

  private start(): void {
    const batch = this.waiting;
    if (!batch) return;
    this.waiting = null;
    this.out = true;
    this.read([...batch.keys()]).then(
      (found) => this.settle(batch, (waiter, key) => waiter.resolve(found.get(key))),
      (error: unknown) => this.settle(batch, (waiter) => waiter.reject(error)),
    );
  }

  private settle(batch: Map<K, Waiter<V>[]>, each: (waiter: Waiter<V>, key: K) => void): void {
    this.out = false;
    for (const [key, waiters] of batch) for (const waiter of waiters) each(waiter, key);
    if (this.waiting) setImmediate(() => this.start());
  }
}

/** One `GatheredReads` per database handle, made on first use. */
export function gatheredPerDatabase<K, V>(read: (db: Db, keys: K[]) => Promise<Map<K, V>>): (db: Db) => GatheredReads<K, V> {
  const byDatabase = new WeakMap<Db, GatheredReads<K, V>>();
  return (db) => {
    let reads = byDatabase.get(db);
    if (!reads) byDatabase.set(db, (reads = new GatheredReads((keys) => read(db, keys))));
    return reads;
  };
}

/**
 * A read of a call's keys, gathered with other calls' on PostgreSQL, where each statement waits
 * its turn for a connection; made at once on SQLite, where statements run in the call's own turn
 * and never wait, so gathering them would only delay them.
 * Keys without a value are left out of the answer.
 */
export function gatheredOnPostgres<K, V>(read: (db: Db, keys: K[]) => Promise<Map<K, V>>): (db: Db, keys: K[]) => Promise<Map<K, V>> {
  const gathered = gatheredPerDatabase(read);
  return async (db, keys) => {
    // A transaction's reads are its own.
    if (dialectOf(db) !== 'postgres' || db.isTransaction) return read(db, keys);
    const reads = gathered(db);
    const values = await Promise.all(keys.map((key) => reads.get(key)));
    const found = new Map<K, V>();
    keys.forEach((key, index) => {
      if (values[index] !== undefined) found.set(key, values[index]);
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
