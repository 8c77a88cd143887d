import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, type LogEvent, PostgresAdapter, sql } from 'kysely';
import pg from 'pg';
import { parseGenres } from '../imdb/genres';
import { searchKey } from '../imdb/searchKey';
import { StartProblem } from '../startProblem';
import { watchLostConnections } from './lostConnections';
import { AppPostgresDialect } from './postgresDialect';
import { keepStatementsPrepared } from './preparedStatements';
import { keepingStatements } from './sqliteStatements';
import { WaitingSqliteDialect } from './sqliteWaits';
import type { Database } from './schema';

export type DatabaseKind = 'sqlite' | 'postgres';

export interface AppDatabase {
  db: Kysely<Database>;
  kind: DatabaseKind;
  /** The PostgreSQL schema the tables live in, when not the default. */
  pgSchema?: string;
  /** Calls `listener` after every query (for metrics); returns the function that stops it. */
  observeQueries(listener: QueryListener): () => void;
  /** Calls `listener` when PostgreSQL ends one of the pool's connections (a restart, say); returns the function that stops it. */
  onConnectionLost(listener: (error: Error) => void): () => void;
  close(): Promise<void>;
}

/** What a query observer learns: the statement's kind (never its text), how long it took, whether it failed. */
export interface QueryEvent {
  operation: QueryOperation;
  durationMs: number;
  failed: boolean;
}
export type QueryListener = (event: QueryEvent) => void;

export const QUERY_OPERATIONS = ['select', 'insert', 'update', 'delete', 'transaction', 'schema', 'other'] as const;
export type QueryOperation = (typeof QUERY_OPERATIONS)[number];

const NODE_OPERATIONS: Record<string, QueryOperation> = {
  SelectQueryNode: 'select',
  InsertQueryNode: 'insert',
  UpdateQueryNode: 'update',
  DeleteQueryNode: 'delete',
  MergeQueryNode: 'update',
};
const FIRST_WORD_OPERATIONS: Record<string, QueryOperation> = {
  select: 'select',
  with: 'select',
  insert: 'insert',
  update: 'update',
  delete: 'delete',
  copy: 'insert',
  begin: 'transaction',
  commit: 'transaction',
  rollback: 'transaction',
  savepoint: 'transaction',
  release: 'transaction',
  create: 'schema',
  alter: 'schema',
  drop: 'schema',
};

function operationOf(event: LogEvent): QueryOperation {
  const kind = event.query.query.kind;
  if (NODE_OPERATIONS[kind]) return NODE_OPERATIONS[kind];
  if (/^(Create|Alter|Drop)/.test(kind)) return 'schema';
  // Raw SQL (sql`…`, transactions): only its first keyword is read.
  const word = /^\s*([a-z]+)/i.exec(event.query.sql)?.[1]?.toLowerCase() ?? '';
  return FIRST_WORD_OPERATIONS[word] ?? 'other';
}

