import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { figure, filmBars, periodLabel, ratingBars, yearOptions } from './statsView';

describe('statistics on screen', () => {
  it('labels years as they are and months by their short name', () => {
    assert.equal(periodLabel('2024'), '2024');
    assert.equal(periodLabel('2026-03'), 'Mar');
    assert.equal(periodLabel('2026-12'), 'Dec');
    assert.deepEqual(
      filmBars([{ period: '2026-01', films: 4, viewings: 5, hours: 7.5, reviews: 2 }]),
      [{ label: 'Jan', value: 4 }],
    );
  });

  it('labels the histogram by stars, one bar per star', () => {
    const bars = ratingBars([0, 0, 1, 0, 0, 0, 2, 0, 0, 3]);
    assert.equal(bars.length, 10);
    assert.deepEqual(bars[9], { label: '10 ★', value: 3 });
    assert.deepEqual(bars[0], { label: '1 ★', value: 0 });
  });

  it('writes figures with one decimal only where they have one, and a dash for none', () => {
    assert.equal(figure(null), '–');
    assert.equal(figure(12), '12');
    assert.equal(figure(7.25), '7.3');
  });

  it('offers all time first, then the years newest first', () => {
    assert.deepEqual(yearOptions([2024, 2026, 2025]).map((option) => option.label), ['All time', '2026', '2025', '2024']);
  });
});
