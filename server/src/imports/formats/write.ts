import { stringify } from 'csv-stringify/sync';
import { strToU8, zipSync } from 'fflate';
import type { ExportData, ExportItem, ExportList } from './exportData';
import { MOVIECLUB_FILE, type MovieclubDocument, MOVIECLUB_VERSION } from './movieclub';

/**
 * The export writers: plain data in, a zip out. Nothing here reads the database.
 * - letterboxdZip: CSVs in the shape Letterboxd's importer reads (imdbID filled, LetterboxdURI empty);
 * - movieclubZip: `movieclub.json`, everything, for another movieclub server;
 * - spreadsheetZip: CSVs with readable columns (a BOM and CRLF line ends, as spreadsheets like them; a text
 *   starting as a formula does (= + - @) starts with an apostrophe, so that opening the file runs nothing).
 */

type Cell = string | number | null;
export const LETTERBOXD_EXPORT_COLUMNS = {
  ratings: ['imdbID', 'Title', 'Year', 'Rating10', 'Rating', 'LetterboxdURI'],
  diary: ['imdbID', 'Title', 'Year', 'WatchedDate', 'Rating10', 'Rating', 'Rewatch', 'LetterboxdURI'],
  reviews: ['imdbID', 'Title', 'Year', 'WatchedDate', 'Rating10', 'Rating', 'Review', 'LetterboxdURI'],
  watchlist: ['imdbID', 'Title', 'Year', 'LetterboxdURI'],
  list: ['Position', 'imdbID', 'Title', 'Year', 'LetterboxdURI'],
} as const;

/** A text a spreadsheet would take for a formula (OWASP's CSV injection list): a leading apostrophe keeps it text. */
const FORMULA_START = /^[=+\-@\t\r]/;
const asSpreadsheetText = (cell: Cell): Cell => (typeof cell === 'string' && FORMULA_START.test(cell) ? `'${cell}` : cell);

function csv(header: readonly string[], rows: Cell[][], forSpreadsheets = false): string {
  const cellsOf = (cells: Cell[]) => (forSpreadsheets ? cells.map(asSpreadsheetText) : cells);
  const text = stringify([[...header], ...rows.map((cells) => cellsOf(cells).map((cell) => cell ?? ''))], {
    record_delimiter: forSpreadsheets ? 'windows' : 'unix',
    // csv-stringify quotes only a field holding the whole record delimiter, but a spreadsheet ends a row at a lone LF or CR too.
    quoted_match: /[\r\n]/,
  });
  return forSpreadsheets ? `\uFEFF${text}` : text;
}

function zipOf(files: Record<string, string>, when: Date): Buffer {
  const entries = Object.fromEntries(Object.entries(files).map(([name, text]) => [name, strToU8(text)]));
  return Buffer.from(zipSync(entries, { level: 6, mtime: when }));
}

/** A file name that keeps the list's name readable: characters file systems refuse replaced, cut to 80. */
function fileNameOf(name: string): string {
  const safe = name
    .normalize('NFC')
    .replace(/"/g, "'")
    .replace(/[/\\:*?<>|\p{Cc}]/gu, '-')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^\.+/, '')
    .slice(0, 80)
    .trim();
  return safe || 'list';
}

/** `lists/<name>.csv` for each list, made unique (`Horror.csv`, `Horror (2).csv`) regardless of case. */
export function listFileNames(lists: ExportList[]): string[] {
  const used = new Set<string>();
  return lists.map((list) => {
    const base = fileNameOf(list.name);
    let name = base;
    for (let n = 2; used.has(name.toLowerCase()); n++) name = `${base} (${n})`;
    used.add(name.toLowerCase());
    return `lists/${name}.csv`;
  });
}

const byPosition = (items: ExportItem[]) => [...items].sort((a, b) => a.position - b.position);
const halfStars = (stars: number | null | undefined) => (stars === null || stars === undefined ? null : stars / 2);

/**
 * Letterboxd's import format. ratings.csv: every review's stars; diary.csv: every viewing (one
 * without a day leaves WatchedDate empty, which Letterboxd reads as watched), with the film's stars;
 * reviews.csv: reviews with text, dated by the film's latest viewing when there is one;
 * watchlist.csv; lists/<name>.csv: the importer's columns with Position, in order.
 */
