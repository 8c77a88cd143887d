import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { applyTranslator } from '../i18n';
import { fullTime, timeAgo } from './timeAgo';

// Moments built on the local clock, so that calendar days hold in any time zone.
const local = (day: number, hour: number, minute = 0) => new Date(2026, 11, day, hour, minute);
const now = local(7, 10).getTime();
const ago = (ms: number) => new Date(now - ms).toISOString();

describe('when something happened, as a reader says it', () => {
  it('counts minutes and hours within the day', () => {
    assert.equal(timeAgo(ago(10_000), now), 'now');
    assert.equal(timeAgo(ago(60_000), now), '1 minute ago');
    assert.equal(timeAgo(ago(59 * 60_000 + 59_000), now), '59 minutes ago');
    assert.equal(timeAgo(ago(3 * 3_600_000 + 5 * 60_000), now), '3 hours ago');
    assert.equal(timeAgo(ago(23 * 3_600_000), now), '23 hours ago');
  });

  it('names calendar days back to the sixth, then writes the day and time', () => {
    assert.equal(timeAgo(local(6, 9).toISOString(), now), 'yesterday');
    // 35 hours ago is two calendar days back, not 'yesterday'.
    assert.equal(timeAgo(local(5, 23).toISOString(), now), '2 days ago');
    assert.equal(timeAgo(local(1, 12).toISOString(), now), '6 days ago');
    assert.match(timeAgo(new Date(2026, 10, 30, 20, 15).toISOString(), now), /^Nov 30, 8:15\sPM$/);
    assert.match(timeAgo(new Date(2025, 0, 2, 9, 5).toISOString(), now), /^Jan 2, 2025, 9:05\sAM$/);
  });

  it("reads a moment ahead of the reader's clock as now, and leaves what is no time as sent", () => {
    assert.equal(timeAgo(ago(-5 * 60_000), now), 'now');
    assert.equal(timeAgo('not a time', now), 'not a time');
    assert.equal(fullTime('not a time'), 'not a time');
  });

  it('gives the whole moment, year included, for the tooltip', () => {
    assert.match(fullTime(local(7, 2, 15).toISOString()), /^Dec 7, 2026, 2:15\sAM$/);
  });

  it('speaks German in a German page', () => {
    applyTranslator('de', null);
    try {
      assert.equal(timeAgo(ago(10_000), now), 'jetzt');
      assert.equal(timeAgo(ago(5 * 60_000), now), 'vor 5 Minuten');
      assert.equal(timeAgo(ago(3 * 3_600_000), now), 'vor 3 Stunden');
      assert.equal(timeAgo(local(6, 9).toISOString(), now), 'gestern');
      assert.equal(timeAgo(local(3, 9).toISOString(), now), 'vor 4 Tagen');
      assert.equal(timeAgo(new Date(2026, 10, 30, 20, 15).toISOString(), now), '30. Nov., 20:15');
    } finally {
      applyTranslator('en', null);
    }
  });
});
