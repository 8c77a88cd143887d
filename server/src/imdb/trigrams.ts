import { searchKey } from './searchKey';

/**
 * Trigram similarity in the manner of PostgreSQL's pg_trgm: lowercase words of
 * letters and digits, each padded with two spaces before and one after.
 * Used to rank the fuzzy tail of a search the same way on both databases.
 */
export function trigramSet(text: string): Set<string> {
  const set = new Set<string>();
  for (const word of text.toLowerCase().split(/[^\p{L}\p{N}]+/u)) {
    if (!word) continue;
    const padded = `  ${word} `;
    for (let i = 0; i + 3 <= padded.length; i++) set.add(padded.slice(i, i + 3));
  }
  return set;
}

function jaccard(a: Set<string>, b: Set<string>): number {
  if (a.size === 0 || b.size === 0) return 0;
  let common = 0;
  for (const gram of a) if (b.has(gram)) common++;
  return common / (a.size + b.size - common);
}

/**
 * How well `query` matches `title`: the best trigram similarity between the
 * query and the whole title or any run of as many consecutive title words, so
 * 'godfathr' matches 'The Godfather Part II' as well as 'The Godfather'.
 * Compared by their search keys: accents and punctuation count for nothing.
 */
export function fuzzyScore(rawQuery: string, rawTitle: string): number {
  const query = searchKey(rawQuery);
  const title = searchKey(rawTitle);
  const queryGrams = trigramSet(query);
  const queryWords = query.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter(Boolean).length || 1;
  const words = title.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter(Boolean);
  let best = jaccard(queryGrams, trigramSet(title));
  for (let i = 0; i + queryWords <= words.length; i++) {
    best = Math.max(best, jaccard(queryGrams, trigramSet(words.slice(i, i + queryWords).join(' '))));
  }
  return best;
}
