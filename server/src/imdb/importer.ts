import path from 'node:path';
import type { Kysely } from 'kysely';
import { bumpImdbIndexVersion } from '../movies/catalogueCache';
import type { Database, NewImdbTitle } from '../db/schema';
import fs from 'node:fs';
import { isGzip, openLines } from './lines';
import { type AkaRow, type DatasetKind, datasetOf, parseAkasLine, parseBasicsLine, parseRatingsLine, type RatingRow } from './parse';
import { beginIndexedImport, estimateRows } from './searchIndex';
import { postgresPoolOf } from '../db/database';
import { openCopySink, type RowSink } from './postgresCopy';
import { upsertAlternatives, upsertRatings, upsertTitles } from './upsert';

/** Rows parsed per batch (on SQLite, per transaction): large enough to be fast, small enough to bound memory. */
export const ROWS_PER_TRANSACTION = 5000;
/** Line numbers of malformed lines kept for the report; the count goes on past it. */
export const MALFORMED_LINES_KEPT = 100;

export interface FileReport {
  file: string;
  dataset: DatasetKind;
  /** Rows written (committed). */
  rows: number;
  malformed: number;
  /** 1-based line numbers of the first malformed lines (line 1 is the header). */
  malformedLines: number[];
}

export interface ImportProgress {
  file: string;
  dataset: DatasetKind;
  rows: number;
  malformed: number;
  bytesRead: number;
  size: number;
}

export interface ImportOptions {
  onProgress?(progress: ImportProgress): void;
  onFileStart?(file: string, dataset: DatasetKind, size: number): void;
  /** PostgreSQL: rows per COPY and merge (ROWS_PER_COPY); tests make it small to run many rounds. */
  rowsPerCopy?: number;
}

/** A failed import: the sentence says what went wrong; `reports` holds what was committed before it. */
export class ImdbImportError extends Error {
  constructor(
    message: string,
    readonly reports: FileReport[],
  ) {
    super(message);
    this.name = 'ImdbImportError';
  }
}

async function readHeader(file: string): Promise<DatasetKind> {
  const source = await openLines(file);
  try {
    const first = await source.lines.next();
    const dataset = first.done ? null : datasetOf(first.value);
    if (!dataset) {
      throw new Error(`${path.basename(file)} is not an IMDb title.basics, title.ratings or title.akas file (its header row is not theirs).`);
    }
    return dataset;
  } finally {
    await source.lines.return(undefined);
  }
}

/**
 * Imports IMDb dataset files into the index. Basics files go first so ratings
 * and alternative titles (title.akas) land on their titles at once (ratings
 * imported on their own are staged and reach titles imported later). Each batch is one transaction; re-running is safe.
 * A big import rebuilds the search index once at the end (see searchIndex.ts).
 */
export async function importImdbFiles(db: Kysely<Database>, files: string[], options: ImportOptions = {}): Promise<FileReport[]> {
  const reports: FileReport[] = [];
  const typed: { file: string; dataset: DatasetKind }[] = [];
  for (const file of files) {
    try {
      typed.push({ file, dataset: await readHeader(file) });
    } catch (error) {
      throw new ImdbImportError(error instanceof Error ? error.message : String(error), reports);
    }
  }
  // Titles first, so ratings and alternative titles land on them at once.
  typed.sort((a, b) => DATASET_ORDER.indexOf(a.dataset) - DATASET_ORDER.indexOf(b.dataset));
  const sizes = await Promise.all(
    typed.map(async ({ file, dataset }) => ({ dataset, size: (await fs.promises.stat(file)).size, gzip: await isGzip(file) })),
  );
  const finishIndex = await beginIndexedImport(db, estimateRows(sizes));
  try {
    for (const { file, dataset } of typed) {
      const report: FileReport = { file, dataset, rows: 0, malformed: 0, malformedLines: [] };
      reports.push(report);
      try {
        await importFile(db, report, options);
      } catch (error) {
        if (error instanceof ImdbImportError) throw new ImdbImportError(error.message, reports);
        throw error;
      }
    }
  } finally {
    // Also after a failure: the committed batches become searchable.
    await finishIndex();
  }
  await bumpImdbIndexVersion(db);
  return reports;
}

const DATASET_ORDER: DatasetKind[] = ['basics', 'ratings', 'akas'];

/** The SQLite sink (and PostgreSQL's inside a transaction): each pushed batch is one transaction. */
function transactionSink(db: Kysely<Database>, dataset: DatasetKind): RowSink {
  return {
    async push(rows) {
      await db.transaction().execute(async (trx) => {
        if (dataset === 'basics') await upsertTitles(trx, rows as NewImdbTitle[]);
        else if (dataset === 'ratings') await upsertRatings(trx, rows as RatingRow[]);
        else await upsertAlternatives(trx, rows as AkaRow[]);
      });
      return rows.length;
    },
    flush: async () => 0,
    close: async () => {},
  };
}

async function openSink(db: Kysely<Database>, dataset: DatasetKind, rowsPerCopy?: number): Promise<RowSink> {
  const pool = postgresPoolOf(db);
  return pool ? openCopySink(pool, dataset, rowsPerCopy) : transactionSink(db, dataset);
}

async function importFile(db: Kysely<Database>, report: FileReport, options: ImportOptions): Promise<void> {
  const { file, dataset } = report;
  const source = await openLines(file);
  options.onFileStart?.(file, dataset, source.size);
  const parse = { basics: parseBasicsLine, ratings: parseRatingsLine, akas: parseAkasLine }[dataset];
  const sink = await openSink(db, dataset, options.rowsPerCopy);
  let batch: (NewImdbTitle | RatingRow | AkaRow)[] = [];
  let lineNumber = 0;

  const committed = (rows: number) => {
    report.rows += rows;
    options.onProgress?.({ file, dataset, rows: report.rows, malformed: report.malformed, bytesRead: source.bytesRead(), size: source.size });
  };
  const pushBatch = async () => {
    const rows = batch;
    batch = [];
    if (rows.length > 0) committed(await sink.push(rows));
  };

  try {
    try {
      for await (const line of source.lines) {
        lineNumber++;
        if (lineNumber === 1 || line === '') continue;
        const row = parse(line);
        if (row) {
          batch.push(row);
          if (batch.length >= ROWS_PER_TRANSACTION) await pushBatch();
        } else {
          report.malformed++;
          if (report.malformedLines.length < MALFORMED_LINES_KEPT) report.malformedLines.push(lineNumber);
        }
      }
    } catch (error) {
      // Every whole line read before the problem is kept.
      await pushBatch();
      committed(await sink.flush());
      const reason = error instanceof Error ? error.message : String(error);
      const what = /unexpected end of file|incorrect header|invalid|unknown compression/i.test(reason)
        ? 'is truncated or corrupt'
        : `could not be read (${reason})`;
      throw new ImdbImportError(
        `${path.basename(file)} ${what} after line ${lineNumber}; ${report.rows} rows from it were imported before the problem.`,
        [],
      );
    }
    await pushBatch();
    committed(await sink.flush());
  } finally {
    await sink.close();
  }
}
