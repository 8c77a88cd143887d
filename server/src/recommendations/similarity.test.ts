import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { adjustedCosine, bestOf, blendedScore, contentSimilarity, excerpt, parseGenres, reasonLine, shrunkMean, type TitleFacts } from './similarity';

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
        assert.deepEqual(bestOf(items, count, byScore), [...items].sort(byScore).slice(0, count), `${count} of ${JSON.stringify(items)}`);
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
    assert.equal(reasonLine(source, facts({ genres: ['Comedy', 'Horror'], year: 1987 }), undefined), 'Also Horror and Comedy, 1987');
    assert.equal(reasonLine(source, facts({ genres: ['Horror'], year: null }), undefined), 'Also Horror');
    assert.equal(
      reasonLine(source, facts({ genres: ['Romance'], year: 1999 }), { similarity: 0.8, common: 3 }),
      'Rated alike by reviewers here, 1999',
    );
  });
});
