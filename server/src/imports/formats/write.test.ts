import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parse } from 'csv-parse/sync';
import { unzipSync } from 'fflate';
import type { ExportData } from './exportData';
import { SAMPLE_FILMS } from './fixtures';
import { parseImportFile } from './parse';
import { letterboxdZip, LETTERBOXD_EXPORT_COLUMNS, movieclubZip, spreadsheetZip } from './write';

const f = SAMPLE_FILMS;
const WHEN = new Date('2026-12-03T10:00:00.000Z');

/** A member's holdings with every awkward case: quotes, commas and line breaks, an undated viewing, remakes, lists named alike. */
const DATA: ExportData = {
  user: { username: 'ann', created_at: '2025-01-01T00:00:00.000Z', profile_picture: 'ann.webp' },
  movies: Object.fromEntries(
    [f.casablanca, f.goodBadUgly, f.amelie, f.wickerMan1973, f.wickerMan2006, f.roadHouse1989, f.crocodileDundee].map((movie) => [movie.tconst, { ...movie }]),
  ),
  reviews: [
    {
      tconst: f.casablanca.tconst,
      stars: 10,
      text: 'Here\'s looking at you, kid.\nThe "airport" ending, still.',
      ttm_rating: 'S',
      pain_level: 1,
      smoke_alarms: false,
      equipment_seen: true,
      estimated_budget: '1000000-10000000',
      created_at: '2024-01-05T20:00:00.000Z',
      updated_at: '2024-01-06T08:30:00.000Z',
    },
    {
      tconst: f.goodBadUgly.tconst,
      stars: 7,
      text: null,
      ttm_rating: null,
      pain_level: null,
      smoke_alarms: null,
      equipment_seen: null,
      estimated_budget: null,
      created_at: '2024-02-10T20:00:00.000Z',
      updated_at: '2024-02-10T20:00:00.000Z',
    },
    {
      tconst: f.amelie.tconst,
      stars: 9,
      text: 'Charming; crème brûlée.',
      ttm_rating: 'A',
      pain_level: 2,
      smoke_alarms: true,
      equipment_seen: false,
      estimated_budget: '10000-50000',
      created_at: '2024-03-01T20:00:00.000Z',
      updated_at: '2024-03-01T20:00:00.000Z',
    },
  ],
  viewings: [
    { tconst: f.goodBadUgly.tconst, watched_on: null, rewatch: false, with: [], place: null, note: null, created_at: '2024-02-10T20:00:00.000Z' },
    { tconst: f.casablanca.tconst, watched_on: '2024-01-04', rewatch: false, with: ['bob', 'cat'], place: 'Cinema, front row', note: 'Said "play it".', created_at: '2024-01-04T22:00:00.000Z' },
    { tconst: f.casablanca.tconst, watched_on: '2024-02-01', rewatch: true, with: [], place: null, note: null, created_at: '2024-02-01T22:00:00.000Z' },
    { tconst: f.roadHouse1989.tconst, watched_on: '2024-06-01', rewatch: false, with: [], place: 'Sofa', note: null, created_at: '2024-06-01T22:00:00.000Z' },
  ],
  watchlist: [
    { tconst: f.amelie.tconst, position: 2, added_at: '2024-04-02T00:00:00.000Z' },
    { tconst: f.wickerMan2006.tconst, position: 1, added_at: '2024-04-01T00:00:00.000Z' },
  ],
  lists: [
    {
      name: 'Folk "horror", etc.',
      description_html: '<p>Best <strong>at night</strong>, with &quot;friends&quot;.</p><p>Second &amp; last.</p>',
      created_at: '2024-05-01T00:00:00.000Z',
      items: [
        { tconst: f.wickerMan1973.tconst, position: 1, added_at: '2024-05-01T00:00:00.000Z' },
        { tconst: f.roadHouse1989.tconst, position: 2, added_at: '2024-05-02T00:00:00.000Z' },
        { tconst: f.wickerMan2006.tconst, position: 3, added_at: '2024-05-03T00:00:00.000Z' },
      ],
      moderators: ['bob'],
    },
    { name: 'Night', description_html: '', created_at: '2024-05-05T00:00:00.000Z', items: [{ tconst: f.crocodileDundee.tconst, position: 1, added_at: '2024-05-05T00:00:00.000Z' }], moderators: [] },
    { name: 'night', description_html: '', created_at: '2024-05-06T00:00:00.000Z', items: [], moderators: [] },
  ],
};

