import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { localDate, mergeVisibleOrder, visibleItems } from './rules';

describe('watchlist rules', () => {
  it('hides what the viewer or the owner has seen', () => {
    const items = [{ id: 1 }, { id: 2 }, { id: 3 }];
    const seen = { 1: true };
    const ownerSeen = { 2: true };
    assert.deepEqual(visibleItems(items, { hideSeen: false, seen, hideOwnerSeen: false, ownerSeen }).map((i) => i.id), [1, 2, 3]);
    assert.deepEqual(visibleItems(items, { hideSeen: true, seen, hideOwnerSeen: false, ownerSeen }).map((i) => i.id), [2, 3]);
    assert.deepEqual(visibleItems(items, { hideSeen: true, seen, hideOwnerSeen: true, ownerSeen }).map((i) => i.id), [3]);
  });

  it('keeps hidden items in place when the visible ones are reordered', () => {
    assert.deepEqual(mergeVisibleOrder([1, 2, 3, 4, 5], [5, 3, 1]), [5, 2, 3, 4, 1]);
    assert.deepEqual(mergeVisibleOrder([1, 2, 3], [3, 2, 1]), [3, 2, 1]);
  });

  it('formats dates leniently', () => {
    assert.equal(localDate('not a date'), '');
    assert.equal(localDate(null), '');
    assert.notEqual(localDate('2026-01-02T03:04:05Z'), '');
  });
});
