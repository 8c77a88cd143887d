import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { searchableQuery, toSuggestions } from './searchSuggestions';

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

});
