import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { PackedSource, PackedTitles, tconstKey } from './packedTitles';
import { contentSimilarity, type TitleFacts } from './similarity';

const GENRES = ['Drama', 'Comedy', 'Horror', 'Action', 'Sci-Fi', 'Romance'];

function randomFacts(index: number, next: () => number): TitleFacts {
  const pick = <T>(values: T[]) => values[Math.floor(next() * values.length)]!;
  return {
    tconst: `tt${String(index).padStart(7, '0')}`,
    title: `Title ${index}`,
    titleType: 'movie',
    genres: [...new Set([pick(GENRES), pick(GENRES), pick(GENRES)].slice(0, Math.floor(next() * 4)))],
    year: pick([null, 1931, 1987, 1988, 2024, 1987.5]),
    runtime: pick([null, 12, 95, 96, 240, 1500]),
    rating: pick([null, 1, 6.4, 7.3, 9.9]),
    votes: pick([null, 0, 5, 123_456, 2_900_000]),
  };
}

describe('packed titles', () => {
  it('scores each title exactly as its facts object is scored', () => {
    let state = 7;
    const next = () => ((state = (state * 1_664_525 + 1_013_904_223) >>> 0) / 2 ** 32);
    const titles = Array.from({ length: 400 }, (_, index) => randomFacts(index, next));
    const packed = PackedTitles.of(titles);
    for (const sourceFacts of titles.slice(0, 40)) {
      const source = new PackedSource(sourceFacts, (candidate) => contentSimilarity(sourceFacts, candidate));
      titles.forEach((candidate, index) => assert.equal(packed.similarity(source, index), contentSimilarity(sourceFacts, candidate)));
    }
  });

  it('keeps the order and years of the titles it picks', () => {
    let state = 3;
    const next = () => ((state = (state * 1_664_525 + 1_013_904_223) >>> 0) / 2 ** 32);
    const titles = Array.from({ length: 30 }, (_, index) => randomFacts(index, next));
    const picked = PackedTitles.of(titles).pick([4, 2, 29]);
    assert.deepEqual(picked.titles, [titles[4], titles[2], titles[29]]);
    assert.deepEqual([0, 1, 2].map((index) => picked.year(index)), [titles[4]!.year, titles[2]!.year, titles[29]!.year]);
    assert.deepEqual([0, 1, 2].map((index) => picked.key(index)), [4, 2, 29].map((index) => tconstKey(titles[index]!.tconst)));
  });

  it('gives every tconst its own key, and none to a tconst of another form', () => {
    const tconsts = ['tt0000001', 'tt01', 'tt1', 'tt00000001', 'tt10', 'tt999999999999', 'tt099999999999'];
    const keys = tconsts.map(tconstKey);
    assert.equal(new Set(keys).size, tconsts.length);
    for (const other of ['nm0000001', 'tt', 'tt1234567890123', 'TT0000001', 'tt12a']) assert.ok(Number.isNaN(tconstKey(other)), other);
  });

  it('scores titles with more genre words than it has bits for on their facts, the same number', () => {
    const many = Array.from({ length: 40 }, (_, index) => `Genre${String.fromCharCode(65 + (index % 26))}${String.fromCharCode(65 + Math.floor(index / 26))}`);
    const titles = many.map((genre, index) => ({ ...randomFacts(index, () => 0.5), genres: [genre, many[(index + 1) % many.length]!] }));
    const packed = PackedTitles.of(titles);
    const sourceFacts = { ...titles[0]!, tconst: 'tt9999999' };
    const source = new PackedSource(sourceFacts, (candidate) => contentSimilarity(sourceFacts, candidate));
    titles.forEach((candidate, index) => assert.equal(packed.similarity(source, index), contentSimilarity(sourceFacts, candidate)));
  });
});
