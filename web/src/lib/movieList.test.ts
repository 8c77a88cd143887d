import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { compareSortValues, listMovies, newestAdded, type SortField, type SortOrder } from './movieList';

interface Row {
  id: number;
  title: string;
  imdb: unknown;
  mine?: unknown;
}

const movies: Row[] = [
  { id: 1, title: 'Heat', imdb: 8.3, mine: 6 },
  { id: 2, title: 'The Godfather', imdb: 9.2 },
  { id: 3, title: 'Alien', imdb: null, mine: 9 },
  { id: 4, title: 'Aliens', imdb: 8.4, mine: 'n/a' },
  { id: 5, title: 'A Little Island', imdb: '7.1', mine: 2 },
];

const list = (query: string, field: SortField, order: SortOrder, limit?: number) =>
  listMovies(movies, {
    query,
    field,
    order,
    limit,
    titleOf: (movie) => movie.title,
    valueOf: (movie, key) => (key === 'imdb_rating' ? movie.imdb : key === 'my_rating' ? movie.mine : undefined),
  }).map((movie) => movie.title);

describe('listMovies', () => {
  it('sorts by a numeric field descending with missing and non-numeric values last', () => {
    assert.deepEqual(list('', 'imdb_rating', 'desc'), ['The Godfather', 'Aliens', 'Heat', 'A Little Island', 'Alien']);
    assert.deepEqual(list('', 'my_rating', 'desc'), ['Alien', 'Heat', 'A Little Island', 'Aliens', 'The Godfather']);
  });

  it('sorts ascending with missing values still last', () => {
    assert.deepEqual(list('', 'my_rating', 'asc'), ['A Little Island', 'Heat', 'Alien', 'Aliens', 'The Godfather']);
  });

  it('sorts by title either way', () => {
    assert.deepEqual(list('', 'title', 'asc'), ['A Little Island', 'Alien', 'Aliens', 'Heat', 'The Godfather']);
    assert.deepEqual(list('', 'title', 'desc'), ['The Godfather', 'Heat', 'Aliens', 'Alien', 'A Little Island']);
  });

  it('breaks ties by title', () => {
    assert.deepEqual(list('', 'avg_user_rating', 'desc'), ['A Little Island', 'Alien', 'Aliens', 'Heat', 'The Godfather']);
  });

  it('hides titles the query does not match and shows all for an empty query', () => {
    assert.deepEqual(list('gdf', 'imdb_rating', 'desc'), ['The Godfather']);
    assert.deepEqual(list('zzz', 'imdb_rating', 'desc'), []);
    assert.equal(list('', 'imdb_rating', 'desc').length, 5);
  });

  it('puts better matches first, then the chosen order', () => {
    // 'ali' is consecutive in Alien and Aliens, scattered in 'A Little Island'.
    assert.deepEqual(list('ali', 'imdb_rating', 'desc'), ['Aliens', 'Alien', 'A Little Island']);
    assert.deepEqual(list('ali', 'title', 'asc'), ['Alien', 'Aliens', 'A Little Island']);
  });

  it('keeps at most the limit', () => {
    assert.deepEqual(list('', 'imdb_rating', 'desc', 2), ['The Godfather', 'Aliens']);
  });
});

describe('compareSortValues', () => {
  it('treats numeric text as numbers and anything else as missing', () => {
    assert.ok(compareSortValues('9', 10, 'desc', 'number') > 0);
    assert.ok(compareSortValues(null, 1, 'desc', 'number') > 0);
    assert.ok(compareSortValues(1, undefined, 'asc', 'number') < 0);
    assert.ok(compareSortValues(Number.NaN, 'x', 'desc', 'number') === 0);
  });
});

describe('newestAdded', () => {
  it('takes the newest by date added, ties by the higher id', () => {
    const added = [
      { id: 1, date_added: '2025-01-01T00:00:00.000Z' },
      { id: 2, date_added: '2025-03-01T00:00:00.000Z' },
      { id: 3, date_added: '2025-02-01T00:00:00.000Z' },
      { id: 4, date_added: '2025-03-01T00:00:00.000Z' },
    ];
    assert.deepEqual(newestAdded(added, 3).map((movie) => movie.id), [4, 2, 3]);
  });
});
