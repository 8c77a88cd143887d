import type { ImportRowKind, ImportSource } from '@movieclub/contract';
import {
  Columns,
  type CsvShape,
  describeColumns,
  IMPORTER_COLUMNS,
  LETTERBOXD_COLUMNS,
  type LetterboxdFile,
  recogniseHeader,
} from './columns';
import { type CsvRecord, csvRecords, isBlank, requireUtf8 } from './csv';
import { normaliseDate } from './dates';
import type { Pace } from './pace';
import { halfStars, imdbId, isYes, row, type RowSink, tenStars, wholeNumber, year } from './rows';
import type { ParsedRow } from './types';
import { ImportFileError } from './types';

/** Where a CSV sits and what it must be. */
export interface CsvContext {
  /** The name rows carry: the path inside the zip, or the upload's own name. */
  file: string;
  /** The upload itself, not a file inside a zip. */
  standalone: boolean;
  /** Fixed by the file's place in a Letterboxd export (`ratings.csv` → rating); null: decided by its columns. */
  kind: ImportRowKind | null;
  sink: RowSink;
  pace: Pace;
}

/** The kind the file's name suggests where the columns cannot tell (`watched.csv` and `watchlist.csv` share theirs). */
const baseName = (file: string) => (file.split('/').pop() ?? file).replace(/\.csv$/i, '');
const namedWatchlist = (file: string) => /watchlist/i.test(baseName(file));
const namedWatched = (file: string) => /watched/i.test(baseName(file));

export const EMPTY = 'The file is empty. Choose the export file again.';

function wrongColumns(context: CsvContext, found: string[]): ImportFileError {
  const expected = context.kind && context.kind !== 'list' ? LETTERBOXD_COLUMNS[LETTERBOXD_FILE[context.kind]] : null;
  if (expected) {
    return new ImportFileError(
      `${context.file} does not have the columns of Letterboxd's ${baseName(context.file)}.csv: expected ${expected.join(', ')}; found ${describeColumns(found)}.`,
    );
  }
  if (context.kind === 'list') {
    return new ImportFileError(
      `${context.file} is not a Letterboxd list: expected a first line “Letterboxd list export v7”, or the columns Position, Title, Year; found ${describeColumns(found)}.`,
    );
  }
  // One literal, end to end: the check that every sentence has a translation reads sentences whole from the source.
  return new ImportFileError(
    `The file's columns are not ones this server can import (found ${describeColumns(found)}). Expected a CSV from a Letterboxd export (ratings.csv: ${LETTERBOXD_COLUMNS.ratings.join(', ')}), an IMDb ratings, list or watchlist export (Const, Your Rating, Date Rated, Title, …), or a CSV with the columns of Letterboxd's importer (any of ${IMPORTER_COLUMNS.join(', ')}).`,
  );
}

/** The file of a Letterboxd export that holds rows of each kind. */
const LETTERBOXD_FILE: Record<Exclude<ImportRowKind, 'list'>, LetterboxdFile> = {
  rating: 'ratings',
  review: 'reviews',
  diary: 'diary',
  watched: 'watched',
  watchlist: 'watchlist',
};

/**
 * Reads one CSV into the sink. Answers the source it belongs to, or null when a file inside a
 * zip, at no known place, has columns this server does not know (it is ignored).
 */
export async function readCsv(bytes: Uint8Array, context: CsvContext): Promise<ImportSource | null> {
  requireUtf8(bytes, context.file, context.standalone);
  if (isBlank(bytes)) {
    if (context.standalone) throw new ImportFileError(EMPTY);
    return null;
  }
  const records = csvRecords(bytes, context.file, context.pace);
  try {
    const first = await records.next();
    if (first.done) {
      if (context.standalone) throw new ImportFileError(EMPTY);
      return null;
    }
    const shape = recogniseHeader(first.value.cells);
    if (!shape || !fits(shape, context.kind)) {
      if (context.standalone || context.kind) throw wrongColumns(context, first.value.cells);
      return null;
    }
    const columns = new Columns(first.value.cells);
    switch (shape.format) {
      case 'letterboxd':
        await readLetterboxd(records, columns, shape.file, context);
        return 'letterboxd';
      case 'letterboxd-list':
        await readLetterboxdList(records, context);
        return 'letterboxd';
      case 'imdb':
        await readImdb(records, columns, shape.file, context);
        return 'imdb';
      case 'importer':
        await readImporter(records, columns, shape.positions, context);
        return 'letterboxd';
    }
  } finally {
    // Stops the parser when reading ended early (an ignored file, a refusal).
    await records.return(undefined);
  }
}

/** Whether a file of this shape may sit where the kind says: Letterboxd's ratings columns in ratings.csv, a list in lists/. */
function fits(shape: CsvShape, kind: ImportRowKind | null): boolean {
  if (kind === null) return true;
  if (kind === 'list') return shape.format === 'letterboxd-list' || (shape.format === 'importer' && shape.positions) || (shape.format === 'imdb' && shape.file === 'list');
  if (shape.format === 'letterboxd-list') return false;
  if (shape.format !== 'letterboxd') return true;
  return shape.file === 'watched-or-watchlist' ? kind === 'watched' || kind === 'watchlist' : shape.file === LETTERBOXD_FILE[kind];
}

type LetterboxdShape = Extract<CsvShape, { format: 'letterboxd' }>['file'];

