import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { zipFixture } from './fixtures';
import { parseImportFile } from './parse';

/** A reviews.csv of about `megabytes` MB: quoted reviews with commas, doubled quotes and line breaks. */
function largeReviews(megabytes: number): string {
  const review = 'Long, winding "thoughts",\nand then some more words about the film, its score, its cast and its ending; '.repeat(2);
  const header = 'Date,Name,Year,Letterboxd URI,Rating,Rewatch,Review,Tags,Watched Date\n';
  const rowOf = (i: number) => `2024-01-01,Film ${i},${1950 + (i % 70)},https://boxd.it/${i.toString(36)},${(i % 10) / 2 + 0.5},,"${review.replace(/"/g, '""')} ${i}",,2023-12-31\n`;
  const rows = Math.ceil((megabytes * 1024 * 1024) / rowOf(0).length);
  return header + Array.from({ length: rows }, (_, i) => rowOf(i)).join('');
}

/**
 * How often a 5 ms timer got its turn while `work` ran, and the longest it waited. Work that
 * held the event loop throughout would let it run once or twice; reading in slices lets it run
 * throughout. Only the count is asserted: how long a wait lasts depends on the machine's load
 * (the benchmark measures it).
 */
async function timerTurns(work: () => Promise<unknown>): Promise<{ turns: number; longest: number }> {
  let last = performance.now();
  let longest = 0;
  let turns = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    longest = Math.max(longest, now - last);
    last = now;
    turns += 1;
  }, 5);
  try {
    await work();
  } finally {
    clearInterval(timer);
  }
  return { turns, longest };
}

/** A timer turn at least every ~half second of work, however loaded the machine. */
const MIN_TURNS = 10;

describe('reading a large file', () => {
  const text = largeReviews(20);

  it('keeps the server answering while it reads a 20 MB CSV', async () => {
    const bytes = Buffer.from(text);
    assert.ok(bytes.length >= 20 * 1024 * 1024);
    let rows = 0;
    const { turns, longest } = await timerTurns(async () => {
      rows = (await parseImportFile(bytes, 'reviews.csv')).rows.length;
    });
    assert.ok(rows > 50_000, `${rows} rows`);
    assert.ok(turns >= MIN_TURNS, `other work got only ${turns} turns while the file was read`);
    if (process.env.SHOW_STALLS) console.log(`${turns} turns, longest wait ${Math.round(longest)} ms`);
  });

  it('keeps the server answering while it unpacks and reads the same file zipped', async () => {
    const zip = zipFixture({ 'reviews.csv': text });
    const { turns, longest } = await timerTurns(() => parseImportFile(zip, 'letterboxd.zip'));
    assert.ok(turns >= MIN_TURNS, `other work got only ${turns} turns while the zip was read`);
    if (process.env.SHOW_STALLS) console.log(`${turns} turns, longest wait ${Math.round(longest)} ms`);
  });
});
