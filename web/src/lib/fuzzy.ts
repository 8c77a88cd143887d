/** Points for each matched character, and the bonuses that make a match read as intended. */
const MATCH = 1;
const CONSECUTIVE = 5;
const WORD_START = 3;

/** Lowercased, without accents, so 'amelie' finds 'Amélie'. */
function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

const isWordChar = (char: string | undefined) => char !== undefined && /[\p{L}\p{N}]/u.test(char);

/**
 * How well `query` matches `text` as a subsequence, case-insensitively: every
 * query character must appear in order. Runs of consecutive characters and
 * characters at word starts score higher. Null when it does not match; 0 for an
 * empty query (which matches everything). Whitespace in the query is ignored.
 */
export function fuzzyScore(query: string, text: string): number | null {
  const needle = [...fold(query).replace(/\s+/g, '')];
  if (needle.length === 0) return 0;
  const hay = [...fold(text)];
  // best[j]: the best score with the current query character matched at hay[j] (-Infinity: impossible).
  let previous: number[] = [];
  for (let i = 0; i < needle.length; i++) {
    const current = new Array<number>(hay.length).fill(-Infinity);
    let bestBefore = -Infinity; // best previous[k] for k < j - 1
    for (let j = 0; j < hay.length; j++) {
      if (i > 0 && j >= 2) bestBefore = Math.max(bestBefore, previous[j - 2]);
      if (hay[j] !== needle[i]) continue;
      const gain = MATCH + (isWordChar(hay[j]) && !isWordChar(hay[j - 1]) ? WORD_START : 0);
      if (i === 0) {
        current[j] = gain;
        continue;
      }
      const afterGap = bestBefore + gain;
      const adjacent = j >= 1 ? previous[j - 1] + gain + CONSECUTIVE : -Infinity;
      current[j] = Math.max(afterGap, adjacent);
    }
    previous = current;
  }
  const best = Math.max(-Infinity, ...previous);
  return best === -Infinity ? null : best;
}
