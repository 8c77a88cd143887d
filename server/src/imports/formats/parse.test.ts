import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  csvLines,
  FIXTURE_ENTRIES,
  imdbListCsv,
  imdbRatingsCsv,
  importerCsv,
  letterboxdCsv,
  letterboxdListCsv,
  letterboxdZipFixture,
  SAMPLE_FILMS,
  zipFixture,
} from './fixtures';
import { parseImportFile } from './parse';
import type { ParsedRow } from './types';

const f = SAMPLE_FILMS;
const csv = (text: string) => Buffer.from(text, 'utf8');
/** The facts a row carries, without where it came from. */
const facts = (row: ParsedRow) => ({
  kind: row.kind,
  title: row.title,
  year: row.year,
  tconst: row.tconst,
  stars: row.stars,
  date: row.date,
  watchedOn: row.watchedOn,
  rewatch: row.rewatch,
  review: row.review,
  list: row.list,
  position: row.position,
});
const ofFile = (rows: ParsedRow[], file: string) => rows.filter((row) => row.file === file);
const remakes = { name: 'Remakes, "good" & bad', description: 'Two of each,\n\nin "order".', entries: [f.wickerMan1973, f.wickerMan2006, f.roadHouse1989] };

describe('reading a Letterboxd export', () => {
  it('reads every file of the zip, wrapped in a folder or not, and ignores profile, comments, likes, deleted and orphaned entries', async () => {
    for (const folder of [undefined, 'letterboxd-someone-2024-06-30-10-00-utc']) {
      const parsed = await parseImportFile(letterboxdZipFixture(FIXTURE_ENTRIES, { folder, lists: [remakes] }), 'letterboxd.zip');
      assert.equal(parsed.source, 'letterboxd');
      const files = [...new Set(parsed.rows.map((row) => row.file))];
      assert.deepEqual(files, ['ratings.csv', 'reviews.csv', 'diary.csv', 'watched.csv', 'watchlist.csv', 'lists/remakes-good-bad.csv']);
      assert.equal(ofFile(parsed.rows, 'ratings.csv').length, FIXTURE_ENTRIES.length);
      assert.ok(parsed.rows.every((row) => row.tconst === null), 'Letterboxd gives no IMDb ids');
      assert.deepEqual(parsed.lists, [{ index: 0, name: 'Remakes, "good" & bad', description: 'Two of each,\n\nin "order".', file: 'lists/remakes-good-bad.csv', moderators: [] }]);
    }
  });

  it('turns half stars into 1–10, keeps dates, rewatches and reviews with their commas, quotes and line breaks', async () => {
    const parsed = await parseImportFile(letterboxdZipFixture(), 'letterboxd.zip');
    const [casablanca] = ofFile(parsed.rows, 'reviews.csv');
    assert.deepEqual(facts(casablanca!), {
      kind: 'review',
      title: 'Casablanca',
      year: 1942,
      tconst: null,
      stars: 10,
      date: '2024-01-05',
      watchedOn: '2024-01-04',
      rewatch: false,
      review: 'Here\'s looking at you, kid.\nStill the best "airport" ending.',
      list: null,
      position: null,
    });
    const ugly = ofFile(parsed.rows, 'diary.csv').find((row) => row.title === 'The Good, the Bad and the Ugly')!;
    assert.deepEqual([ugly.kind, ugly.stars, ugly.watchedOn, ugly.rewatch], ['diary', 9, '2024-02-09', true]);
    const wallE = ofFile(parsed.rows, 'ratings.csv').find((row) => row.title === 'WALL·E')!;
    assert.equal(wallE.stars, 1, 'half a star is one of ten');
    assert.deepEqual(
      ofFile(parsed.rows, 'watchlist.csv').map((row) => [row.kind, row.title, row.position]),
      [
        ['watchlist', 'Casablanca', 1],
        ['watchlist', '"Crocodile" Dundee', 2],
        ['watchlist', 'The Good, the Bad and the Ugly', 3],
      ],
    );
    assert.ok(ofFile(parsed.rows, 'watched.csv').every((row) => row.kind === 'watched'));
  });

  it('counts lines from the file, a review spanning lines included', async () => {
    const parsed = await parseImportFile(letterboxdZipFixture(FIXTURE_ENTRIES, { style: { crlf: true, bom: true } }), 'letterboxd.zip');
    // Casablanca's review spans lines 2–3, so the next review starts on line 4.
    assert.deepEqual(
      ofFile(parsed.rows, 'reviews.csv').map((row) => row.line),
      [2, 4, 6, 7],
    );
  });

  it("reads a list file's two blocks: the list itself, a blank line, then the films in order", async () => {
    for (const style of [{}, { crlf: true, bom: true }]) {
      const parsed = await parseImportFile(csv(letterboxdListCsv(remakes, style)), 'remakes.csv');
      assert.deepEqual(parsed.lists.map(({ name, description }) => ({ name, description })), [{ name: remakes.name, description: remakes.description }]);
      assert.deepEqual(
        parsed.rows.map((row) => [row.kind, row.title, row.year, row.list, row.position, row.date, row.line]),
        [
          ['list', 'The Wicker Man', 1973, 0, 1, '2024-02-01', 8],
          ['list', 'The Wicker Man', 2006, 0, 2, '2024-02-01', 9],
          ['list', 'Road House', 1989, 0, 3, '2024-02-01', 10],
        ],
      );
    }
  });

  it('recognises each CSV on its own by its columns, whatever its name, with a BOM and CRLF or not', async () => {
    const expected: [string, string, ParsedRow['kind']][] = [
      ['ratings', 'upload.csv', 'rating'],
      ['reviews', 'upload.csv', 'review'],
      ['diary', 'upload.csv', 'diary'],
      ['watched', 'watched.csv', 'watched'],
      ['watchlist', 'watchlist.csv', 'watchlist'],
      ['watchlist', 'upload.csv', 'watchlist'],
    ];
    for (const [file, name, kind] of expected) {
      for (const style of [{}, { bom: true, crlf: true }]) {
        const parsed = await parseImportFile(csv(letterboxdCsv(file as 'ratings', FIXTURE_ENTRIES, style)), name);
        assert.equal(parsed.source, 'letterboxd');
        assert.ok(parsed.rows.length > 0);
        assert.ok(
          parsed.rows.every((row) => row.kind === kind && row.file === name),
          `${file} as ${name}: ${parsed.rows[0]!.kind}`,
        );
      }
    }
  });

  it('reads quoted fields with embedded commas, doubled quotes and line breaks, and skips blank lines', async () => {
    const text = csvLines([
      ['Date', 'Name', 'Year', 'Letterboxd URI', 'Rating', 'Rewatch', 'Review', 'Tags', 'Watched Date'],
      ['2024-01-01', 'The Good, the Bad and the Ugly', '1966', 'https://boxd.it/a', '4.5', 'Yes', 'One, "two",\n\nthree', 'a, b', '2023-12-31'],
      [],
      ['2024-01-02', '"Crocodile" Dundee', '1986', 'https://boxd.it/b', '', '', 'x', '', ''],
    ]);
    const parsed = await parseImportFile(csv(text), 'reviews.csv');
    assert.deepEqual(
      parsed.rows.map((row) => [row.title, row.stars, row.rewatch, row.review, row.watchedOn, row.line]),
      [
        ['The Good, the Bad and the Ugly', 9, true, 'One, "two",\n\nthree', '2023-12-31', 2],
        ['"Crocodile" Dundee', null, false, 'x', null, 6],
      ],
    );
  });
});

