import { searchKey } from './searchKey';

/** What separates the words trigrams are taken from: anything but letters and digits. */
const NOT_WORD = /[^\p{L}\p{N}]+/u;

/** The lowercase words of letters and digits of `text`, as trigramSet reads it. */
const wordsOf = (text: string) => text.toLowerCase().split(NOT_WORD).filter(Boolean);

/** One word's trigrams, padded with two spaces before and one after. */
function wordTrigrams(word: string): string[] {
  const padded = `  ${word} `;
  const grams: string[] = [];
  for (let i = 0; i + 3 <= padded.length; i++) grams.push(padded.slice(i, i + 3));
  return grams;
}

/**
 * Trigram similarity in the manner of PostgreSQL's pg_trgm: lowercase words of
 * letters and digits, each padded with two spaces before and one after.
 * Used to rank the fuzzy tail of a search the same way on both databases.
 */
export function trigramSet(text: string): Set<string> {
  return union(wordsOf(text).map(wordTrigrams), 0, Number.POSITIVE_INFINITY);
}

/** The trigrams of words `from` to before `to`, each once. */
function union(grams: readonly string[][], from: number, to: number): Set<string> {
  const set = new Set<string>();
  for (let i = from; i < Math.min(to, grams.length); i++) for (const gram of grams[i]!) set.add(gram);
  return set;
}

function jaccard(a: Set<string>, b: Set<string>): number {
  if (a.size === 0 || b.size === 0) return 0;
  let common = 0;
  for (const gram of a) if (b.has(gram)) common++;
  return common / (a.size + b.size - common);
}

/**
 * How well titles match `rawQuery`: the best trigram similarity between the query and
 * the whole title or any run of as many consecutive title words, so 'godfathr' matches
 * 'The Godfather Part II' as well as 'The Godfather'. Compared by their search keys:
 * accents and punctuation count for nothing. The query is read once, and each title's
 * words once: a search scores a few hundred names against one query.
 */
export function fuzzyScorer(rawQuery: string): (rawTitle: string) => number {
  const query = searchKey(rawQuery);
  const queryGrams = trigramSet(query);
  const queryWords = wordsOf(query).length || 1;
  return (rawTitle) => {
    const grams = wordsOf(searchKey(rawTitle)).map(wordTrigrams);
    let best = jaccard(queryGrams, union(grams, 0, grams.length));
    // Every run of the query's length, unless that is the whole title (measured just above).
    if (queryWords < grams.length) {
      for (let i = 0; i + queryWords <= grams.length; i++) best = Math.max(best, jaccard(queryGrams, union(grams, i, i + queryWords)));
    }
    return best;
  };
}

/** fuzzyScorer for one title. */
export function fuzzyScore(rawQuery: string, rawTitle: string): number {
  return fuzzyScorer(rawQuery)(rawTitle);
}
