import { performance } from 'node:perf_hooks';
import type { Kysely } from 'kysely';
import { SEARCH_LIMIT_MAX, SEARCH_MIN_CHARS } from '@movieclub/contract';
import type { DatabaseKind } from '../db/database';
import type { Database } from '../db/schema';
import { CatalogueCache, imdbIndexVersion } from '../movies/catalogueCache';
import { byRank, compareRanks, fuzzyPercents, fuzzyRank, matchTier, normaliseQuery, type Rank, strictRank } from './ranking';
import { type Candidate, fuzzyCandidates, readsCutShort, SEARCH_TIME_BUDGET_MS, strictCandidates } from './searchDialect';

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
 * Searches the IMDb index by title. Strict matches (exact title, title starting
 * with the query, every word starting a title word) come first, ranked by match
 * quality and popularity together, so a famous film matching a word passes an
 * obscure exact title; then titles merely containing every word, by popularity;
 * then near misses (typos) by trigram similarity and popularity (ranking.ts).
 * Titles are compared by their search keys (searchKey.ts), and a title's original
 * and alternative titles match as well as its primary one. The database proposes capped candidate lists (see searchDialect.ts); the order
 * is decided here, the same way for both.
 */
export async function searchTitles(
  db: Kysely<Database>,
  kind: DatabaseKind,
  raw: string,
  limit: number,
  budgetMs = SEARCH_TIME_BUDGET_MS,
): Promise<TitleSearchResult[]> {
  const query = normaliseQuery(raw);
  if ([...query].length < SEARCH_MIN_CHARS) return [];
  // What people type repeats (the same prefixes, letter by letter): answers are kept until an import changes the index.
  const key = `${limit}\u0000${budgetMs}\u0000${query}`;
  const version = await imdbIndexVersion(db);
  const kept = recentSearches.peek(db, key, version);
  if (kept) return kept;
  const report = { cut: false };
  const answer = readsCutShort.run(report, () => searchIndex(db, kind, query, limit, budgetMs));
  // Kept at once, so the same search asked meanwhile shares it; dropped once done if a timed read was
  // cut short (a busy moment): the next asker gets a whole answer, not this one for good.
  recentSearches.put(db, key, version, answer);
  void answer.then(
    () => report.cut && recentSearches.forget(db, key, answer),
    () => undefined,
  );
  return answer;
}

const recentSearches = new CatalogueCache<TitleSearchResult[]>(5000);

/** The part of the time budget the strict reads may use. */
const STRICT_SHARE = 0.625;

/**
 * The search itself, on a normalised query of at least SEARCH_MIN_CHARS (the benchmark times it
 * without the cache). PostgreSQL's timed reads end `budgetMs` after it began, the strict ones
 * (exact, start, every word) by STRICT_SHARE of that, so the typo reads keep some time.
 */
export async function searchIndex(
  db: Kysely<Database>,
  kind: DatabaseKind,
  query: string,
  limit: number,
  budgetMs = SEARCH_TIME_BUDGET_MS,
): Promise<TitleSearchResult[]> {
  const began = performance.now();
  const size = Math.max(1, Math.min(SEARCH_LIMIT_MAX, Math.floor(limit)));
  const words = query.split(' ');
  // Queries made only of one- and two-letter words are too short to index as trigrams: title starts only.
  const shortOnly = words.every((word) => [...word].length < 3);

  // Each title once, at its best rank (it may match by its primary title and by another name).
  const best = new Map<string, { row: Candidate; rank: Rank }>();
  const keep = (row: Candidate, rank: Rank) => {
    const known = best.get(row.tconst);
    if (!known || compareRanks(rank, known.rank) < 0) best.set(row.tconst, { row, rank });
  };
  const namesOf = (row: Candidate) => (row.matched_name ? [row.primary_title, row.matched_name] : [row.primary_title]);
  /** The best strict tier of a candidate's names (accents and punctuation folded), or null when none matches strictly. */
  const strictTier = (row: Candidate) => {
    const tiers = namesOf(row).flatMap((name) => matchTier(query, words, name) ?? []);
    const tier = tiers.length ? Math.min(...tiers) : null;
    return tier === null || (shortOnly && tier > 1) ? null : tier;
  };
  const answer = () => [...best.values()].sort(byRank).slice(0, size).map(({ row }) => reply(row));

  for (const row of await strictCandidates(db, kind, query, words, size, began + budgetMs * STRICT_SHARE)) {
    const tier = strictTier(row);
    if (tier !== null) keep(row, strictRank(tier, row));
  }
  if (best.size >= size || [...query].length < 3) return answer();

  const percentOf = fuzzyPercents(query);
  for (const row of await fuzzyCandidates(db, kind, query, words, size, began + budgetMs)) {
    // A title the strict lookup did not reach (past its candidate caps) still ranks as the match it is.
    const tier = strictTier(row);
    if (tier !== null) {
      keep(row, strictRank(tier, row));
      continue;
    }
    const percents = namesOf(row).flatMap((name) => percentOf(name) ?? []);
    if (percents.length) keep(row, fuzzyRank(Math.max(...percents), row));
  }
  return answer();
}
