import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { latestOnly, searchableQuery, toSuggestions } from './searchSuggestions';

describe('header search helpers', () => {
  it('sends nothing for blank or one-character queries', () => {
    assert.equal(searchableQuery(''), null);
    assert.equal(searchableQuery('   '), null);
    assert.equal(searchableQuery(' a '), null);
    assert.equal(searchableQuery(' up '), 'up');
  });

  it('labels at most eight suggestions as title (year)', () => {
    const results = Array.from({ length: 12 }, (_, i) => ({
      tconst: `tt00000${10 + i}`,
      primary_title: `Film ${i}`,
      start_year: i === 0 ? null : 1990 + i,
      genres: null,
      title_type: 'movie',
    }));
    const suggestions = toSuggestions(results);
    assert.equal(suggestions.length, 8);
    assert.equal(suggestions[0].label, 'Film 0');
    assert.equal(suggestions[1].label, 'Film 1 (1991)');
  });

  it('drops the reply of a request overtaken by a newer one and aborts it', async () => {
    const resolvers: ((value: string) => void)[] = [];
    const signals: AbortSignal[] = [];
    let n = 0;
    const search = latestOnly((signal) => {
      signals.push(signal);
      const label = `reply ${++n}`;
      return new Promise<string>((resolve) => resolvers.push(() => resolve(label)));
    });
    const first = search();
    const second = search();
    assert.equal(signals[0].aborted, true);
    assert.equal(signals[1].aborted, false);
    resolvers[1]('');
    resolvers[0]('');
    assert.equal(await first, null);
    assert.equal(await second, 'reply 2');
  });
});
