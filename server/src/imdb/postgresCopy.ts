import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { Kysely, PostgresDialect, sql } from 'kysely';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { Database, NewImdbTitle } from '../db/schema';
import { type AkaRow, type DatasetKind, originalKey, type RatingRow } from './parse';
import { mergeAlternativesFrom, mergeRatingsFrom, mergeTitlesFrom, TITLE_FIELDS } from './upsert';

/**
 * Rows per COPY and merge on PostgreSQL, each one transaction. COPY streams rows
 * into a temporary table at close to the server's own pace; one statement per
 * batch then merges them with the same rules as the array batches.
 */
export const ROWS_PER_COPY = 100_000;

const STAGING: Record<DatasetKind, { table: string; columns: string }> = {
  basics: {
    table: 'imdb_staged_titles',
    columns: `tconst text, title_type text, primary_title text, original_title text, is_adult integer, start_year integer,
      end_year integer, runtime_minutes integer, genres text, search_title text, original_key text`,
  },
  ratings: { table: 'imdb_staged_ratings', columns: 'tconst text, average_rating real, num_votes integer' },
  akas: { table: 'imdb_staged_alternatives', columns: 'tconst text, search_title text' },
};

/** COPY's text format: tab-separated, `\N` for null, backslash escapes for the four characters that need them. */
function field(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '\\N';
  if (typeof value === 'number') return String(value);
  return /[\\\t\n\r]/.test(value) ? value.replace(/[\\\t\n\r]/g, (c) => ({ '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' })[c]!) : value;
}

function line(dataset: DatasetKind, row: NewImdbTitle | RatingRow | AkaRow): string {
  if (dataset === 'akas') {
    const aka = row as AkaRow;
    return `${field(aka.tconst)}\t${field(aka.search_title)}\n`;
  }
  if (dataset === 'ratings') {
    const rating = row as RatingRow;
    return `${field(rating.tconst)}\t${rating.average_rating}\t${rating.num_votes}\n`;
  }
  const t = row as NewImdbTitle;
  return [t.tconst, ...TITLE_FIELDS.map((name) => t[name]), originalKey(t)].map(field).join('\t') + '\n';
}

/** Where the importer hands parsed rows; resolves with how many rows were committed by the call. */
export interface RowSink {
  push(rows: (NewImdbTitle | RatingRow | AkaRow)[]): Promise<number>;
  /** Commits whatever is staged. */
  flush(): Promise<number>;
  close(): Promise<void>;
}

/** One connection of a sink, with its own temporary staging table (temporary tables are per connection). */
interface Lane {
  client: pg.PoolClient;
  /** A Kysely handle on this one connection, for the merge statements (they must see the temporary table). */
  db: Kysely<Database>;
  copy: Writable | null;
  staged: number;
  /** This lane's last merge, in the sink's order of merges. */
  merged: Promise<void>;
}

async function openLane(pool: pg.Pool, dataset: DatasetKind): Promise<Lane> {
  const client = await pool.connect();
  // Kysely releases its connection after each statement; this one stays ours until close().
  const kept = new Proxy(client, {
    get(target, property) {
      if (property === 'release') return () => {};
      const value = Reflect.get(target, property, target) as unknown;
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: { connect: async () => kept, end: async () => {} } as unknown as pg.Pool }) });
  const { table, columns } = STAGING[dataset];
  try {
    await client.query(`create temporary table if not exists ${table} (${columns})`);
    await client.query(`truncate ${table}`);
  } catch (error) {
    client.release(error as Error);
    throw error;
  }
  return { client, db, copy: null, staged: 0, merged: Promise.resolve() };
}

