import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { searchKey } from '../imdb/searchKey';
import { decide } from './matching';
import type { TitleFacts } from './titleQueries';

const title = (tconst: string, year: number, votes: number, type = 'movie'): TitleFacts => ({
  tconst,
  primary_title: 'Namesake',
  original_title: null,
  start_year: year,
  title_type: type,
  num_votes: votes,
});

describe('title matching rules', () => {
  it('folds case, accents, punctuation and ampersands', () => {
    assert.equal(searchKey('Amélie'), 'amelie');
    assert.equal(searchKey('Léon: The Professional'), 'leon the professional');
    assert.equal(searchKey('"Crocodile" Dundee'), 'crocodile dundee');
    assert.equal(searchKey('The Good, the Bad and the Ugly'), 'the good the bad and the ugly');
    assert.equal(searchKey('Fast & Furious'), 'fast and furious');
    assert.equal(searchKey("Schindler's List"), searchKey('Schindler’s List'));
    assert.equal(searchKey('?!'), '');
  });

  it('lets the year decide between remakes', () => {
    const outcome = decide([title('tt1', 1973, 95_000), title('tt2', 2006, 74_000)], 2006);
    assert.deepEqual([outcome.match, outcome.tconst], ['matched', 'tt2']);
  });

  it('takes the only feature film, or one with ten times the votes, over the rest', () => {
    assert.equal(decide([title('tt1', 2000, 10, 'short'), title('tt2', 2000, 5)], 2000).tconst, 'tt2');
    assert.equal(decide([title('tt1', 2000, 100_000), title('tt2', 2000, 9_000)], 2000).tconst, 'tt1');
  });

  it('asks when two are equally good, keeping them best first', () => {
    const outcome = decide([title('tt1', 1999, 50_000), title('tt2', 2001, 60_000)], 2000);
    assert.equal(outcome.match, 'ambiguous');
    assert.equal(outcome.tconst, null);
    assert.deepEqual(
      outcome.candidates.map((candidate) => candidate.tconst),
      ['tt2', 'tt1'],
    );
    assert.equal(decide([title('tt1', 1973, 95_000), title('tt2', 2006, 74_000)], null).match, 'ambiguous', 'no year: remakes tie');
  });

  it('answers unmatched for nothing, and counts a title found twice once', () => {
    assert.equal(decide([], 2000).match, 'unmatched');
    const twice = decide([title('tt1', 2000, 5), title('tt1', 2000, 5)], 2000);
    assert.deepEqual([twice.match, twice.candidates.length], ['matched', 1]);
  });
});
