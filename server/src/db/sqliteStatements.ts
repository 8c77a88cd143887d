import type SQLite from 'better-sqlite3';
import type { SqliteDatabase } from 'kysely';

/** How many distinct statements are kept; the app has a few hundred, lists of ids add more. */
const KEPT_STATEMENTS = 1000;

/**
 * better-sqlite3 as Kysely's database, keeping each statement once prepared: Kysely
 * prepares every query anew, and compiling the SQL cost as much as running a hot read.
 * A kept statement still streaming rows (`busy`) is not handed out twice; the least
 * recently used is dropped past KEPT_STATEMENTS.
 */
export function keepingStatements(sqlite: SQLite.Database, capacity = KEPT_STATEMENTS): SqliteDatabase {
  const kept = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(sql) {
      const statement = kept.get(sql);
      kept.delete(sql);
      const usable = statement && !statement.busy ? statement : sqlite.prepare(sql);
      kept.set(sql, usable);
      if (kept.size > capacity) kept.delete(kept.keys().next().value!);
      return usable;
    },
  };
}