/** The zip's files as text, a byte-order mark kept. */
const filesOf = (zip: Buffer) => Object.fromEntries(Object.entries(unzipSync(zip)).map(([name, bytes]) => [name, Buffer.from(bytes).toString('utf8')]));
const records = (text: string) => parse(text.replace(/^\uFEFF/, ''), { columns: true }) as Record<string, string>[];

describe('the Letterboxd export', () => {
  it("writes Letterboxd's import columns, imdbID filled and LetterboxdURI empty, one file per list with unique names", () => {
    const files = filesOf(letterboxdZip(DATA, WHEN));
    assert.deepEqual(Object.keys(files).sort(), [
      'diary.csv',
      "lists/Folk 'horror', etc..csv",
      'lists/Night.csv',
      'lists/night (2).csv',
      'ratings.csv',
      'reviews.csv',
      'watchlist.csv',
    ]);
    const header = (name: string) => files[name]!.split('\n')[0];
    assert.equal(header('ratings.csv'), LETTERBOXD_EXPORT_COLUMNS.ratings.join(','));
    assert.equal(header('diary.csv'), 'imdbID,Title,Year,WatchedDate,Rating10,Rating,Rewatch,LetterboxdURI');
    assert.equal(header('reviews.csv'), 'imdbID,Title,Year,WatchedDate,Rating10,Rating,Review,LetterboxdURI');
    assert.equal(header('watchlist.csv'), 'imdbID,Title,Year,LetterboxdURI');
    assert.equal(header('lists/Night.csv'), 'Position,imdbID,Title,Year,LetterboxdURI');
    assert.deepEqual(records(files['ratings.csv']!), [
      { imdbID: 'tt0034583', Title: 'Casablanca', Year: '1942', Rating10: '10', Rating: '5', LetterboxdURI: '' },
      { imdbID: 'tt0060196', Title: 'The Good, the Bad and the Ugly', Year: '1966', Rating10: '7', Rating: '3.5', LetterboxdURI: '' },
      { imdbID: 'tt0211915', Title: 'Amélie', Year: '2001', Rating10: '9', Rating: '4.5', LetterboxdURI: '' },
    ]);
    // Reviews with text only, dated by the film's latest viewing when there is one.
    assert.deepEqual(
      records(files['reviews.csv']!).map((row) => [row.imdbID, row.WatchedDate, row.Review]),
      [
        ['tt0034583', '2024-02-01', DATA.reviews[0]!.text],
        ['tt0211915', '', 'Charming; crème brûlée.'],
      ],
    );
  });

  it('reads back as the same ratings, reviews, viewings with their days, watchlist and lists in order', async () => {
    const parsed = await parseImportFile(letterboxdZip(DATA, WHEN), 'movieclub-ann-letterboxd-2026-12-03.zip');
    assert.equal(parsed.source, 'letterboxd');
    const of = (file: string) => parsed.rows.filter((row) => row.file === file);
    assert.deepEqual(
      of('ratings.csv').map((row) => [row.kind, row.tconst, row.title, row.year, row.stars]),
      DATA.reviews.map((review) => ['rating', review.tconst, DATA.movies[review.tconst]!.title, DATA.movies[review.tconst]!.year, review.stars]),
    );
    assert.deepEqual(
      of('diary.csv').map((row) => [row.kind, row.tconst, row.watchedOn, row.rewatch, row.stars]),
      DATA.viewings.map((viewing) => ['diary', viewing.tconst, viewing.watched_on, viewing.rewatch, DATA.reviews.find((r) => r.tconst === viewing.tconst)?.stars ?? null]),
    );
    assert.deepEqual(
      of('reviews.csv').map((row) => [row.kind, row.tconst, row.review, row.stars]),
      [
        ['review', 'tt0034583', DATA.reviews[0]!.text, 10],
        ['review', 'tt0211915', 'Charming; crème brûlée.', 9],
      ],
    );
    assert.deepEqual(
      of('watchlist.csv').map((row) => [row.kind, row.tconst, row.position]),
      [
        ['watchlist', f.wickerMan2006.tconst, 1],
        ['watchlist', f.amelie.tconst, 2],
      ],
    );
    assert.deepEqual(parsed.lists.map((list) => list.name), ["Folk 'horror', etc.", 'Night', 'night (2)']);
    assert.deepEqual(
      parsed.rows.filter((row) => row.kind === 'list').map((row) => [row.list, row.tconst, row.position]),
      [
        [0, f.wickerMan1973.tconst, 1],
        [0, f.roadHouse1989.tconst, 2],
        [0, f.wickerMan2006.tconst, 3],
        [1, f.crocodileDundee.tconst, 1],
      ],
    );
  });
});

