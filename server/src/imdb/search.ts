import type { Kysely } from 'kysely';
import { SEARCH_LIMIT_MAX, SEARCH_MIN_CHARS } from '@movieclub/contract';
import type { DatabaseKind } from '../db/database';
import type { Database } from '../db/schema';
import { CatalogueCache } from '../movies/catalogueCache';
import { byPopularity, fuzzyPercent, matchTier, normaliseQuery } from './ranking';
import { type Candidate, fuzzyCandidates, strictCandidates } from './searchDialect';

export { FUZZY_MIN_SCORE, normaliseQuery } from './ranking';

export interface TitleSearchResult {
  tconst: string;
  primary_title: string;
  start_year: number | null;
  genres: string | null;
  title_type: string;
}

const reply = (row: Candidate): TitleSearchResult => ({
  tconst: row.tconst,
  primary_title: row.primary_title,
  start_year: row.start_year,
  genres: row.genres,
  title_type: row.title_type,
});

/**
 * Searches the IMDb index by title. Order: exact title, then titles starting
 * with the query, then titles where every word starts a title word, then
 * titles merely containing every word, then near misses (typos) by trigram
 * similarity; within each tier feature films first, then more votes first.
 * The database proposes capped candidate lists in popularity order (see
 * searchDialect.ts); the order is decided here, the same way for both.
 */
export async function searchTitles(db: Kysely<Database>, kind: DatabaseKind, raw: string, limit: number): Promise<TitleSearchResult[]> {
  const query = normaliseQuery(raw);
  if ([...query].length < SEARCH_MIN_CHARS) return [];
  // What people type repeats (the same prefixes, letter by letter): answers are kept until the index or catalogue changes.
  return recentSearches.get(db, `${limit}\u0000${query}`, () => searchIndex(db, kind, query, limit));
}

const recentSearches = new CatalogueCache<TitleSearchResult[]>(5000);

/** The search itself, on a normalised query of at least SEARCH_MIN_CHARS (the benchmark times it without the cache). */
export async function searchIndex(db: Kysely<Database>, kind: DatabaseKind, query: string, limit: number): Promise<TitleSearchResult[]> {
  const size = Math.max(1, Math.min(SEARCH_LIMIT_MAX, Math.floor(limit)));
  const words = query.split(' ');
  // Queries made only of one- and two-letter words are too short to index as trigrams: title starts only.
  const shortOnly = words.every((word) => [...word].length < 3);

  const seen = new Set<string>();
  const strict: { row: Candidate; tier: number }[] = [];
  for (const row of await strictCandidates(db, kind, query, words, size)) {
    if (seen.has(row.tconst)) continue;
    seen.add(row.tconst);
    const tier = matchTier(query, words, row.primary_title);
    if (tier !== null && (!shortOnly || tier <= 1)) strict.push({ row, tier });
  }
  strict.sort((a, b) => a.tier - b.tier || byPopularity(a.row, b.row));
  const results = strict.slice(0, size).map(({ row }) => reply(row));
  if (results.length >= size || [...query].length < 3) return results;

  const fuzzy: { row: Candidate; score: number }[] = [];
  for (const row of await fuzzyCandidates(db, kind, query, words, size)) {
    const score = seen.has(row.tconst) ? null : fuzzyPercent(query, row.primary_title);
    if (score !== null) fuzzy.push({ row, score });
  }
  fuzzy.sort((a, b) => b.score - a.score || byPopularity(a.row, b.row));
  return [...results, ...fuzzy.map(({ row }) => reply(row))].slice(0, size);
}
