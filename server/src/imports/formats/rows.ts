import { IMDB_ID_PATTERN, IMPORT_ROWS_MAX, STARS_MAX, STARS_MIN } from '@movieclub/contract';
import type { ParsedList, ParsedRow } from './types';
import { ImportFileError } from './types';

/** How often (in rows) progress is reported while reading. */
const PROGRESS_EVERY = 1000;

/** Collects the rows and lists of an upload, refusing it past IMPORT_ROWS_MAX rows and reporting progress. */
export class RowSink {
  readonly rows: ParsedRow[] = [];
  readonly lists: ParsedList[] = [];

  constructor(
    private readonly onProgress?: (rowsRead: number) => void,
    private readonly rowsMax = IMPORT_ROWS_MAX,
  ) {}

  add(row: ParsedRow): void {
    if (this.rows.length >= this.rowsMax) throw new ImportFileError(tooManyRows(this.rowsMax));
    this.rows.push(row);
    if (this.rows.length % PROGRESS_EVERY === 0) this.onProgress?.(this.rows.length);
  }

  addList(list: Omit<ParsedList, 'index'>): number {
    const index = this.lists.length;
    this.lists.push({ index, ...list });
    return index;
  }

  finish(): void {
    this.onProgress?.(this.rows.length);
  }
}

const tooManyRows = (max: number) =>
  `The file holds more than ${max.toLocaleString('en')} rows; one import takes at most ${max.toLocaleString('en')}. Split it into smaller files and import them one by one.`;

/** A row with everything unknown but where it came from, what it is and its title. */
export function row(file: string, line: number, kind: ParsedRow['kind'], title: string): ParsedRow {
  return { file, line, kind, title, year: null, tconst: null, stars: null, date: null, watchedOn: null, rewatch: false, review: null, list: null, position: null };
}

const number = (text: string | null) => {
  if (text === null) return null;
  const value = Number(text.replace(',', '.'));
  return Number.isFinite(value) ? value : null;
};

/** Letterboxd's 0.5–5 stars as our 1–10. */
export function halfStars(text: string | null): number | null {
  const value = number(text);
  if (value === null || value < 0.5 || value > 5) return null;
  return Math.round(value * 2);
}

/** A 1–10 rating (IMDb's `Your Rating`, the importer's `Rating10`). */
export function tenStars(text: string | null): number | null {
  const value = number(text);
  if (value === null) return null;
  const stars = Math.round(value);
  return stars >= STARS_MIN && stars <= STARS_MAX ? stars : null;
}

export function year(text: string | null): number | null {
  const match = text ? /^(\d{4})(?:\D|$)/.exec(text) : null;
  return match ? Number(match[1]) : null;
}

/** An IMDb id, also out of an IMDb address. */
export function imdbId(text: string | null): string | null {
  const match = text ? /tt\d{7,}/.exec(text) : null;
  return match && IMDB_ID_PATTERN.test(match[0]) ? match[0] : null;
}

export const isYes = (text: string | null) => text !== null && /^(yes|y|true|1)$/i.test(text);

export function wholeNumber(text: string | null): number | null {
  return text !== null && /^\d{1,9}$/.test(text) ? Number(text) : null;
}
