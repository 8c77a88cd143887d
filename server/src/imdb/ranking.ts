import { searchKey } from './searchKey';
import { fuzzyScorer } from './trigrams';

/**
 * How search results are ordered, the same for both databases. Three groups:
 * strict matches (exact, start, every word starting a title word), then titles
 * merely containing every word, then typos. Within a group a score decides:
 * popularity — log10(votes + 1), less a penalty for types other than feature
 * films — plus, for strict matches, a bonus for the quality of the match and,
 * for typos, one for the similarity. In votes: a start needs 10× the votes of
 * an exact title to pass it, a word match about 30×; another type needs 10× the
 * votes of a feature film, an episode 10,000×.
 */

/** Fuzzy matches below this score are noise rather than typos. */
export const FUZZY_MIN_SCORE = 0.4;

/** The tier of a title starting with the query. */
export const START_TIER = 1;
/** The tier of a title where every word starts a title word: the last strict one. */
export const WORD_TIER = 2;

/** Bonus of strict matches by tier (0 exact, 1 start, 2 every word starts a title word), in log10 votes. */
const TIER_BONUS = [3, 2, 1.5] as const;
/** Popularity lost by a title that is not a feature film; episodes lose much more, so they never crowd out films. */
export const TYPE_PENALTY = 1;
export const EPISODE_PENALTY = 4;
/** Bonus for a typo's similarity (0–1), in log10 votes: 0.1 more similarity weighs as much as 10× the votes. */
export const SIMILARITY_WEIGHT = 10;

/** The form every comparison uses: the search key (searchKey.ts). */
export const normaliseQuery = searchKey;

/**
 * How well a title matches the query (a search key, split into `words`): 0 exact,
 * 1 starts with the query, 2 every word starts a title word, 3 every word inside
 * the title; null when it does not match. The title is compared by its key, so
 * accents and punctuation count for nothing.
 */
export function matchTier(query: string, words: string[], title: string): number | null {
  const key = searchKey(title);
  if (key === query) return 0;
  if (key.startsWith(query)) return 1;
  const spaced = ` ${key}`;
  if (words.every((word) => spaced.includes(` ${word}`))) return 2;
  if (words.every((word) => key.includes(word))) return 3;
  return null;
}

/**
 * A title's similarity to `query` as a typo of it, in whole percent (so near-equal scores tie),
 * or null below the threshold; the query is read once for all the titles scored against it.
 */
export function fuzzyPercents(query: string): (title: string) => number | null {
  const scoreOf = fuzzyScorer(query);
  return (title) => {
    const score = Math.round(scoreOf(title) * 100);
    return score >= FUZZY_MIN_SCORE * 100 ? score : null;
  };
}

export interface Popularity {
  tconst: string;
  title_type: string;
  num_votes: number | null;
}

/** log10(votes + 1), less the penalty of a type other than feature film. */
export function popularity(title: Omit<Popularity, 'tconst'>): number {
  const penalty = title.title_type === 'movie' ? 0 : title.title_type === 'tvEpisode' ? EPISODE_PENALTY : TYPE_PENALTY;
  return Math.log10(Math.max(0, title.num_votes ?? 0) + 1) - penalty;
}

/** Where a title goes: its group (0 strict, 1 containing every word, 2 typos), and its score inside it. */
export interface Rank {
  group: number;
  score: number;
}

/** The rank of a title matching at `tier` (see matchTier). */
export function strictRank(tier: number, title: Omit<Popularity, 'tconst'>): Rank {
  return tier <= 2 ? { group: 0, score: TIER_BONUS[tier as 0 | 1 | 2] + popularity(title) } : { group: 1, score: popularity(title) };
}

/** The rank of a typo of similarity `percent` (see fuzzyPercents). */
export function fuzzyRank(percent: number, title: Omit<Popularity, 'tconst'>): Rank {
  return { group: 2, score: (percent * SIMILARITY_WEIGHT) / 100 + popularity(title) };
}

/** Better first: lower group, then higher score. */
export function compareRanks(a: Rank, b: Rank): number {
  return a.group - b.group || b.score - a.score;
}

/** Best first: by rank, then more votes, then tconst so the order is stable. */
export function byRank(a: { rank: Rank; row: Popularity }, b: { rank: Rank; row: Popularity }): number {
  return (
    compareRanks(a.rank, b.rank) ||
    (b.row.num_votes ?? 0) - (a.row.num_votes ?? 0) ||
    (a.row.tconst < b.row.tconst ? -1 : a.row.tconst > b.row.tconst ? 1 : 0)
  );
}