describe('the movieclub export', () => {
  it('writes one versioned movieclub.json naming only the movies it uses', () => {
    const files = filesOf(movieclubZip(DATA, WHEN));
    assert.deepEqual(Object.keys(files), ['movieclub.json']);
    const document = JSON.parse(files['movieclub.json']!);
    assert.deepEqual([document.format, document.version, document.exported_at], ['movieclub', 1, '2026-12-03T10:00:00.000Z']);
    assert.deepEqual(document.user, { username: 'ann', created_at: '2025-01-01T00:00:00.000Z', profile_picture: 'ann.webp' });
    assert.equal(document.movies.length, Object.keys(DATA.movies).length);
    assert.deepEqual(document.reviews[0], DATA.reviews[0]);
    assert.deepEqual(document.watchlist.map((item: { position: number }) => item.position), [1, 2], 'in order');
    assert.deepEqual(document.lists[0], DATA.lists[0]);
  });

  it('reads back as the same rows: reviews with every club field, viewings (one without a day), watchlist, lists with moderators', async () => {
    const parsed = await parseImportFile(movieclubZip(DATA, WHEN), 'export.zip');
    assert.equal(parsed.source, 'movieclub');
    assert.equal(parsed.exportedBy, 'ann');
    const reviews = parsed.rows.filter((row) => row.kind === 'review');
    assert.deepEqual(
      reviews.map((row) => ({ tconst: row.tconst, stars: row.stars, review: row.review, date: row.date, club: row.club })),
      DATA.reviews.map((review) => ({
        tconst: review.tconst,
        stars: review.stars,
        review: review.text,
        date: review.updated_at.slice(0, 10),
        club: {
          review: {
            ttm_rating: review.ttm_rating,
            pain_level: review.pain_level,
            smoke_alarms: review.smoke_alarms === null ? null : Number(review.smoke_alarms),
            equipment_seen: review.equipment_seen === null ? null : Number(review.equipment_seen),
            estimated_budget: review.estimated_budget,
            created_at: review.created_at,
            updated_at: review.updated_at,
          },
        },
      })),
    );
    assert.ok(reviews.every((row) => row.watchedOn === null), 'a review logs no viewing of its own');
    assert.deepEqual(
      parsed.rows.filter((row) => row.kind === 'diary').map((row) => ({ tconst: row.tconst, watchedOn: row.watchedOn, rewatch: row.rewatch, club: row.club })),
      DATA.viewings.map((viewing) => ({ tconst: viewing.tconst, watchedOn: viewing.watched_on, rewatch: viewing.rewatch, club: { with: viewing.with, place: viewing.place, note: viewing.note } })),
    );
    assert.deepEqual(
      parsed.rows.filter((row) => row.kind === 'watchlist').map((row) => [row.tconst, row.position, row.date, row.title, row.year]),
      [
        [f.wickerMan2006.tconst, 1, '2024-04-01', 'The Wicker Man', 2006],
        [f.amelie.tconst, 2, '2024-04-02', 'Amélie', 2001],
      ],
    );
    assert.deepEqual(
      parsed.lists.map(({ name, description, moderators }) => ({ name, description, moderators })),
      DATA.lists.map((list) => ({ name: list.name, description: list.description_html, moderators: list.moderators })),
    );
    assert.deepEqual(
      parsed.rows.filter((row) => row.kind === 'list').map((row) => [row.list, row.tconst, row.position]),
      DATA.lists.flatMap((list, index) => list.items.map((item) => [index, item.tconst, item.position])),
    );
    assert.deepEqual(
      parsed.rows.map((row) => row.line),
      parsed.rows.map((_, i) => i + 1),
    );
  });
});