/** Merges a lane's staged rows into the index and commits them, as one transaction. */
async function mergeLane(lane: Lane, dataset: DatasetKind): Promise<void> {
  const { client, db } = lane;
  const table = STAGING[dataset].table;
  const source = sql.raw(table);
  await client.query('begin');
  try {
    if (dataset === 'basics') {
      await mergeTitles(db, table).catch(async (error: { code?: string }) => {
        // A file listing one title twice: keep its last row, as the array batches do.
        if (error.code !== '21000') throw error;
        await client.query('rollback');
        await client.query('begin');
        await mergeTitlesFrom(db, sql`(select distinct on (tconst) * from ${source} order by tconst, ctid desc) as j`);
      });
    } else if (dataset === 'akas') {
      await mergeAlternativesFrom(db, sql`${source} as a`);
    } else {
      await mergeRatingsFrom(db, sql`(select distinct on (tconst) * from ${source} order by tconst, ctid desc)`);
    }
    await client.query(`truncate ${table}`);
    await client.query('commit');
  } catch (error) {
    await client.query('rollback').catch(() => {});
    throw error;
  }
}

/** A lane's COPY is finished (its rows are in the staging table) before it merges. */
async function endCopy(lane: Lane): Promise<void> {
  const copy = lane.copy;
  if (!copy) return;
  lane.copy = null;
  copy.end();
  await finished(copy);
}

/**
 * A PostgreSQL sink: rows are COPY'd into a temporary table and merged and committed every
 * `rowsPerCopy` rows. With two connections (when the pool has room for them and one more),
 * the next rows stream into the second while the first merges, so parsing here and merging
 * there overlap; the merges still run one at a time, in the file's order.
 */
export async function openCopySink(pool: pg.Pool, dataset: DatasetKind, rowsPerCopy = ROWS_PER_COPY): Promise<RowSink> {
  const lanes = [await openLane(pool, dataset)];
  if ((pool.options.max ?? 10) >= 3) {
    try {
      lanes.push(await openLane(pool, dataset));
    } catch (error) {
      lanes[0]!.client.release();
      throw error;
    }
  }
  let current = 0;
  let lastMerge: Promise<void> = Promise.resolve();
  let committed = 0;
  let failure: unknown = null;

  /** Queues the lane's merge after every earlier one; the next rows go to the other lane. */
  const mergeCurrent = async () => {
    const lane = lanes[current]!;
    current = (current + 1) % lanes.length;
    await endCopy(lane);
    if (lane.staged === 0) return;
    const rows = lane.staged;
    lane.staged = 0;
    lane.merged = lastMerge.then(async () => {
      await mergeLane(lane, dataset);
      committed += rows;
    });
    lastMerge = lane.merged;
    // Reported by the next push, flush or close.
    lane.merged.catch((error: unknown) => {
      failure ??= error;
    });
  };
  const takeCommitted = () => {
    if (failure) throw failure;
    const rows = committed;
    committed = 0;
    return rows;
  };

  return {
    async push(rows) {
      const lane = lanes[current]!;
      // Its earlier merge uses the connection; the COPY must not start between its statements.
      await lane.merged;
      lane.copy ??= lane.client.query(copyFrom(`copy ${STAGING[dataset].table} from stdin`));
      const text = rows.map((row) => line(dataset, row)).join('');
      lane.staged += rows.length;
      if (!lane.copy.write(text)) await Promise.race([once(lane.copy, 'drain'), finished(lane.copy)]);
      if (lane.staged >= rowsPerCopy) await mergeCurrent();
      return takeCommitted();
    },
    async flush() {
      for (let i = 0; i < lanes.length; i++) await mergeCurrent();
      await lastMerge.catch(() => {});
      return takeCommitted();
    },
    async close() {
      await lastMerge.catch(() => {});
      for (const lane of lanes) {
        if (lane.copy) {
          // An unfinished COPY (the import failed while writing): abandon the connection rather than reuse it mid-protocol.
          lane.copy.destroy();
          await finished(lane.copy).catch(() => {});
          lane.client.release(true);
        } else lane.client.release();
      }
    },
  };
}

/** The fast path: the staged rows as they are (one per tconst in any real IMDb file). */
function mergeTitles(db: Kysely<Database>, table: string) {
  return mergeTitlesFrom(db, sql`${sql.raw(table)} as j`);
}
