import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { earliestInputValue, localInputValue, zonedStart } from './screeningTime';

describe('screening times', () => {
  it('writes a local date and time with the offset of that moment', () => {
    const start = zonedStart('2026-12-20T20:00');
    assert.ok(start, 'a valid value has a start');
    assert.match(start, /^2026-12-20T20:00:00[+-]\d{2}:\d{2}$/);
    assert.equal(Date.parse(start), new Date(2026, 11, 20, 20, 0).getTime(), 'the same moment as the local time');
  });

  it('keeps the wall-clock time on both sides of a daylight-saving change', () => {
    for (const value of ['2026-03-01T19:30', '2026-07-01T19:30']) {
      const start = zonedStart(value)!;
      assert.equal(start.slice(0, 16), value);
      assert.equal(localInputValue(start), value, 'editing shows what was entered');
    }
  });

  it('refuses what is not a date and time', () => {
    assert.equal(zonedStart(''), null);
    assert.equal(zonedStart('2026-12-20'), null);
    assert.equal(zonedStart('tomorrow 8pm'), null);
    assert.equal(localInputValue('not a date'), '');
  });

  it('offers the next whole minute as the earliest start', () => {
    const now = new Date(2026, 10, 25, 9, 41, 30);
    assert.equal(earliestInputValue(now), '2026-11-25T09:42');
  });
});
