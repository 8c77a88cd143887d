/**
 * The column sets of the files we read and write (docs/external-formats.md), and the
 * recognition of a CSV by its first row. Columns are matched by name, ignoring case,
 * spaces around them and their order; extra columns are ignored.
 */

export const LETTERBOXD_COLUMNS = {
  ratings: ['Date', 'Name', 'Year', 'Letterboxd URI', 'Rating'],
  reviews: ['Date', 'Name', 'Year', 'Letterboxd URI', 'Rating', 'Rewatch', 'Review', 'Tags', 'Watched Date'],
  diary: ['Date', 'Name', 'Year', 'Letterboxd URI', 'Rating', 'Rewatch', 'Tags', 'Watched Date'],
  watched: ['Date', 'Name', 'Year', 'Letterboxd URI'],
  watchlist: ['Date', 'Name', 'Year', 'Letterboxd URI'],
} as const;
export type LetterboxdFile = keyof typeof LETTERBOXD_COLUMNS;

/**
 * A list file (`lists/<slug>.csv`): this first line, a block about the list (`Date,Name,Tags,URL,Description`
 * and one row), a blank line, then the films (`Position,Name,Year,URL,Description`).
 */
const LETTERBOXD_LIST_FIRST_LINE = /^letterboxd list export\b/i;

/*
 * IMDb: ratings exports have `Const,Your Rating,Date Rated,Title,Original Title,URL,Title Type,IMDb Rating,
 * Runtime (mins),Year,Genres,Num Votes,Release Date,Directors` (older files lack `Original Title`); list and
 * watchlist exports add `Position,Created,Modified,Description`. Told apart by `Const` and `Position`.
 */

/** The columns Letterboxd's importer reads; our own Letterboxd export adds `Position` to list files. */
export const IMPORTER_COLUMNS = ['LetterboxdURI', 'tmdbID', 'imdbID', 'Title', 'Year', 'Directors', 'WatchedDate', 'Rating', 'Rating10', 'Tags', 'Review', 'Rewatch'];
const IMPORTER_KNOWN = new Set([...IMPORTER_COLUMNS, 'Position'].map((name) => name.toLowerCase()));
const IMPORTER_NAMING = ['title', 'imdbid', 'tmdbid', 'letterboxduri'];

const fold = (name: string) => name.replace(/^\uFEFF/, '').trim().toLowerCase();

/** A CSV's header row: the cells of a record by column name. */
export class Columns {
  private readonly index = new Map<string, number>();

  constructor(readonly names: string[]) {
    names.forEach((name, i) => {
      if (!this.index.has(fold(name))) this.index.set(fold(name), i);
    });
  }

  has(name: string): boolean {
    return this.index.has(fold(name));
  }

  missing(names: readonly string[]): string[] {
    return names.filter((name) => !this.has(name));
  }

  /** The cell, trimmed at its ends (line breaks inside kept); null when empty or absent. */
  text(cells: string[], name: string): string | null {
    const i = this.index.get(fold(name));
    const value = i === undefined ? undefined : cells[i]?.trim();
    return value ? value : null;
  }
}

/** What a CSV is, from its first row. */
export type CsvShape =
  | { format: 'letterboxd'; file: 'ratings' | 'reviews' | 'diary' | 'watched-or-watchlist' }
  | { format: 'letterboxd-list' }
  | { format: 'imdb'; file: 'ratings' | 'list' }
  | { format: 'importer'; positions: boolean };

export function recogniseHeader(first: string[]): CsvShape | null {
  if (first.length > 0 && LETTERBOXD_LIST_FIRST_LINE.test(first[0]!.replace(/^\uFEFF/, '').trim())) return { format: 'letterboxd-list' };
  const columns = new Columns(first);
  if (columns.has('Const') && columns.has('Title')) {
    if (columns.has('Position')) return { format: 'imdb', file: 'list' };
    if (columns.has('Your Rating')) return { format: 'imdb', file: 'ratings' };
    return null;
  }
  // Letterboxd's own export: the file is told by the columns it has beyond these two.
  if (columns.missing(['Name', 'Letterboxd URI']).length === 0) {
    if (columns.has('Review')) return { format: 'letterboxd', file: 'reviews' };
    if (columns.has('Watched Date')) return { format: 'letterboxd', file: 'diary' };
    if (columns.has('Rating')) return { format: 'letterboxd', file: 'ratings' };
    return { format: 'letterboxd', file: 'watched-or-watchlist' };
  }
  const folded = first.map(fold).filter(Boolean);
  if (folded.length > 0 && folded.every((name) => IMPORTER_KNOWN.has(name)) && folded.some((name) => IMPORTER_NAMING.includes(name))) {
    return { format: 'importer', positions: columns.has('Position') };
  }
  return null;
}

/** The columns found, for a refusal: at most eight, each cut short. */
export function describeColumns(first: string[]): string {
  const shown = first.slice(0, 8).map((name) => name.trim().slice(0, 40) || '(empty)');
  return shown.join(', ') + (first.length > 8 ? ', …' : '');
}
