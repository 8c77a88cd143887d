import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { WatchlistItem } from '@movieclub/contract';
import { avatarOf, movieAverage, ownerAvatarOf, ownRatings, readAverages, sortItems } from './adapters';

describe('readAverages', () => {
  const expected = { '3': { avg: 7.5, count: 2 }, '8': { avg: 9, count: 1 } };

  it('reads the server map wrapped in averages', () => {
    assert.deepEqual(readAverages({ success: true, averages: { 3: { avg: 7.5, count: 2 }, 8: { avg: 9, count: 1 } } }), expected);
  });

  it('reads a bare map and ignores non-entries beside it', () => {
    assert.deepEqual(readAverages({ success: true, 3: { avg: 7.5, count: 2 }, 8: { avg: 9, count: 1 } }), expected);
  });

  it('reads a list keyed by movie_id, id or movieId', () => {
    assert.deepEqual(readAverages([{ movie_id: 3, avg: 7.5, count: 2 }, { id: 8, avg: 9, count: 1 }]), expected);
    assert.deepEqual(readAverages({ averages: [{ movieId: 3, avg: 7.5, count: 2 }, { movieId: '8', avg: 9, count: 1 }] }), expected);
  });

  for (const key of ['avg', 'average', 'avg_stars', 'value', 'mean']) {
    it(`reads the average under ${key}`, () => {
      assert.deepEqual(readAverages({ averages: { 3: { [key]: 7.5, count: 2 } } }), { '3': { avg: 7.5, count: 2 } });
    });
  }

  for (const key of ['count', 'n', 'total', 'reviews', 'num_reviews']) {
    it(`reads the count under ${key}`, () => {
      assert.deepEqual(readAverages([{ movie_id: 3, avg: 7.5, [key]: 2 }]), { '3': { avg: 7.5, count: 2 } });
    });
  }

  it('accepts numbers sent as text and a missing count', () => {
    assert.deepEqual(readAverages({ averages: { 3: { average: '7.5', n: '2' }, 8: { mean: 9 } } }), {
      '3': { avg: 7.5, count: 2 },
      '8': { avg: 9, count: 0 },
    });
  });

  it('skips entries without a usable id or average', () => {
    assert.deepEqual(
      readAverages([{ avg: 5, count: 1 }, { movie_id: 4, avg: null, count: 0 }, { movie_id: 5, avg: 'n/a' }, null, 7, { movie_id: 3, avg: 7.5, count: 2 }]),
      { '3': { avg: 7.5, count: 2 } },
    );
    assert.deepEqual(readAverages({ averages: { abc: { avg: 5 } } }), {});
  });

  it('returns nothing for replies it cannot read', () => {
    for (const reply of [null, undefined, 'oops', 42, { averages: null }, { averages: 'x' }, {}]) assert.deepEqual(readAverages(reply), {});
  });
});

describe('movieAverage', () => {
  it('reads the catalogue fields and their fallbacks', () => {
    assert.deepEqual(movieAverage({ avg_user_rating: 7.25, user_rating_count: 4 }), { avg: 7.25, count: 4 });
    assert.deepEqual(movieAverage({ average_rating: '6', count: 3 }), { avg: 6, count: 3 });
    assert.deepEqual(movieAverage({ avg: 5 }), { avg: 5, count: 0 });
    assert.deepEqual(movieAverage({ avg_user_rating: null, avg_stars: 8, count: 1 }), { avg: 8, count: 1 });
  });

  it('gives null for a movie without reviews', () => {
    assert.equal(movieAverage({ avg_user_rating: null, user_rating_count: 0 }), null);
  });
});

const item = (id: number, extra: Record<string, unknown>) => ({ id, title: `M${id}`, poster: null, imdb_rating: null, length: null, ...extra }) as WatchlistItem;

describe('the other lenient readers', () => {
  it('sorts items by position, falling back to order, sort_index, order_index or rank', () => {
    const sorted = sortItems([item(1, { position: 2 }), item(2, { order: 0 }), item(3, { rank: 1 }), item(4, {})]);
    assert.deepEqual(sorted.map((entry) => entry.id), [2, 3, 1, 4]);
  });

  it('finds a picture under any of its names, and none when empty', () => {
    assert.equal(avatarOf({ username: 'a', avatar_url: '/a.webp' }), '/a.webp');
    assert.equal(avatarOf({ username: 'a', profilePic: '/p.webp' }), '/p.webp');
    assert.equal(avatarOf({ username: 'a', profile_picture: '' }), null);
    assert.equal(ownerAvatarOf({ owner_avatar: '/o.webp', owner_profile_picture: '/x.webp' }), '/o.webp');
    assert.equal(ownerAvatarOf({ owner_profile_picture: '/x.webp' }), '/x.webp');
  });

  it("reads the viewer's own stars from user_reviews, else from a movie's user_rating or my_rating", () => {
    const movies = [{ id: 1 }, { id: 2, user_rating: '7' }, { id: 3, my_rating: 4 }, { id: 4 }];
    assert.deepEqual(ownRatings(movies, { 1: 9 }), { 1: 9, 2: 7, 3: 4 });
  });
});
