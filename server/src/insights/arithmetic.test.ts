import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { compareText, hoursOf, longestStreak, spreadOf, tasteScore } from './arithmetic';
import { activityPeriods, memberWindow, periodOf, pickableYears } from './period';

describe('insight arithmetic', () => {
  it('finds the longest run of consecutive days, the earliest on a tie, across month and year ends', () => {
    assert.equal(longestStreak([]), null);
    assert.deepEqual(longestStreak(['2024-05-05']), { days: 1, from: '2024-05-05', to: '2024-05-05' });
    assert.deepEqual(longestStreak(['2023-12-30', '2023-12-31', '2024-01-01', '2024-02-28', '2024-02-29', '2024-03-01']), {
      days: 3,
      from: '2023-12-30',
      to: '2024-01-01',
    });
    assert.deepEqual(longestStreak(['2023-02-27', '2023-02-28', '2023-03-01', '2023-03-03']), { days: 3, from: '2023-02-27', to: '2023-03-01' });
    assert.deepEqual(longestStreak(['2024-01-01', '2024-01-03', '2024-01-04', '2024-01-05', '2024-01-06']), { days: 4, from: '2024-01-03', to: '2024-01-06' });
  });

  it('maps similarity to 0–100, pulled towards 50 by few shared films', () => {
    assert.equal(tasteScore(0.9, 0), null);
    // 1 film: 50 + 50 · 1 · 1/6 = 58.3; 95 films: 50 + 50 · 95/100 = 97.5 → 98 (Math.round rounds halves up).
    assert.equal(tasteScore(1, 1), 58);
    assert.equal(tasteScore(1, 95), 98);
    assert.equal(tasteScore(-1, 95), 3);
    assert.equal(tasteScore(0, 40), 50);
    assert.equal(tasteScore(1, 1e9), 100);
    assert.equal(tasteScore(-1, 1e9), 0);
  });

  it('computes the population spread exactly for equal stars', () => {
    assert.deepEqual(spreadOf(3, 18, 108), { average: 6, stddev: 0 });
    // 2 and 10: mean 6, variance (2·104 − 144) / 4 = 16, sd 4.
    assert.deepEqual(spreadOf(2, 12, 104), { average: 6, stddev: 4 });
  });

  it('rounds hours to one decimal', () => {
    assert.equal(hoursOf(0), 0);
    assert.equal(hoursOf(560), 9.3);
    assert.equal(hoursOf(87), 1.5);
  });

  it('orders text by character code, as both databases do', () => {
    assert.ok(compareText('Zed', 'apple') < 0, 'capitals first');
    assert.ok(compareText('Ab', 'Abc') < 0);
    assert.ok(compareText('Émile', 'Zorro') > 0, 'accented letters after ASCII');
    assert.ok(compareText('\uFFFD', '😀') < 0, 'code points, not UTF-16 units');
  });

  it('takes the members of a year from that year, and of all time from the last twelve months', () => {
    assert.deepEqual(memberWindow(periodOf(2024), '2026-11-25'), { from: '2024-01-01', until: '2025-01-01' });
    assert.deepEqual(memberWindow(periodOf(null), '2026-11-25'), { from: '2025-11-25', until: null });
    // 29 February a year back is no day, but it still compares between 28 February and 1 March.
    assert.deepEqual(memberWindow(periodOf(null), '2028-02-29'), { from: '2027-02-29', until: null });
    assert.deepEqual(memberWindow(periodOf(null), '2027-01-15'), { from: '2026-01-15', until: null });
  });

  it('lists every month of a year and the active years of all time', () => {
    assert.equal(activityPeriods(periodOf(2024), []).length, 12);
    assert.deepEqual(activityPeriods(periodOf(2024), [1999]).slice(0, 2), ['2024-01', '2024-02']);
    assert.deepEqual(activityPeriods(periodOf(null), [2024, 1999, 2024, 2001]), ['1999', '2001', '2024']);
  });

  it('offers only years a statistics call takes, newest first', () => {
    // A diary reaches back to 1870; `?year=` starts at 1900.
    assert.deepEqual(pickableYears([1875, 2024, 1999, 2024, 1900]), [2024, 1999, 1900]);
  });
});