async function readLetterboxd(records: AsyncGenerator<CsvRecord>, columns: Columns, file: LetterboxdShape, context: CsvContext) {
  const kind: ImportRowKind =
    context.kind ??
    (file === 'ratings' ? 'rating' : file === 'reviews' ? 'review' : file === 'diary' ? 'diary' : namedWatched(context.file) ? 'watched' : 'watchlist');
  let position = 0;
  for await (const { cells, line } of records) {
    const parsed = row(context.file, line, kind, columns.text(cells, 'Name') ?? '');
    parsed.year = year(columns.text(cells, 'Year'));
    parsed.date = normaliseDate(columns.text(cells, 'Date'));
    parsed.stars = halfStars(columns.text(cells, 'Rating'));
    parsed.rewatch = isYes(columns.text(cells, 'Rewatch'));
    parsed.review = columns.text(cells, 'Review');
    parsed.watchedOn = normaliseDate(columns.text(cells, 'Watched Date'));
    if (kind === 'watchlist') parsed.position = ++position;
    context.sink.add(parsed);
  }
}

/** `Letterboxd list export v7`, the list's own block, a blank line, then the films' block. */
async function readLetterboxdList(records: AsyncGenerator<CsvRecord>, context: CsvContext) {
  const head = await records.next();
  if (head.done) throw wrongColumns({ ...context, kind: 'list' }, []);
  const listColumns = new Columns(head.value.cells);
  let listCells: string[] = [];
  let filmColumns: Columns | null = null;
  for (;;) {
    const next = await records.next();
    if (next.done) break;
    if (next.value.cells[0]?.trim().toLowerCase() === 'position') {
      filmColumns = new Columns(next.value.cells);
      break;
    }
    if (listCells.length === 0) listCells = next.value.cells;
  }
  const index = context.sink.addList({
    name: listColumns.text(listCells, 'Name') ?? baseName(context.file),
    description: listColumns.text(listCells, 'Description') ?? '',
    file: context.file,
    moderators: [],
  });
  if (!filmColumns) return;
  const added = normaliseDate(listColumns.text(listCells, 'Date'));
  let ordinal = 0;
  for await (const { cells, line } of records) {
    ordinal += 1;
    const parsed = row(context.file, line, 'list', filmColumns.text(cells, 'Name') ?? '');
    parsed.year = year(filmColumns.text(cells, 'Year'));
    parsed.date = added;
    parsed.list = index;
    parsed.position = wholeNumber(filmColumns.text(cells, 'Position')) ?? ordinal;
    context.sink.add(parsed);
  }
}

async function readImdb(records: AsyncGenerator<CsvRecord>, columns: Columns, file: 'ratings' | 'list', context: CsvContext) {
  const kind: ImportRowKind = context.kind ?? (file === 'ratings' ? 'rating' : namedWatchlist(context.file) ? 'watchlist' : 'list');
  const list = kind === 'list' ? context.sink.addList({ name: baseName(context.file), description: '', file: context.file, moderators: [] }) : null;
  let ordinal = 0;
  for await (const { cells, line } of records) {
    ordinal += 1;
    const tconst = imdbId(columns.text(cells, 'Const'));
    const parsed = row(context.file, line, kind, columns.text(cells, 'Title') ?? tconst ?? '');
    parsed.tconst = tconst;
    parsed.year = year(columns.text(cells, 'Year'));
    parsed.stars = tenStars(columns.text(cells, 'Your Rating'));
    parsed.date = normaliseDate(kind === 'rating' ? columns.text(cells, 'Date Rated') : (columns.text(cells, 'Created') ?? columns.text(cells, 'Date Rated')));
    if (kind === 'list' || kind === 'watchlist') {
      parsed.list = list;
      parsed.position = wholeNumber(columns.text(cells, 'Position')) ?? ordinal;
    }
    context.sink.add(parsed);
  }
}

/**
 * A CSV in the shape Letterboxd's importer reads. Its place in a zip gives the kind; on its own,
 * a file with `Position` is a list (a watchlist when its name says so), a file named like a
 * watchlist is one, and otherwise each row decides: a WatchedDate makes it a diary entry,
 * else review text a review, else a rating a rating, else the film was watched.
 */
async function readImporter(records: AsyncGenerator<CsvRecord>, columns: Columns, positions: boolean, context: CsvContext) {
  const fileKind: ImportRowKind | null = context.kind ?? (namedWatchlist(context.file) ? 'watchlist' : positions ? 'list' : null);
  const list = fileKind === 'list' ? context.sink.addList({ name: baseName(context.file), description: '', file: context.file, moderators: [] }) : null;
  let ordinal = 0;
  for await (const { cells, line } of records) {
    ordinal += 1;
    const tconst = imdbId(columns.text(cells, 'imdbID'));
    const stars = tenStars(columns.text(cells, 'Rating10')) ?? halfStars(columns.text(cells, 'Rating'));
    const watchedOn = normaliseDate(columns.text(cells, 'WatchedDate'));
    const review = columns.text(cells, 'Review');
    const kind = fileKind ?? (columns.text(cells, 'WatchedDate') ? 'diary' : review ? 'review' : stars !== null ? 'rating' : 'watched');
    const title = columns.text(cells, 'Title') ?? tconst ?? columns.text(cells, 'LetterboxdURI') ?? tmdbName(columns.text(cells, 'tmdbID')) ?? '';
    const parsed: ParsedRow = row(context.file, line, kind, title);
    parsed.tconst = tconst;
    parsed.year = year(columns.text(cells, 'Year'));
    parsed.stars = stars;
    parsed.watchedOn = watchedOn;
    parsed.rewatch = isYes(columns.text(cells, 'Rewatch'));
    parsed.review = review;
    if (kind === 'list' || kind === 'watchlist') {
      parsed.list = list;
      parsed.position = wholeNumber(columns.text(cells, 'Position')) ?? ordinal;
    }
    context.sink.add(parsed);
  }
}

const tmdbName = (id: string | null) => (id ? `TMDB ${id}` : null);