describe('the spreadsheet export', () => {
  it('keeps a text that starts like a formula a text, in the spreadsheet CSVs only', () => {
    const formulas = ['=HYPERLINK("http://example.invalid","click")', '\tTabbed', '-2+3+cmd|\' /C calc\'!A0', '@SUM(A1:A9)', '+1 and =1+1'];
    const data: ExportData = {
      ...DATA,
      reviews: [{ ...DATA.reviews[0]!, text: formulas[0]! }],
      viewings: [{ ...DATA.viewings[0]!, place: formulas[1]!, note: formulas[2]! }],
      lists: [{ ...DATA.lists[0]!, name: formulas[3]!, description_html: `<p>${formulas[4]}</p>` }],
    };
    const files = filesOf(spreadsheetZip(data, WHEN));
    assert.equal(records(files['reviews.csv']!)[0]!.Review, `'${formulas[0]}`);
    assert.equal(records(files['diary.csv']!)[0]!.Place, `'${formulas[1]}`);
    assert.equal(records(files['diary.csv']!)[0]!.Note, `'${formulas[2]}`);
    assert.equal(records(files['lists.csv']!)[0]!.List, `'${formulas[3]}`);
    assert.equal(records(files['lists.csv']!)[0]!.Description, `'${formulas[4]}`);
    // Numbers and dates stay numbers and dates; Letterboxd's importer gets the words as written.
    assert.equal(records(files['reviews.csv']!)[0]!['Stars (1-10)'], '10');
    const letterboxd = filesOf(letterboxdZip(data, WHEN));
    assert.equal(records(letterboxd['reviews.csv']!)[0]!.Review, formulas[0]);
  });

  it('writes readable CSVs with a BOM and CRLF, every club field, companions by name and list descriptions as text', () => {
    const files = filesOf(spreadsheetZip(DATA, WHEN));
    assert.deepEqual(Object.keys(files).sort(), ['diary.csv', 'lists.csv', "lists/Folk 'horror', etc..csv", 'lists/Night.csv', 'lists/night (2).csv', 'reviews.csv', 'watchlist.csv']);
    for (const text of Object.values(files)) {
      assert.ok(text.startsWith('\uFEFF'));
      assert.ok(text.includes('\r\n'));
    }
    assert.deepEqual(records(files['reviews.csv']!)[0], {
      Title: 'Casablanca',
      Year: '1942',
      'IMDb id': 'tt0034583',
      'Stars (1-10)': '10',
      Review: DATA.reviews[0]!.text,
      'TTM rating': 'S',
      'Pain level': '1',
      'Smoke alarms': 'no',
      'Equipment seen': 'yes',
      'Estimated budget': '1000000-10000000',
      'Reviewed at': '2024-01-05T20:00:00.000Z',
      'Changed at': '2024-01-06T08:30:00.000Z',
    });
    assert.deepEqual(records(files['diary.csv']!)[1], {
      'Watched on': '2024-01-04',
      Title: 'Casablanca',
      Year: '1942',
      'IMDb id': 'tt0034583',
      Rewatch: 'no',
      'Watched with': 'bob, cat',
      Place: 'Cinema, front row',
      Note: 'Said "play it".',
      'Logged at': '2024-01-04T22:00:00.000Z',
    });
    assert.deepEqual(records(files['lists.csv']!)[0], {
      List: 'Folk "horror", etc.',
      File: "lists/Folk 'horror', etc..csv",
      Films: '3',
      Moderators: 'bob',
      'Created at': '2024-05-01T00:00:00.000Z',
      Description: 'Best at night, with "friends".\nSecond & last.',
    });
    assert.deepEqual(
      records(files["lists/Folk 'horror', etc..csv"]!).map((row) => [row.Position, row.Title, row.Year]),
      [
        ['1', 'The Wicker Man', '1973'],
        ['2', 'Road House', '1989'],
        ['3', 'The Wicker Man', '2006'],
      ],
    );
  });
});