/** Kysely's `log` hook feeding a set of listeners; with none, a query costs one size check. */
function queryObservers() {
  const listeners = new Set<QueryListener>();
  return {
    log(event: LogEvent) {
      if (listeners.size === 0) return;
      const observed: QueryEvent = { operation: operationOf(event), durationMs: event.queryDurationMillis, failed: event.level === 'error' };
      for (const listener of listeners) listener(observed);
    },
    observeQueries(listener: QueryListener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}

// PostgreSQL sends bigint (count) and numeric (avg) as strings; the app wants numbers.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number.parseInt(value, 10));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (value) => Number.parseFloat(value));

const pools = new WeakMap<Kysely<Database>, pg.Pool>();

/** The connection pool behind a PostgreSQL handle (not a transaction), for what Kysely cannot do, such as COPY. */
export function postgresPoolOf(db: Kysely<Database>): pg.Pool | null {
  return pools.get(db) ?? null;
}

const changeStamps = new WeakMap<Kysely<Database>, () => string>();

/**
 * On SQLite, a token that changes whenever the database may have changed: rows changed through
 * this connection (`total_changes()`, counted as each statement runs, before its commit) or a
 * commit by any other connection, another process's included (`data_version`). Undefined for
 * PostgreSQL and for a transaction's handle. Reading it takes a lock on the WAL's shared memory,
 * so it is read once a gathered read, not once an ask.
 */
export function changeStampOf(db: Kysely<Database>): string | undefined {
  return changeStamps.get(db)?.();
}

/** Which database a handle (or a transaction on it) talks to. */
export function dialectOf(db: Kysely<Database>): DatabaseKind {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}

export function isPostgresUrl(url: string): boolean {
  return /^postgres(ql)?:\/\//.test(url);
}

/** `sqlite:./data/app.db`, `file:…` or a plain path → the file path. */
export function sqlitePath(url: string): string {
  return url.replace(/^sqlite:(\/\/)?/, '').replace(/^file:/, '');
}

/** How long a PostgreSQL connection may stay unused before the pool closes it (pg's default is 10 s). */
export const IDLE_CONNECTION_MS = 5 * 60_000;

export interface OpenOptions {
  /** PostgreSQL schema to work in (tests use a fresh one each). */
  pgSchema?: string;
  pgPoolSize?: number;
  /**
   * PostgreSQL: the longest a statement may run (waiting for a lock included), and a transaction
   * stay idle, before the server ends it. None when left out (command-line tools: an import's
   * index builds take minutes).
   */
  statementTimeoutMs?: number;
}

/**
 * The app's limit for one statement and for an idle transaction on PostgreSQL. No call's statement
 * comes near it; one that does is stuck (a lock another process keeps, a transaction never
 * finished), and would otherwise hold its connection, and every call waiting behind it, for good.
 */
export const APP_STATEMENT_TIMEOUT_MS = 60_000;

/**
 * Whether a call failed because the database was busy with other work: another connection held
 * SQLite's write lock for longer than the wait (sqliteWaits.ts), or a PostgreSQL statement ran
 * out of the app's statement timeout (57014, query_canceled; timed reads catch their own).
 */
export function isDatabaseBusy(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'SQLITE_BUSY' || code === 'SQLITE_BUSY_SNAPSHOT' || code === 'SQLITE_LOCKED' || code === '57014';
}

/**
 * Runs `work` on one PostgreSQL connection with no statement or idle timeout, and puts the
 * connection's own back after: for start-up work that may rightly take minutes (migrations on a
 * big index, waiting for another process's).
 */
export async function withoutTimeouts<T>(connection: Kysely<Database>, work: () => Promise<T>): Promise<T> {
  await sql`set statement_timeout = 0`.execute(connection);
  await sql`set idle_in_transaction_session_timeout = 0`.execute(connection);
  try {
    return await work();
  } finally {
    await sql`reset statement_timeout`.execute(connection);
    await sql`reset idle_in_transaction_session_timeout`.execute(connection);
  }
}

/** A start that found no usable database. */
export class DatabaseUnavailable extends StartProblem {}

/** The SQLite file, its folder created if need be, in WAL mode (which needs the folder writable). */
function openSqliteFile(file: string): SQLite.Database {
  try {
    if (file !== ':memory:') fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
    const sqlite = new SQLite(file);
    sqlite.pragma('journal_mode = WAL');
    return sqlite;
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new DatabaseUnavailable(`The SQLite database ${file} cannot be opened: ${reason}. Check DATABASE_URL, and that its folder can be written.`);
  }
}

/** PostgreSQL settings every connection of the pool starts with. */
function connectionOptions(options: OpenOptions): string | undefined {
  const settings: string[] = [];
  if (options.pgSchema) settings.push(`-c search_path=${options.pgSchema},public`);
  if (options.statementTimeoutMs) {
    settings.push(`-c statement_timeout=${options.statementTimeoutMs}`, `-c idle_in_transaction_session_timeout=${options.statementTimeoutMs}`);
  }
  return settings.length > 0 ? settings.join(' ') : undefined;
}

export function openDatabase(url: string, options: OpenOptions = {}): AppDatabase {
  if (isPostgresUrl(url)) {
    const pool = new pg.Pool({
      connectionString: url,
      max: options.pgPoolSize ?? 10,
      // A connection keeps the app's prepared statements (preparedStatements.ts): a club quiet for a few seconds
      // should not pay for a new one and its statements' planning again. Idle connections do not keep a script running.
      idleTimeoutMillis: IDLE_CONNECTION_MS,
      allowExitOnIdle: true,
      options: connectionOptions(options),
    });
    const lost = watchLostConnections(pool);
    // The app's statements are short: compiling one just in time (for a high cost estimate, such as a
    // trigram read of a common word) took longer than running it, so no connection compiles.
    pool.on('connect', (client) => {
      void client.query('set jit = off').catch(() => undefined);
      keepStatementsPrepared(client);
    });
    const observers = queryObservers();
    const db = new Kysely<Database>({ dialect: new AppPostgresDialect({ pool: lost.lending }), log: observers.log });
    pools.set(db, pool);
    return { db, kind: 'postgres', pgSchema: options.pgSchema, observeQueries: observers.observeQueries, onConnectionLost: lost.onConnectionLost, close: () => db.destroy() };
  }
  const sqlite = openSqliteFile(sqlitePath(url));
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  // The title-search key (imdb/searchKey.ts), for the search triggers and rebuilds.
  sqlite.function('movieclub_search_key', { deterministic: true }, (title: unknown) => (typeof title === 'string' ? searchKey(title) : null));
  // Lower case as JavaScript folds it: SQLite's own lower() folds only A–Z (and an index uses it, so it stays).
  sqlite.function('movieclub_lower', { deterministic: true }, (text: unknown) => (typeof text === 'string' ? text.toLowerCase() : null));
  // A title's genre words as a JSON array, for the genre table's triggers and rebuilds (imdb/titleGenres.ts).
  sqlite.function('movieclub_genres', { deterministic: true }, (genres: unknown) => JSON.stringify(parseGenres(typeof genres === 'string' ? genres : null)));
  const observers = queryObservers();
  const db = new Kysely<Database>({ dialect: new WaitingSqliteDialect({ database: keepingStatements(sqlite) }, sqlite), log: observers.log });
  const stamp = sqlite.prepare('select total_changes(), data_version from pragma_data_version').raw();
  changeStamps.set(db, () => (stamp.get() as number[]).join('.'));
  // The file is this process's own: no server can end the connection.
  return { db, kind: 'sqlite', observeQueries: observers.observeQueries, onConnectionLost: () => () => undefined, close: () => db.destroy() };
}