describe('reading IMDb exports', () => {
  it('reads ratings with and without `Original Title`, keeping the IMDb id', async () => {
    for (const old of [false, true]) {
      const parsed = await parseImportFile(csv(imdbRatingsCsv(FIXTURE_ENTRIES, { old })), 'ratings.csv');
      assert.equal(parsed.source, 'imdb');
      assert.deepEqual(facts(parsed.rows.find((row) => row.tconst === f.amelie.tconst)!), {
        kind: 'rating',
        title: 'Amélie',
        year: 2001,
        tconst: 'tt0211915',
        stars: 7,
        date: '2024-03-01',
        watchedOn: null,
        rewatch: false,
        review: null,
        list: null,
        position: null,
      });
      assert.deepEqual(
        parsed.rows.filter((row) => row.title === 'Road House').map((row) => [row.tconst, row.year]),
        [
          ['tt0098206', 1989],
          ['tt3359350', 2024],
        ],
      );
    }
  });

  it('reads a watchlist export as the watchlist and any other list export as a list named after the file', async () => {
    const watchlist = await parseImportFile(csv(imdbListCsv(FIXTURE_ENTRIES.slice(0, 3))), 'WATCHLIST.csv');
    assert.deepEqual(
      watchlist.rows.map((row) => [row.kind, row.tconst, row.position, row.list]),
      [
        ['watchlist', 'tt0034583', 1, null],
        ['watchlist', 'tt0090555', 2, null],
        ['watchlist', 'tt0060196', 3, null],
      ],
    );
    assert.deepEqual(watchlist.lists, []);
    const list = await parseImportFile(csv(imdbListCsv(FIXTURE_ENTRIES.slice(0, 2))), 'Best of 1986.csv');
    assert.deepEqual(list.lists.map((entry) => entry.name), ['Best of 1986']);
    assert.deepEqual(
      list.rows.map((row) => [row.kind, row.list, row.position]),
      [
        ['list', 0, 1],
        ['list', 0, 2],
      ],
    );
  });

  it('keeps TV titles and rows with an unknown title type (matching decides)', async () => {
    const text = imdbRatingsCsv([{ tconst: 'tt0903747', title: 'Breaking Bad', year: 2008, stars: 10, date: '2020-01-01' }]).replace(',Movie,', ',TV Series,');
    const parsed = await parseImportFile(csv(text), 'ratings.csv');
    assert.deepEqual(parsed.rows.map((row) => [row.tconst, row.stars]), [['tt0903747', 10]]);
  });
});

