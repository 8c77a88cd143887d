import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { PublicWatchlistSummary, WatchlistItem } from '@movieclub/contract';
import { isEditor, isOwner, localDate, mergeVisibleOrder, pageOf, searchPublicLists, sortItems, visibleItems } from './rules';

const item = (id: number, extra: Record<string, unknown>) => ({ id, title: `M${id}`, poster: null, imdb_rating: null, length: null, ...extra }) as WatchlistItem;

describe('watchlist rules', () => {
  it('sorts items by position, falling back to order, sort_index, order_index or rank', () => {
    const sorted = sortItems([item(1, { position: 2 }), item(2, { order: 0 }), item(3, { rank: 1 }), item(4, {})]);
    assert.deepEqual(sorted.map((entry) => entry.id), [2, 3, 1, 4]);
  });

  it('recognises owners and moderators regardless of case', () => {
    const list = { owner_username: 'Alice', moderators: ['Bob'] };
    assert.equal(isOwner(list, 'alice'), true);
    assert.equal(isOwner(list, 'bob'), false);
    assert.equal(isEditor(list, 'BOB'), true);
    assert.equal(isEditor(list, 'ALICE'), true);
    assert.equal(isEditor(list, 'carol'), false);
    assert.equal(isEditor(list, null), false);
    assert.equal(isEditor(null, 'alice'), false);
  });

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

  it('searches public lists by name or owner and pages them by 8', () => {
    const lists = Array.from({ length: 10 }, (_, index) => ({ id: index, name: index % 2 ? `Horror ${index}` : `Comedy ${index}`, owner_username: index === 4 ? 'HorrorFan' : 'x' })) as PublicWatchlistSummary[];
    assert.deepEqual(searchPublicLists(lists, ' horror ').map((list) => list.id), [1, 3, 4, 5, 7, 9]);
    assert.equal(searchPublicLists(lists, '').length, 10);
    assert.deepEqual(pageOf(lists, 8, 8).map((list) => list.id), [8, 9]);
  });

  it('formats dates leniently', () => {
    assert.equal(localDate('not a date'), '');
    assert.equal(localDate(null), '');
    assert.notEqual(localDate('2026-01-02T03:04:05Z'), '');
  });
});
