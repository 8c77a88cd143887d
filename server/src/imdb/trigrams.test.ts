import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { FUZZY_MIN_SCORE, fuzzyPercents } from './ranking';
import { searchKey } from './searchKey';
import { fuzzyScore, fuzzyScorer, trigramSet } from './trigrams';

/** The similarity as its rule says it, spelled out: the whole title, then each run of the query's number of words. */
function plainScore(rawQuery: string, rawTitle: string): number {
  const query = searchKey(rawQuery);
  const title = searchKey(rawTitle);
  const similarity = (a: Set<string>, b: Set<string>) => {
    if (a.size === 0 || b.size === 0) return 0;
    const common = [...a].filter((gram) => b.has(gram)).length;
    return common / (a.size + b.size - common);
  };
  const queryWords = query.split(/[^\p{L}\p{N}]+/u).filter(Boolean).length || 1;
  const words = title.split(/[^\p{L}\p{N}]+/u).filter(Boolean);
  let best = similarity(trigramSet(query), trigramSet(title));
  for (let i = 0; i + queryWords <= words.length; i++) best = Math.max(best, similarity(trigramSet(query), trigramSet(words.slice(i, i + queryWords).join(' '))));
  return best;
}

/** 60 random queries of one to three words, each with 60 random titles of one to six. */
function randomQueries(): [string, string[]][] {
  let state = 11;
  const next = () => ((state = (state * 1_664_525 + 1_013_904_223) >>> 0) / 2 ** 32);
  const phrase = (most: number) => Array.from({ length: 1 + Math.floor(next() * most) }, () => WORDS[Math.floor(next() * WORDS.length)]).join(' ');
  return Array.from({ length: 60 }, () => [phrase(3), Array.from({ length: 60 }, () => phrase(6))]);
}

const WORDS = ['the', 'godfather', 'godfathr', 'part', 'II', 'Amélie', 'amelie', 'Spider-Man', 'spider', 'man', 'of', 'a', 'x', '2', 'ΟΔΥΣΣΕΥΣ', '千と千尋', 'love', 'lovers', 'e.t.', '&'];

describe('trigram similarity', () => {
  it('takes its words apart as pg_trgm does: padded, lowercase, letters and digits only', () => {
    assert.deepEqual([...trigramSet('Ab, c')], ['  a', ' ab', 'ab ', '  c', ' c ']);
    assert.deepEqual([...trigramSet('  ')], []);
  });

  it('scores a typo of a title against its best run of words', () => {
    assert.equal(fuzzyScore('godfathr', 'The Godfather Part II'), fuzzyScore('godfathr', 'Godfather'));
    assert.equal(fuzzyScore('amelie', 'Amélie'), 1);
    assert.equal(fuzzyScore('zzz', 'Amélie'), 0);
  });

  it('gives every title the number its rule gives, one query scoring many titles', () => {
    for (const [query, titles] of randomQueries()) {
      const scoreOf = fuzzyScorer(query);
      for (const title of titles) assert.equal(scoreOf(title), plainScore(query, title), `${query} / ${title}`);
    }
  });

  it("gives a typo's percent, or none below the threshold, as the rule's number rounded would", () => {
    let below = 0;
    for (const [query, titles] of randomQueries()) {
      const percentOf = fuzzyPercents(query);
      for (const title of titles) {
        const percent = Math.round(plainScore(query, title) * 100);
        if (percent < FUZZY_MIN_SCORE * 100) below++;
        assert.equal(percentOf(title), percent >= FUZZY_MIN_SCORE * 100 ? percent : null, `${query} / ${title}`);
      }
    }
    assert.ok(below > 100, 'many titles fall below the threshold');
  });
});
