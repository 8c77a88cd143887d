import { IMPORT_FILE_MAX_BYTES, type ImportRowKind, type ImportSource } from '@movieclub/contract';
import { EMPTY, readCsv } from './readCsv';
import { MOVIECLUB_FILE, readMovieclub } from './movieclub';
import { Pace } from './pace';
import { RowSink } from './rows';
import { ImportFileError, type ParsedImport } from './types';
import { isZip, UNZIP_LIMITS, type UnzipLimits, unzipSafely } from './unzip';

/**
 * Reading an upload (docs/behaviour.md, *Imports and exports: files*): a zip (told by its first
 * bytes, never its name) is a Letterboxd export, possibly wrapped in one folder, or our own
 * export (`movieclub.json`); anything else is one CSV (or our JSON on its own), told by its
 * columns. Every refusal is an ImportFileError whose message the member reads.
 */

export interface ParseOptions {
  onProgress?: (rowsRead: number) => void;
  /** Smaller limits for tests; the contract's otherwise. */
  rowsMax?: number;
  unzip?: UnzipLimits;
}

const NOTHING_TO_IMPORT = 'The file holds no films to import: it has its columns but no rows.';
const NO_KNOWN_FILE =
  'The zip holds no file this server can import. Upload the zip of a Letterboxd export (ratings.csv, diary.csv, reviews.csv, watched.csv, watchlist.csv, lists/), ' +
  'a movieclub export, or an IMDb CSV on its own.';

/** Letterboxd export files by their place in the zip, and the kind of row each holds. */
const LETTERBOXD_FILES: Record<string, ImportRowKind> = {
  'ratings.csv': 'rating',
  'reviews.csv': 'review',
  'diary.csv': 'diary',
  'watched.csv': 'watched',
  'watchlist.csv': 'watchlist',
};
const FILE_ORDER = Object.keys(LETTERBOXD_FILES);
/** Folders of a Letterboxd export that hold nothing to import (likes, deleted and orphaned entries), and macOS's zip litter. */
const IGNORED_FOLDERS = new Set(['likes', 'deleted', 'orphaned', '__macosx']);

const hidden = (segment: string) => segment.startsWith('.');

/** Whether an entry could matter: a CSV or our JSON at the top, in lists/, or the same under one wrapping folder. */
function mayMatter(name: string): boolean {
  const segments = name.split('/');
  const base = segments.pop()!;
  if (hidden(base) || !/\.(csv|json)$/i.test(base)) return false;
  const folders = segments.map((segment) => segment.toLowerCase());
  if (folders.some((folder) => IGNORED_FOLDERS.has(folder) || hidden(folder))) return false;
  if (folders.length === 0) return true;
  if (folders.length === 1) return true;
  return folders.length === 2 && folders[1] === 'lists';
}

/** The one folder every file of the zip sits in (`letterboxd-name-2025-01-01-utc/`), if any. */
function wrappingFolder(names: string[]): string {
  const visible = names.filter((name) => !name.split('/').some((segment) => hidden(segment) || segment.toLowerCase() === '__macosx'));
  const [first] = visible;
  if (!first || !first.includes('/')) return '';
  const folder = first.slice(0, first.indexOf('/') + 1);
  if (folder.toLowerCase() === 'lists/') return '';
  return visible.every((name) => name.startsWith(folder)) ? folder : '';
}

async function readZip(bytes: Uint8Array, sink: RowSink, pace: Pace, limits: UnzipLimits): Promise<{ source: ImportSource; exportedBy?: string }> {
  const { files, names } = await unzipSafely(bytes, mayMatter, limits);
  const folder = wrappingFolder(names);
  const inside = new Map<string, Uint8Array>();
  for (const [name, data] of files) if (name.startsWith(folder)) inside.set(name.slice(folder.length), data);

  const ours = inside.get(MOVIECLUB_FILE);
  if (ours) return { source: 'movieclub', exportedBy: await readMovieclub(ours, MOVIECLUB_FILE, sink, pace) };

  const placed = (path: string): ImportRowKind | null | undefined => {
    const lower = path.toLowerCase();
    if (LETTERBOXD_FILES[lower]) return LETTERBOXD_FILES[lower];
    if (/^lists\/[^/]+\.csv$/.test(lower)) return 'list';
    // Another CSV at the top may be any file this server knows, told by its columns; else it is ignored.
    if (!lower.includes('/') && lower.endsWith('.csv')) return null;
    return undefined;
  };
  const rank = (path: string) => {
    const known = FILE_ORDER.indexOf(path.toLowerCase());
    return known >= 0 ? known : path.toLowerCase().startsWith('lists/') ? FILE_ORDER.length : FILE_ORDER.length + 1;
  };
  const paths = [...inside.keys()].filter((path) => placed(path) !== undefined).sort((a, b) => rank(a) - rank(b) || (a < b ? -1 : a > b ? 1 : 0));

  const sources = new Set<ImportSource>();
  for (const path of paths) {
    const source = await readCsv(inside.get(path)!, { file: path, standalone: false, kind: placed(path)!, sink, pace });
    if (source) sources.add(source);
  }
  if (sources.size === 0) throw new ImportFileError(NO_KNOWN_FILE);
  return { source: sources.has('letterboxd') ? 'letterboxd' : 'imdb' };
}

/** Our JSON uploaded without its zip starts with `{`. */
function looksLikeJson(bytes: Uint8Array): boolean {
  const start = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.byteLength, 64)).toString('utf8').replace(/^\uFEFF/, '').trimStart();
  return start.startsWith('{');
}

export async function readUpload(bytes: Buffer, fileName: string, options: ParseOptions = {}): Promise<ParsedImport> {
  if (bytes.length === 0) throw new ImportFileError(EMPTY);
  if (bytes.length > IMPORT_FILE_MAX_BYTES) {
    throw new ImportFileError(`The file is larger than ${IMPORT_FILE_MAX_BYTES / 1024 / 1024} MB. Upload the export as it came (a zip is smaller), or one of its CSV files.`);
  }
  const sink = new RowSink(options.onProgress, options.rowsMax);
  const pace = new Pace();
  const file = fileName.trim() || 'upload.csv';
  let result: { source: ImportSource; exportedBy?: string };
  if (isZip(bytes)) result = await readZip(bytes, sink, pace, options.unzip ?? UNZIP_LIMITS);
  else if (looksLikeJson(bytes)) result = { source: 'movieclub', exportedBy: await readMovieclub(bytes, file, sink, pace) };
  else {
    const source = await readCsv(bytes, { file, standalone: true, kind: null, sink, pace });
    result = { source: source ?? 'letterboxd' };
  }
  if (sink.rows.length === 0 && sink.lists.length === 0) throw new ImportFileError(NOTHING_TO_IMPORT);
  sink.finish();
  return { source: result.source, rows: sink.rows, lists: sink.lists, ...(result.exportedBy ? { exportedBy: result.exportedBy } : {}) };
}

/** Reads an uploaded file into rows and lists, or refuses it with a sentence (ImportFileError). */
export async function parseImportFile(bytes: Buffer, fileName: string, onProgress?: (rowsRead: number) => void): Promise<ParsedImport> {
  return readUpload(bytes, fileName, { onProgress });
}
