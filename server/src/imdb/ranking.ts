import { fuzzyScore } from './trigrams';

/**
 * How search results are ordered, the same for both databases: match tier
 * first, then feature films, then votes; typos by trigram similarity.
 */

/** Fuzzy matches below this score are noise rather than typos. */
export const FUZZY_MIN_SCORE = 0.4;

/** Lowercased, spaces collapsed and trimmed: the form every comparison uses. */
export function normaliseQuery(raw: string): string {
  return raw.toLowerCase().replace(/\s+/g, ' ').trim();
}

/**
 * How well a title matches the query (normalised, split into `words`): 0 exact,
 * 1 starts with the query, 2 every word starts a title word, 3 every word inside
 * the title; null when it does not match.
 */
export function matchTier(query: string, words: string[], title: string): number | null {
  const lower = title.toLowerCase();
  if (lower === query) return 0;
  if (lower.startsWith(query)) return 1;
  // Word starts: punctuation that opens or joins words counts as a space.
  const spaced = ` ${lower.replace(/[":\-(]/g, ' ')}`;
  if (words.every((word) => spaced.includes(` ${word}`))) return 2;
  if (words.every((word) => lower.includes(word))) return 3;
  return null;
}

/** A typo's similarity in whole percent (so near-equal scores tie), or null below the threshold. */
export function fuzzyPercent(query: string, title: string): number | null {
  const score = Math.round(fuzzyScore(query, title) * 100);
  return score >= FUZZY_MIN_SCORE * 100 ? score : null;
}

export interface Popularity {
  tconst: string;
  title_type: string;
  num_votes: number | null;
}

/** Feature films first, then more votes, then tconst so the order is stable. */
export function byPopularity(a: Popularity, b: Popularity): number {
  return (
    Number(b.title_type === 'movie') - Number(a.title_type === 'movie') ||
    (b.num_votes ?? 0) - (a.num_votes ?? 0) ||
    (a.tconst < b.tconst ? -1 : a.tconst > b.tconst ? 1 : 0)
  );
}
