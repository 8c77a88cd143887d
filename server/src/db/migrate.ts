import { promises as fs } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { FileMigrationProvider, type Kysely, Migrator, sql } from 'kysely';
import { type AppDatabase, withoutTimeouts } from './database';

const migrationFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
// Any constant works; it only has to be the same in every process of this app.
export const MIGRATION_LOCK_KEY = 727_274_001;

/**
 * On PostgreSQL the bookkeeping tables are named with the current schema: Kysely
 * otherwise finds them in any schema of the database and may skip creating them here.
 */
function migrator(db: Kysely<any>, schema?: string): Migrator {
  return new Migrator({
    db,
    provider: new FileMigrationProvider({ fs, path, migrationFolder }),
    migrationTableSchema: schema,
  });
}

async function runMigrations(db: Kysely<any>, schema?: string, upTo?: string): Promise<void> {
  const { error, results } = await (upTo ? migrator(db, schema).migrateTo(upTo) : migrator(db, schema).migrateToLatest());
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    const reason = error instanceof Error ? error.message : String(error ?? 'unknown error');
    throw new Error(`Database migration ${failed?.migrationName ?? ''} failed: ${reason}`);
  }
}

/**
 * Brings the schema up to date (or, for tests of a migration, up to the one named `upTo`). On PostgreSQL an advisory lock makes several
 * processes starting at once take turns; SQLite serialises writers itself.
 */
export async function migrateToLatest(database: AppDatabase, upTo?: string): Promise<void> {
  if (database.kind === 'sqlite') return runMigrations(database.db, undefined, upTo);
  // A migration of a big index, or another process's that this one waits for, may take minutes.
  await database.db.connection().execute((connection) =>
    withoutTimeouts(connection, async () => {
      await sql`select pg_advisory_lock(${MIGRATION_LOCK_KEY})`.execute(connection);
      if (database.pgSchema) await sql`create schema if not exists ${sql.id(database.pgSchema)}`.execute(connection);
      try {
        const current = await sql<{ schema: string }>`select current_schema() as schema`.execute(connection);
        await runMigrations(connection, current.rows[0]?.schema ?? 'public', upTo);
      } finally {
        await sql`select pg_advisory_unlock(${MIGRATION_LOCK_KEY})`.execute(connection);
      }
    }),
  );
}
