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

/** A PostgreSQL sink: rows are COPY'd into a temporary table, merged and committed every ROWS_PER_COPY rows. */
export async function openCopySink(pool: pg.Pool, dataset: DatasetKind): Promise<RowSink> {
  const client = await pool.connect();
  // A Kysely handle on this one connection, for the merge statements (they must see the temporary table).
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
  let copy: Writable | null = null;
  let staged = 0;

  try {
    await client.query(`create temporary table if not exists ${table} (${columns})`);
    await client.query(`truncate ${table}`);
  } catch (error) {
    client.release(error as Error);
    throw error;
  }

  const merge = async (): Promise<number> => {
    if (copy) {
      copy.end();
      await finished(copy);
      copy = null;
    }
    if (staged === 0) return 0;
    const rows = staged;
    await client.query('begin');
    try {
      const source = sql.raw(table);
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
    staged = 0;
    return rows;
  };

  return {
    async push(rows) {
      copy ??= client.query(copyFrom(`copy ${table} from stdin`));
      const text = rows.map((row) => line(dataset, row)).join('');
      staged += rows.length;
      if (!copy.write(text)) await Promise.race([once(copy, 'drain'), finished(copy)]);
      return staged >= ROWS_PER_COPY ? merge() : 0;
    },
    flush: merge,
    async close() {
      if (copy) {
        // An unfinished COPY (the import failed while writing): abandon the connection rather than reuse it mid-protocol.
        copy.destroy();
        await finished(copy).catch(() => {});
        client.release(true);
        return;
      }
      client.release();
    },
  };
}

/** The fast path: the staged rows as they are (one per tconst in any real IMDb file). */
function mergeTitles(db: Kysely<Database>, table: string) {
  return mergeTitlesFrom(db, sql`${sql.raw(table)} as j`);
}
