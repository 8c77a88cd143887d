import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { levelFor } from './levels';

describe('levelFor', () => {
  const cases: Array<[number, number, string, number | null, number]> = [
    [0, 1, 'Popcorn Rookie', 5, 0],
    [4, 1, 'Popcorn Rookie', 5, 80],
    [5, 2, 'Matinee Survivor', 10, 0],
    [9, 2, 'Matinee Survivor', 10, 80],
    [10, 3, 'B-Movie Buff', 25, 0],
    [999, 8, 'Smoke Alarm Veteran', 1000, 99],
    [1000, 9, 'Legend of the Bargain Bin', null, 100],
    [5000, 9, 'Legend of the Bargain Bin', null, 100],
  ];
  for (const [total, level, name, next, pct] of cases) {
    it(`puts ${total} reviews at level ${level} (${name})`, () => {
      assert.deepEqual(levelFor(total), { level, level_name: name, next_level_at: next, progress_pct: pct });
    });
  }

  it('counts partial progress between wider thresholds', () => {
    assert.deepEqual(levelFor(37), { level: 4, level_name: 'Cult Curator', next_level_at: 50, progress_pct: 48 });
    assert.equal(levelFor(100).level_name, 'Trash Connoisseur');
    assert.equal(levelFor(250).level_name, 'Midnight Maniac');
    assert.equal(levelFor(499).progress_pct, 99);
  });

  it('treats nonsense counts as none', () => {
    assert.equal(levelFor(-3).level, 1);
    assert.equal(levelFor(Number.NaN).progress_pct, 0);
  });
});