export function letterboxdZip(data: ExportData, when = new Date()): Buffer {
  const film = (tconst: string): Cell[] => {
    const movie = data.movies[tconst];
    return [tconst, movie?.title ?? tconst, movie?.year ?? null];
  };
  const stars = new Map(data.reviews.map((review) => [review.tconst, review.stars]));
  const lastWatched = new Map<string, string>();
  for (const viewing of data.viewings) {
    if (viewing.watched_on && viewing.watched_on > (lastWatched.get(viewing.tconst) ?? '')) lastWatched.set(viewing.tconst, viewing.watched_on);
  }
  const files: Record<string, string> = {
    'ratings.csv': csv(
      LETTERBOXD_EXPORT_COLUMNS.ratings,
      data.reviews.map((review) => [...film(review.tconst), review.stars, halfStars(review.stars), '']),
    ),
    'diary.csv': csv(
      LETTERBOXD_EXPORT_COLUMNS.diary,
      data.viewings.map((viewing) => {
        const rated = stars.get(viewing.tconst) ?? null;
        return [...film(viewing.tconst), viewing.watched_on, rated, halfStars(rated), viewing.rewatch ? 'Yes' : '', ''];
      }),
    ),
    'reviews.csv': csv(
      LETTERBOXD_EXPORT_COLUMNS.reviews,
      data.reviews
        .filter((review) => review.text?.trim())
        .map((review) => [...film(review.tconst), lastWatched.get(review.tconst) ?? null, review.stars, halfStars(review.stars), review.text!.trim(), '']),
    ),
    'watchlist.csv': csv(
      LETTERBOXD_EXPORT_COLUMNS.watchlist,
      byPosition(data.watchlist).map((item) => [...film(item.tconst), '']),
    ),
  };
  listFileNames(data.lists).forEach((file, i) => {
    const list = data.lists[i]!;
    files[file] = csv(
      LETTERBOXD_EXPORT_COLUMNS.list,
      byPosition(list.items).map((item) => [item.position, ...film(item.tconst), '']),
    );
  });
  return zipOf(files, when);
}

/** The movieclub document (version 1): only the movies the rest names, by IMDb id. */
export function movieclubDocument(data: ExportData, when = new Date()): MovieclubDocument {
  const named = new Set([
    ...data.reviews.map((review) => review.tconst),
    ...data.viewings.map((viewing) => viewing.tconst),
    ...data.watchlist.map((item) => item.tconst),
    ...data.lists.flatMap((list) => list.items.map((item) => item.tconst)),
  ]);
  const movies = [...named].sort().map((tconst) => data.movies[tconst] ?? { tconst, title: tconst, year: null });
  return {
    format: 'movieclub',
    version: MOVIECLUB_VERSION,
    exported_at: when.toISOString(),
    user: { username: data.user.username, created_at: data.user.created_at, profile_picture: data.user.profile_picture ?? null },
    movies: movies.map(({ tconst, title, year }) => ({ tconst, title, year })),
    reviews: data.reviews.map((review) => ({ ...review })),
    viewings: data.viewings.map((viewing) => ({ ...viewing, with: [...viewing.with] })),
    watchlist: byPosition(data.watchlist),
    lists: data.lists.map((list) => ({ ...list, items: byPosition(list.items), moderators: [...list.moderators] })),
  };
}

export function movieclubZip(data: ExportData, when = new Date()): Buffer {
  return zipOf({ [MOVIECLUB_FILE]: `${JSON.stringify(movieclubDocument(data, when), null, 2)}\n` }, when);
}

/** A list description's HTML as plain text: paragraphs and line breaks kept, tags dropped, entities read. */
export function htmlToText(html: string): string {
  return html
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|h[1-6]|li|blockquote|pre)>\s*/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#0?39;/g, "'")
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

const yesNo = (value: boolean | null) => (value === null ? '' : value ? 'yes' : 'no');

/** CSVs for spreadsheets: reviews.csv, diary.csv, watchlist.csv, lists.csv (one line per list) and lists/<name>.csv. */
export function spreadsheetZip(data: ExportData, when = new Date()): Buffer {
  const film = (tconst: string): Cell[] => {
    const movie = data.movies[tconst];
    return [movie?.title ?? tconst, movie?.year ?? null, tconst];
  };
  const items = (list: ExportItem[]) => byPosition(list).map((item) => [item.position, ...film(item.tconst), item.added_at]);
  const itemColumns = ['Position', 'Title', 'Year', 'IMDb id', 'Added at'];
  const listFiles = listFileNames(data.lists);
  const files: Record<string, string> = {
    'reviews.csv': csv(
      ['Title', 'Year', 'IMDb id', 'Stars (1-10)', 'Review', 'TTM rating', 'Pain level', 'Smoke alarms', 'Equipment seen', 'Estimated budget', 'Reviewed at', 'Changed at'],
      data.reviews.map((review) => [
        ...film(review.tconst),
        review.stars,
        review.text,
        review.ttm_rating,
        review.pain_level,
        yesNo(review.smoke_alarms),
        yesNo(review.equipment_seen),
        review.estimated_budget,
        review.created_at,
        review.updated_at,
      ]),
      true,
    ),
    'diary.csv': csv(
      ['Watched on', 'Title', 'Year', 'IMDb id', 'Rewatch', 'Watched with', 'Place', 'Note', 'Logged at'],
      data.viewings.map((viewing) => [
        viewing.watched_on,
        ...film(viewing.tconst),
        viewing.rewatch ? 'yes' : 'no',
        viewing.with.join(', '),
        viewing.place,
        viewing.note,
        viewing.created_at,
      ]),
      true,
    ),
    'watchlist.csv': csv(itemColumns, items(data.watchlist), true),
    'lists.csv': csv(
      ['List', 'File', 'Films', 'Moderators', 'Created at', 'Description'],
      data.lists.map((list, i) => [list.name, listFiles[i]!, list.items.length, list.moderators.join(', '), list.created_at, htmlToText(list.description_html)]),
      true,
    ),
  };
  data.lists.forEach((list, i) => {
    files[listFiles[i]!] = csv(itemColumns, items(list.items), true);
  });
  return zipOf(files, when);
}