describe("reading CSVs in Letterboxd's importer shape", () => {
  it('makes a row with a watched date a diary entry, else a review, a rating, or a watched film', async () => {
    const entries = [
      { ...f.casablanca, stars: 9, watchedOn: '2024-01-01' },
      { ...f.amelie, stars: 8, review: 'Lovely.' },
      { ...f.leon, stars: 6 },
      { ...f.wallE },
    ];
    const parsed = await parseImportFile(csv(importerCsv(entries)), 'my films.csv');
    assert.equal(parsed.source, 'letterboxd');
    assert.deepEqual(
      parsed.rows.map((row) => [row.kind, row.tconst, row.stars, row.watchedOn, row.review]),
      [
        ['diary', 'tt0034583', 9, '2024-01-01', null],
        ['review', 'tt0211915', 8, null, 'Lovely.'],
        ['rating', 'tt0110413', 6, null, null],
        ['watched', 'tt0910970', null, null, null],
      ],
    );
  });

  it('takes Rating10 as is and doubles Rating, and reads a file with only some of the columns', async () => {
    const both = await parseImportFile(csv(importerCsv([{ ...f.leon, stars: 7 }], ['imdbID', 'Rating', 'Rating10'])), 'a.csv');
    assert.deepEqual([both.rows[0]!.stars, both.rows[0]!.title], [7, 'tt0110413']);
    const half = await parseImportFile(csv(importerCsv([{ ...f.leon, stars: 7 }], ['Title', 'Year', 'Rating'])), 'a.csv');
    assert.deepEqual([half.rows[0]!.stars, half.rows[0]!.title, half.rows[0]!.year], [7, 'Léon: The Professional', 1994]);
  });

  it('reads a file with Position as a list, or as the watchlist when its name says so', async () => {
    const columns = ['Position', 'imdbID', 'Title', 'Year', 'LetterboxdURI'];
    const list = await parseImportFile(csv(importerCsv([f.roadHouse2024, f.roadHouse1989], columns)), 'Road Houses.csv');
    assert.deepEqual(list.lists.map((entry) => entry.name), ['Road Houses']);
    assert.deepEqual(list.rows.map((row) => [row.kind, row.tconst, row.position]), [
      ['list', 'tt3359350', 1],
      ['list', 'tt0098206', 2],
    ]);
    const watchlist = await parseImportFile(csv(importerCsv([f.roadHouse2024], columns)), 'my-watchlist.csv');
    assert.deepEqual(watchlist.rows.map((row) => row.kind), ['watchlist']);
  });

  it('reads importer-shaped files inside a zip by their place in it', async () => {
    const zip = zipFixture({
      'ratings.csv': importerCsv([f.casablanca].map((e) => ({ ...e, stars: 8 })), ['imdbID', 'Title', 'Year', 'Rating10']),
      'watchlist.csv': importerCsv([f.amelie], ['imdbID', 'Title', 'Year']),
      'lists/Night.csv': importerCsv([f.wallE, f.leon], ['Position', 'imdbID', 'Title', 'Year']),
      'notes.txt': 'ignored',
    });
    const parsed = await parseImportFile(zip, 'export.zip');
    assert.deepEqual(parsed.rows.map((row) => [row.file, row.kind, row.tconst]), [
      ['ratings.csv', 'rating', 'tt0034583'],
      ['watchlist.csv', 'watchlist', 'tt0211915'],
      ['lists/Night.csv', 'list', 'tt0910970'],
      ['lists/Night.csv', 'list', 'tt0110413'],
    ]);
    assert.deepEqual(parsed.lists.map((list) => list.name), ['Night']);
  });
});

describe('progress while reading', () => {
  it('reports rows read as it goes and when done', async () => {
    const seen: number[] = [];
    const text = `Date,Name,Year,Letterboxd URI,Rating\n${'2024-01-01,Casablanca,1942,https://boxd.it/a,4\n'.repeat(2500)}`;
    const parsed = await parseImportFile(csv(text), 'ratings.csv', (rows) => seen.push(rows));
    assert.equal(parsed.rows.length, 2500);
    assert.deepEqual(seen, [1000, 2000, 2500]);
  });
});
