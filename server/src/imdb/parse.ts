import type { NewImdbTitle } from '../db/schema';
import { searchKey } from './searchKey';

export const BASICS_HEADER = 'tconst\ttitleType\tprimaryTitle\toriginalTitle\tisAdult\tstartYear\tendYear\truntimeMinutes\tgenres';
export const RATINGS_HEADER = 'tconst\taverageRating\tnumVotes';
export const AKAS_HEADER = 'titleId\tordering\ttitle\tregion\tlanguage\ttypes\tattributes\tisOriginalTitle';

export type DatasetKind = 'basics' | 'ratings' | 'akas';

/** One alternative title (title.akas), as its search key. */
export interface AkaRow {
  tconst: string;
  search_title: string;
}

export interface RatingRow {
  tconst: string;
  average_rating: number;
  num_votes: number;
}

const TCONST = /^tt\d{7,}$/;
const NULL = '\\N';

/** Which dataset a header line belongs to, or null when it is neither. */
export function datasetOf(header: string): DatasetKind | null {
  const clean = header.replace(/^\uFEFF/, '').trimEnd();
  if (clean === BASICS_HEADER) return 'basics';
  if (clean === RATINGS_HEADER) return 'ratings';
  if (clean === AKAS_HEADER) return 'akas';
  return null;
}

/** `\N` → null; otherwise a whole number in range, or undefined when malformed. */
function wholeNumber(field: string, max: number): number | null | undefined {
  if (field === NULL) return null;
  if (!/^\d{1,9}$/.test(field)) return undefined;
  const value = Number(field);
  return value <= max ? value : undefined;
}

/** One title.basics line (tab-separated, never quoted) → a row, or null when malformed. */
export function parseBasicsLine(line: string): NewImdbTitle | null {
  const fields = line.split('\t');
  if (fields.length !== 9) return null;
  const [tconst, titleType, primaryTitle, originalTitle, isAdult, startYear, endYear, runtime, genres] = fields;
  if (!TCONST.test(tconst) || titleType === NULL || !titleType || primaryTitle === NULL || !primaryTitle) return null;
  if (isAdult !== '0' && isAdult !== '1') return null;
  const start = wholeNumber(startYear, 3000);
  const end = wholeNumber(endYear, 3000);
  const minutes = wholeNumber(runtime, 1_000_000);
  if (start === undefined || end === undefined || minutes === undefined) return null;
  return {
    tconst,
    title_type: titleType,
    primary_title: primaryTitle,
    original_title: originalTitle === NULL ? null : originalTitle,
    is_adult: Number(isAdult),
    start_year: start,
    end_year: end,
    runtime_minutes: minutes,
    genres: genres === NULL || genres === '' ? null : genres,
    search_title: searchKey(primaryTitle),
  };
}

/** One title.ratings line → a row, or null when malformed. */
export function parseRatingsLine(line: string): RatingRow | null {
  const fields = line.split('\t');
  if (fields.length !== 3) return null;
  const [tconst, rating, votes] = fields;
  if (!TCONST.test(tconst) || !/^\d{1,2}(\.\d{1,2})?$/.test(rating)) return null;
  const average = Number(rating);
  const count = wholeNumber(votes, 2_000_000_000);
  if (average > 10 || count === undefined || count === null) return null;
  return { tconst, average_rating: average, num_votes: count };
}

/** One title.akas line → the title's alternative name as a search key, or null when malformed. */
export function parseAkasLine(line: string): AkaRow | null {
  const fields = line.split('\t');
  if (fields.length !== 8) return null;
  const [tconst, ordering, title] = fields;
  if (!TCONST.test(tconst) || !/^\d{1,4}$/.test(ordering) || title === NULL || !title) return null;
  return { tconst, search_title: searchKey(title) };
}

/** The key of a title's original title, when it is another name than its primary title's key. */
export function originalKey(title: NewImdbTitle): string | null {
  if (!title.original_title || title.original_title === title.primary_title) return null;
  const key = searchKey(title.original_title);
  return key && key !== title.search_title ? key : null;
}
