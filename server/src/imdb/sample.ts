import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import { type AppDatabase, withoutTimeouts } from '../db/database';
import { datasetFiles } from './files';
import { importImdbFiles } from './importer';

// Any constant works; it only has to be the same in every process of this app.
const SAMPLE_LOCK_KEY = 727_274_002;

/**
 * Loads the bundled IMDb sample when the index is empty, so search works on a
 * fresh install. Upserts make a double load harmless; on PostgreSQL an advisory
 * lock also keeps two processes starting at once from doing the work twice.
 */
export async function loadSampleIfEmpty(database: AppDatabase, sampleDir: string, log: FastifyBaseLogger): Promise<void> {
  const load = async (db: AppDatabase['db']) => {
    const any = await db.selectFrom('imdb_titles').select('tconst').limit(1).executeTakeFirst();
    if (any) return;
    const files = datasetFiles([sampleDir]);
    if (files.length === 0) {
      log.warn({ sampleDir }, 'no IMDb sample files found; title search stays empty until `npm run import-imdb`');
      return;
    }
    const reports = await importImdbFiles(db, files);
    log.info({ files: reports.map((r) => ({ file: r.file, rows: r.rows, malformed: r.malformed })) }, 'loaded the IMDb sample');
  };
  try {
    if (database.kind === 'sqlite') return await load(database.db);
    // The load builds the search's indexes, and another process waits for it: neither is a call's statement.
    await database.db.connection().execute((connection) =>
      withoutTimeouts(connection, async () => {
        await sql`select pg_advisory_lock(${SAMPLE_LOCK_KEY})`.execute(connection);
        try {
          await load(connection);
        } finally {
          await sql`select pg_advisory_unlock(${SAMPLE_LOCK_KEY})`.execute(connection);
        }
      }),
    );
  } catch (error) {
    // A broken sample must not keep the site from starting; search is simply empty.
    log.error({ err: error }, 'could not load the IMDb sample');
  }
}
