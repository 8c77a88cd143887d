import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresAdapter, SqliteDialect } from 'kysely';
import pg from 'pg';
import { AppPostgresDialect } from './postgresDialect';
import type { Database } from './schema';

export type DatabaseKind = 'sqlite' | 'postgres';

export interface AppDatabase {
  db: Kysely<Database>;
  kind: DatabaseKind;
  /** The PostgreSQL schema the tables live in, when not the default. */
  pgSchema?: string;
  close(): Promise<void>;
}

// PostgreSQL sends bigint (count) and numeric (avg) as strings; the app wants numbers.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number.parseInt(value, 10));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (value) => Number.parseFloat(value));

const pools = new WeakMap<Kysely<Database>, pg.Pool>();

/** The connection pool behind a PostgreSQL handle (not a transaction), for what Kysely cannot do, such as COPY. */
export function postgresPoolOf(db: Kysely<Database>): pg.Pool | null {
  return pools.get(db) ?? null;
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

export interface OpenOptions {
  /** PostgreSQL schema to work in (tests use a fresh one each). */
  pgSchema?: string;
  pgPoolSize?: number;
}

export function openDatabase(url: string, options: OpenOptions = {}): AppDatabase {
  if (isPostgresUrl(url)) {
    const pool = new pg.Pool({
      connectionString: url,
      max: options.pgPoolSize ?? 10,
      options: options.pgSchema ? `-c search_path=${options.pgSchema},public` : undefined,
    });
    const db = new Kysely<Database>({ dialect: new AppPostgresDialect({ pool }) });
    pools.set(db, pool);
    return { db, kind: 'postgres', pgSchema: options.pgSchema, close: () => db.destroy() };
  }
  const file = sqlitePath(url);
  if (file !== ':memory:') fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  return { db, kind: 'sqlite', close: () => db.destroy() };
}
