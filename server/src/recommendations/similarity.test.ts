import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { adjustedCosine, Best, blendedScore, contentSimilarity, excerpt, parseGenres, reasonLine, reasonOf, shrunkMean, type TitleFacts } from './similarity';

const facts = (overrides: Partial<TitleFacts>): TitleFacts => ({
  tconst: 'tt0000001',
  title: 'A film',
  titleType: 'movie',
  genres: ['Drama'],
  year: 2000,
  runtime: 100,
  rating: 7,
  votes: 10_000,
  ...overrides,
});

describe('recommendation arithmetic', () => {
  it('reads genres leniently and drops anything that is not a genre word', () => {
    assert.deepEqual(parseGenres('Horror,Comedy'), ['Horror', 'Comedy']);
    assert.deepEqual(parseGenres('Drama, Crime'), ['Drama', 'Crime']);
    assert.deepEqual(parseGenres('Sci-Fi,%_,Sci-Fi'), ['Sci-Fi']);
    assert.deepEqual(parseGenres(null), []);
  });

  it('scores films rated alike by the same users as similar, and opposites as dissimilar', () => {
    const means = new Map([
      [1, shrunkMean(18, 2)],
      [2, shrunkMean(18, 2)],
    ]);
    const source = new Map([
      [1, 9],
      [2, 9],
    ]);
    const alike = adjustedCosine(source, new Map([[1, 9], [2, 9]]), means);
    assert.equal(alike.common, 2);
    assert.ok(alike.similarity > 0.99, 'two users who loved both films make them alike');
    const opposite = adjustedCosine(source, new Map([[1, 2], [2, 2]]), new Map([[1, shrunkMean(11, 2)], [2, shrunkMean(11, 2)]]));
    assert.ok(opposite.similarity < 0, 'loved one, hated the other');
    assert.deepEqual(adjustedCosine(source, new Map([[3, 9]]), means), { similarity: 0, common: 0 });
  });

  it('ranks a same-genre, same-era film above an unrelated one on content alone', () => {
    const source = facts({ genres: ['Horror', 'Comedy'], year: 1987 });
    const neighbour = facts({ genres: ['Horror', 'Comedy'], year: 1985 });
    const unrelated = facts({ genres: ['Documentary'], year: 2015, runtime: 50 });
    assert.ok(contentSimilarity(source, neighbour) > contentSimilarity(source, unrelated));
  });

  it('weighs genres, era, runtime, rating, quality and popularity as the formula says, whole or fractional, near or far', () => {
    const exactly = (source: TitleFacts, candidate: TitleFacts) => {
      const near = (a: number | null, b: number | null, scale: number) => (a === null || b === null ? 0.5 : Math.exp(-Math.abs(a - b) / scale));
      const shared = candidate.genres.filter((genre) => source.genres.includes(genre)).length;
      const union = new Set([...source.genres, ...candidate.genres]).size;
      return (
        0.45 * (union === 0 ? 0 : shared / union) +
        0.15 * near(source.year, candidate.year, 12) +
        0.08 * near(source.runtime, candidate.runtime, 40) +
        0.12 * near(source.rating, candidate.rating, 2) +
        0.1 * (candidate.rating === null ? 0.5 : candidate.rating / 10) +
        0.1 * (candidate.votes === null ? 0 : Math.min(1, Math.log10(candidate.votes + 1) / 6))
      );
    };
    const source = facts({ genres: ['Horror', 'Comedy'], year: 1987, runtime: 95, rating: 6.4 });
    const years = [null, 1987, 1986, 2026, 1874, 1987.5, 2600, 900];
    const runtimes = [null, 95, 96, 5, 1200, 2000, 95.25];
    for (const year of years) {
      for (const runtime of runtimes) {
        const candidate = facts({ genres: ['Comedy', 'Drama'], year, runtime, rating: 7.3, votes: 1234 });
        assert.equal(contentSimilarity(source, candidate), exactly(source, candidate), `year ${year}, runtime ${runtime}`);
      }
    }
    const unknown = facts({ year: null, genres: [] });
    const bare = facts({ genres: [], rating: null, votes: null });
    assert.equal(contentSimilarity(unknown, bare), exactly(unknown, bare));
  });

  it('lets co-rating evidence lift a film, more so with more co-raters', () => {
    assert.equal(blendedScore(0.5, undefined), 0.5);
    const one = blendedScore(0.5, { similarity: 1, common: 1 });
    const five = blendedScore(0.5, { similarity: 1, common: 5 });
    assert.ok(one > 0.5 && five > one);
    assert.ok(blendedScore(0.5, { similarity: -1, common: 3 }) < 0.5);
  });

  it('picks the best few as a full stable sort would, ties in their first order', () => {
    const byScore = (a: { score: number }, b: { score: number }) => b.score - a.score;
    for (let round = 0; round < 200; round++) {
      const items = Array.from({ length: round % 40 }, (_, order) => ({ score: Math.floor(Math.random() * 8), order }));
      for (const count of [0, 1, 3, 15, 50]) {
        const best = new Best(count, byScore);
        for (const item of items) best.offer(item);
        assert.deepEqual(best.items, [...items].sort(byScore).slice(0, count), `${count} of ${JSON.stringify(items)}`);
      }
    }
  });

  it('shortens a long review to at most 140 characters at a word', () => {
    const long = 'word '.repeat(100);
    const short = excerpt(long);
    assert.ok(short.length <= 140);
    assert.ok(short.endsWith('word…'));
    assert.equal(excerpt('  Fine\n\nfilm. '), 'Fine film.');
  });

  it('explains a pick by the genres it shares with the source and its year', () => {
    const source = facts({ genres: ['Horror', 'Comedy', 'Fantasy'] });
    const line = (candidate: TitleFacts, coRating?: { similarity: number; common: number }) => reasonLine(reasonOf(source, candidate, coRating));
    assert.equal(line(facts({ genres: ['Comedy', 'Horror'], year: 1987 })), 'Also Horror and Comedy, 1987');
    assert.deepEqual(reasonOf(source, facts({ genres: ['Comedy', 'Horror'], year: 1987 }), undefined), { kind: 'also', genres: ['Horror', 'Comedy'], year: 1987 });
    assert.equal(line(facts({ genres: ['Horror'], year: null })), 'Also Horror');
    assert.equal(line(facts({ genres: ['Romance'], year: 1999 }), { similarity: 0.8, common: 3 }), 'Rated alike by reviewers here, 1999');
    assert.equal(line(facts({ genres: ['Romance', 'War', 'Drama'], year: 2001 })), 'Romance, War and Drama, 2001');
    assert.equal(line(facts({ genres: [], year: 1950 })), 'From 1950');
    assert.equal(line(facts({ genres: [], year: null })), 'Similar in style');
  });
});
