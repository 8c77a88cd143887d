import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ImportJob } from '@movieclub/contract';
import { addedLines, candidateText, leftOutCount, newerJob, progressPercent, progressText, starsLabel, starsText } from './importView';

const job = (status: ImportJob['status'], extra: Partial<ImportJob> = {}): ImportJob => ({
  id: 1,
  source: 'letterboxd',
  status,
  file_name: 'letterboxd.zip',
  created_at: '2026-01-01T00:00:00.000Z',
  counts: { rows: 0, matched: 0, ambiguous: 0, unmatched: 0 },
  progress: { done: 0, total: null, rows_per_second: null },
  error: null,
  lists: [],
  result: null,
  ...extra,
});

describe('the import screen’s texts', () => {
  it('shows an indeterminate bar until the total is known', () => {
    assert.equal(progressPercent(job('parsing', { progress: { done: 40, total: null, rows_per_second: 10 } })), null);
    assert.equal(progressPercent(job('importing', { progress: { done: 1, total: 3, rows_per_second: null } })), 33);
    assert.equal(progressPercent(job('importing', { progress: { done: 0, total: 0, rows_per_second: null } })), null);
  });

  it('says how many rows were read or imported and how fast', () => {
    assert.equal(progressText(job('parsing', { progress: { done: 1200, total: null, rows_per_second: 85.4 } })), '1,200 rows read · 85 rows/s');
    assert.equal(progressText(job('parsing', { progress: { done: 1, total: null, rows_per_second: null } })), '1 row read');
    assert.equal(progressText(job('importing', { progress: { done: 40, total: 120, rows_per_second: 30 } })), '40 of 120 rows imported · 30 rows/s');
    // Read rows are then matched against the index: counted out of the total, not as fewer rows read.
    assert.equal(progressText(job('parsing', { progress: { done: 11750, total: 25000, rows_per_second: 3608 } })), '11,750 of 25,000 rows matched · 3,608 rows/s');
  });

  it('counts the rows left out as the rest', () => {
    assert.equal(leftOutCount({ rows: 10, matched: 6, ambiguous: 1, unmatched: 1 }), 2);
  });

  it('reads a candidate with its year, kind and votes', () => {
    assert.equal(candidateText({ title: 'Road House', year: 1989, title_type: 'movie', votes: 90000 }), 'Road House (1989) · Film · 90,000 votes');
    assert.equal(candidateText({ title: 'Pilot', year: null, title_type: 'tvEpisode', votes: null }), 'Pilot · TV episode');
  });

  it('shows ratings out of ten as Letterboxd stars', () => {
    assert.equal(starsText(7), '★★★½');
    assert.equal(starsText(10), '★★★★★');
    assert.equal(starsText(1), '½');
    assert.equal(starsLabel(7), '3.5 of 5 stars');
  });

  it('lists only what was added', () => {
    const result = { added: { movies: 2, reviews: 1, viewings: 0, watchlist: 3, lists: 0, list_items: 0 }, skipped: 0, unmatched: 0 };
    assert.deepEqual(addedLines(result), ['2 films brought into the catalogue', '1 rating or review', '3 films on your watchlist']);
  });

  it('never puts an earlier step back on screen', () => {
    const ready = job('ready');
    assert.equal(newerJob(ready, job('parsing')), ready);
    const importing = job('importing');
    assert.equal(newerJob(ready, importing), importing);
    const other = job('parsing', { id: 2 });
    assert.equal(newerJob(ready, other), other);
  });
});
