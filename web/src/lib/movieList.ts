import { toNumber } from '../api/adapters';
import { t } from '../i18n';
import { fuzzyScore } from './fuzzy';

export type SortField = 'imdb_rating' | 'avg_user_rating' | 'my_rating' | 'title';
export type SortOrder = 'desc' | 'asc';

/** The home list's sort fields and orders, labelled in the current language. */
export const sortFields = (): { label: string; value: SortField }[] => [
  { label: t('IMDb Rating'), value: 'imdb_rating' },
  { label: t('Average User Rating'), value: 'avg_user_rating' },
  { label: t('My Rating'), value: 'my_rating' },
  { label: t('Title'), value: 'title' },
];
export const sortOrders = (): { label: string; value: SortOrder }[] => [
  { label: t('Descending'), value: 'desc' },
  { label: t('Ascending'), value: 'asc' },
];

export interface ListOptions<T> {
  query: string;
  field: SortField;
  order: SortOrder;
  /** The value a movie is sorted by for the numeric fields (any type; non-numbers count as missing). */
  valueOf(movie: T, field: Exclude<SortField, 'title'>): unknown;
  titleOf(movie: T): string;
  limit?: number;
}

/**
 * Compares two sort values in the given order. Missing or non-numeric values
 * (and missing titles) always go last, whichever the order.
 */
// One collator for every comparison: localeCompare with options builds a new one each call, which made sorting a big catalogue slow.
const titleCollator = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true });

export function compareSortValues(a: unknown, b: unknown, order: SortOrder, kind: 'number' | 'text'): number {
  const left = kind === 'number' ? toNumber(a) : typeof a === 'string' && a.trim() ? a : null;
  const right = kind === 'number' ? toNumber(b) : typeof b === 'string' && b.trim() ? b : null;
  if (left === null || right === null) return left === right ? 0 : left === null ? 1 : -1;
  const ascending =
    typeof left === 'number' && typeof right === 'number'
      ? left - right
      : titleCollator.compare(String(left), String(right));
  return order === 'asc' ? ascending : -ascending;
}

/**
 * The home list: titles matching the query (fuzzy subsequence), best matches
 * first while searching, then by the chosen field and order; ties by title.
 */
export function listMovies<T>(movies: readonly T[], options: ListOptions<T>): T[] {
  const { query, field, order, valueOf, titleOf, limit } = options;
  const scored: { movie: T; score: number }[] = [];
  for (const movie of movies) {
    const score = fuzzyScore(query, titleOf(movie));
    if (score !== null) scored.push({ movie, score });
  }
  const byField = (a: T, b: T) =>
    field === 'title'
      ? compareSortValues(titleOf(a), titleOf(b), order, 'text')
      : compareSortValues(valueOf(a, field), valueOf(b, field), order, 'number');
  scored.sort(
    (a, b) =>
      b.score - a.score ||
      byField(a.movie, b.movie) ||
      compareSortValues(titleOf(a.movie), titleOf(b.movie), 'asc', 'text'),
  );
  const sorted = scored.map((entry) => entry.movie);
  return limit === undefined ? sorted : sorted.slice(0, limit);
}

/** The carousel's movies: newest date_added first, ties by the higher id. */
export function newestAdded<T extends { id: number; date_added: string }>(movies: readonly T[], limit: number): T[] {
  return [...movies]
    .sort((a, b) => (a.date_added < b.date_added ? 1 : a.date_added > b.date_added ? -1 : b.id - a.id))
    .slice(0, limit);
}
