import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { parse } from 'csv-parse/sync';
import { unzipSync } from 'fflate';
import { SAMPLE_FILMS } from '../imports/formats/fixtures';
import { parseImportFile } from '../imports/formats/parse';
import { addMovie, createUser, type SignedInUser } from '../testing/factories';
import { startTestApp, TEST_DATABASES, type TestApp } from '../testing/testApp';

const f = SAMPLE_FILMS;

/** The export as the browser downloads it: status, headers and the zip's files as text. */
async function download(app: TestApp, member: SignedInUser | null, format: string) {
  const response = await fetch(`${app.url}/api/export?format=${format}`, { headers: member ? { cookie: member.agent.cookieHeader } : {} });
  const bytes = Buffer.from(await response.arrayBuffer());
  const isZip = response.headers.get('content-type') === 'application/zip';
  const files = isZip ? Object.fromEntries(Object.entries(unzipSync(bytes)).map(([name, data]) => [name, Buffer.from(data).toString('utf8')])) : {};
  return { status: response.status, headers: response.headers, bytes, files, body: isZip ? null : JSON.parse(bytes.toString('utf8')) };
}

for (const kind of TEST_DATABASES) {
  describe(`exports (${kind})`, () => {
    let app: TestApp;
    let ann: SignedInUser;
    let bob: SignedInUser;
    const ids: Record<string, number> = {};
    let annListId: number;

    before(async () => {
      app = await startTestApp(kind);
      ann = await createUser(app, 'export_ann');
      bob = await createUser(app, 'export_bob');
      await createUser(app, 'export_cat');
      for (const [key, film] of Object.entries(f)) ids[key] = (await addMovie(app.database.db, { tconst: film.tconst, title: film.title, year: film.year })).id;

      const ok = async (reply: Promise<{ status: number; body: unknown }>) => {
        const { status, body } = await reply;
        assert.equal(status, 200, JSON.stringify(body));
        return body as { watchlist: { id: number } };
      };
      await ok(ann.agent.post('/api/viewings', { movie_id: ids.casablanca, watched_on: '2024-01-04', with: ['export_bob', 'export_cat'], place: 'Cinema, front row', note: 'Said "play it".' }));
      await ok(ann.agent.post('/api/review', { movie_id: ids.casablanca, stars: 10, ttm_rating: 'S', pain_level: 1, smoke_alarms: false, equipment_seen: true, estimated_budget: '1000000-10000000', text: 'Here\'s looking at you, kid.\nStill "the" best.' }));
      await ok(ann.agent.post('/api/viewings', { movie_id: ids.casablanca, watched_on: '2024-02-01', rewatch: true }));
      await ok(ann.agent.post('/api/viewings', { movie_id: ids.roadHouse1989, watched_on: '2024-06-01' }));
      await ok(ann.agent.post('/api/watchlists/mine/items', { movie_id: ids.wickerMan2006 }));
      await ok(ann.agent.post('/api/watchlists/mine/items', { movie_id: ids.amelie }));
      annListId = (await ok(ann.agent.post('/api/watchlists/public', { name: 'Folk "horror", etc.' }))).watchlist.id;
      for (const movie of [ids.wickerMan1973, ids.wickerMan2006, ids.roadHouse1989]) await ok(ann.agent.post(`/api/watchlists/${annListId}/items`, { movie_id: movie }));
      await ok(ann.agent.put(`/api/watchlists/${annListId}/items/order`, { order: [ids.wickerMan2006, ids.roadHouse1989, ids.wickerMan1973] }));
      await ok(ann.agent.put(`/api/watchlists/${annListId}/description`, { description: '<p>Best <strong>at night</strong>.</p>' }));
      await ok(ann.agent.post('/api/add_moderator', { watchlist_id: annListId, username: 'export_bob' }));

      // Bob's own things, some on Ann's movies, and a list Ann moderates: none of it is Ann's to export.
      await ok(bob.agent.post('/api/review', { movie_id: ids.amelie, stars: 3, text: 'Not for me.' }));
      await ok(bob.agent.post('/api/viewings', { movie_id: ids.casablanca, watched_on: '2024-01-04', with: ['export_ann'] }));
      const bobsList = (await ok(bob.agent.post('/api/watchlists/public', { name: "Bob's picks" }))).watchlist.id;
      await ok(bob.agent.post(`/api/watchlists/${bobsList}/items`, { movie_id: ids.leon }));
      await ok(bob.agent.post('/api/add_moderator', { watchlist_id: bobsList, username: 'export_ann' }));
    });
    after(() => app.close());

    it('asks a visitor to sign in, and refuses a format it does not write', async () => {
      const anonymous = await download(app, null, 'movieclub');
      assert.deepEqual([anonymous.status, anonymous.body.error], [401, 'You must be signed in to export your history.']);
      for (const format of ['pdf', '', 'LETTERBOXD']) {
        const refused = await download(app, ann, format);
        assert.deepEqual([refused.status, refused.body.error], [400, 'Format must be letterboxd, movieclub or csv.'], format);
      }
      const missing = await ann.agent.get('/api/export');
      assert.deepEqual([missing.status, missing.body.error], [400, 'Format must be letterboxd, movieclub or csv.']);
    });

    it('downloads a zip named after the member, the format and the day, never cached', async () => {
      const today = new Date().toISOString().slice(0, 10);
      for (const format of ['letterboxd', 'movieclub', 'csv']) {
        const { status, headers, bytes } = await download(app, ann, format);
        assert.equal(status, 200);
        assert.equal(headers.get('content-type'), 'application/zip');
        assert.equal(headers.get('content-disposition'), `attachment; filename="movieclub-export_ann-${format}-${today}.zip"`);
        assert.equal(headers.get('cache-control'), 'no-store');
        assert.deepEqual([...bytes.subarray(0, 4)], [0x50, 0x4b, 0x03, 0x04]);
      }
    });

    it("holds exactly the member's own reviews, viewings and lists, with every club field, companions and moderators by name, in order", async () => {
      const { files } = await download(app, ann, 'movieclub');
      const document = JSON.parse(files['movieclub.json']!);
      assert.deepEqual([document.format, document.version, document.user.username], ['movieclub', 1, 'export_ann']);
      assert.deepEqual(
        document.reviews.map((review: Record<string, unknown>) => ({ ...review, created_at: undefined, updated_at: undefined })),
        [
          {
            tconst: f.casablanca.tconst,
            stars: 10,
            text: 'Here\'s looking at you, kid.\nStill "the" best.',
            ttm_rating: 'S',
            pain_level: 1,
            smoke_alarms: false,
            equipment_seen: true,
            estimated_budget: '1000000-10000000',
            created_at: undefined,
            updated_at: undefined,
          },
        ],
      );
      assert.deepEqual(
        document.viewings.map(({ tconst, watched_on, rewatch, with: companions, place, note }: Record<string, unknown>) => ({ tconst, watched_on, rewatch, with: companions, place, note })),
        [
          { tconst: f.casablanca.tconst, watched_on: '2024-01-04', rewatch: false, with: ['export_bob', 'export_cat'], place: 'Cinema, front row', note: 'Said "play it".' },
          { tconst: f.casablanca.tconst, watched_on: '2024-02-01', rewatch: true, with: [], place: null, note: null },
          { tconst: f.roadHouse1989.tconst, watched_on: '2024-06-01', rewatch: false, with: [], place: null, note: null },
        ],
      );
      assert.deepEqual(
        document.watchlist.map(({ tconst, position }: { tconst: string; position: number }) => [tconst, position]),
        [
          [f.wickerMan2006.tconst, 1],
          [f.amelie.tconst, 2],
        ],
      );
      assert.equal(document.lists.length, 1, "Bob's list, which Ann moderates, is Bob's");
      const [list] = document.lists;
      assert.deepEqual([list.name, list.description_html, list.moderators], ['Folk "horror", etc.', '<p>Best <strong>at night</strong>.</p>', ['export_bob']]);
      assert.deepEqual(
        list.items.map(({ tconst, position }: { tconst: string; position: number }) => [tconst, position]),
        [
          [f.wickerMan2006.tconst, 1],
          [f.roadHouse1989.tconst, 2],
          [f.wickerMan1973.tconst, 3],
        ],
        'the order as rearranged',
      );
      assert.deepEqual(
        document.movies.map((movie: { tconst: string }) => movie.tconst),
        [f.casablanca.tconst, f.wickerMan1973.tconst, f.roadHouse1989.tconst, f.amelie.tconst, f.wickerMan2006.tconst].sort(),
        "only the movies the export names, not Bob's Léon",
      );
    });

    it("exports another member's own things to them, not Ann's", async () => {
      const { files } = await download(app, bob, 'movieclub');
      const document = JSON.parse(files['movieclub.json']!);
      assert.deepEqual(document.reviews.map((review: { tconst: string; stars: number }) => [review.tconst, review.stars]), [[f.amelie.tconst, 3]]);
      // Reviewing Amélie logged Bob's viewing of it for today.
      assert.deepEqual(
        document.viewings.map((viewing: { tconst: string; with: string[] }) => [viewing.tconst, viewing.with]),
        [
          [f.casablanca.tconst, ['export_ann']],
          [f.amelie.tconst, []],
        ],
      );
      assert.deepEqual(document.lists.map((list: { name: string; moderators: string[] }) => [list.name, list.moderators]), [["Bob's picks", ['export_ann']]]);
      assert.deepEqual(document.watchlist, []);
    });

    it('writes a Letterboxd zip that reads back as the same ratings, days and list order', async () => {
      const { files, bytes } = await download(app, ann, 'letterboxd');
      assert.deepEqual(Object.keys(files).sort(), ['diary.csv', "lists/Folk 'horror', etc..csv", 'ratings.csv', 'reviews.csv', 'watchlist.csv']);
      assert.equal(files['ratings.csv'], 'imdbID,Title,Year,Rating10,Rating,LetterboxdURI\ntt0034583,Casablanca,1942,10,5,\n');
      const parsed = await parseImportFile(bytes, 'export.zip');
      assert.deepEqual(
        parsed.rows.filter((row) => row.kind === 'diary').map((row) => [row.tconst, row.watchedOn, row.rewatch, row.stars]),
        [
          [f.casablanca.tconst, '2024-01-04', false, 10],
          [f.casablanca.tconst, '2024-02-01', true, 10],
          [f.roadHouse1989.tconst, '2024-06-01', false, null],
        ],
      );
      assert.deepEqual(
        parsed.rows.filter((row) => row.kind === 'list').map((row) => [row.tconst, row.position]),
        [
          [f.wickerMan2006.tconst, 1],
          [f.roadHouse1989.tconst, 2],
          [f.wickerMan1973.tconst, 3],
        ],
      );
    });

    it('writes spreadsheet CSVs with the companions and the list description as text', async () => {
      const { files } = await download(app, ann, 'csv');
      assert.deepEqual(Object.keys(files).sort(), ['diary.csv', 'lists.csv', "lists/Folk 'horror', etc..csv", 'reviews.csv', 'watchlist.csv']);
      assert.match(files['diary.csv']!, /2024-01-04,Casablanca,1942,tt0034583,no,"export_bob, export_cat","Cinema, front row","Said ""play it""\."/);
      assert.match(files['lists.csv']!, /,Best at night\.\r\n$/);
    });

    it('quotes every field with a line break, so each row reads back whole, in the spreadsheet and Letterboxd CSVs', async () => {
      const dee = await createUser(app, 'export_dee');
      const ok = async (reply: Promise<{ status: number; body: unknown }>) => {
        const { status, body } = await reply;
        assert.equal(status, 200, JSON.stringify(body));
        return body as { watchlist: { id: number } };
      };
      // No commas in the texts, which would have them quoted anyway; a lone CR as an old Mac ends lines.
      const reviews = ['Quiet start.\nThen a storm.', 'Typed on an old Mac.\rLine two.'];
      await ok(dee.agent.post('/api/viewings', { movie_id: ids.leon, watched_on: '2024-03-02', note: 'Row 3.\nSnacks too.' }));
      await ok(dee.agent.post('/api/review', { movie_id: ids.leon, stars: 8, text: reviews[0] }));
      await ok(dee.agent.post('/api/review', { movie_id: ids.amelie, stars: 6, text: reviews[1] }));
      const listId = (await ok(dee.agent.post('/api/watchlists/public', { name: 'Night shift' }))).watchlist.id;
      await ok(dee.agent.put(`/api/watchlists/${listId}/description`, { description: '<p>Slow burners.</p><p>Watch late.</p>' }));

      // Outside quotes a spreadsheet ends a row at any line break: a lone LF or CR as much as CRLF.
      const rowsOf = (text: string) => parse(text, { bom: true, record_delimiter: ['\r\n', '\n', '\r'], relax_column_count: true }) as string[][];
      const column = (rows: string[][], name: string) => rows.slice(1).map((row) => row[rows[0]!.indexOf(name)]).sort();
      const spreadsheet = (await download(app, dee, 'csv')).files;
      const reviewRows = rowsOf(spreadsheet['reviews.csv']!);
      assert.equal(reviewRows.length, 3, JSON.stringify(reviewRows));
      assert.deepEqual(column(reviewRows, 'Review'), [...reviews].sort());
      // Reviewing Amélie logged a viewing of it for today, without a note.
      const diary = rowsOf(spreadsheet['diary.csv']!);
      assert.equal(diary.length, 3, JSON.stringify(diary));
      assert.deepEqual(column(diary, 'Note'), ['', 'Row 3.\nSnacks too.']);
      const lists = rowsOf(spreadsheet['lists.csv']!);
      assert.equal(lists.length, 2, JSON.stringify(lists));
      assert.deepEqual(column(lists, 'Description'), ['Slow burners.\nWatch late.']);

      const letterboxdReviews = rowsOf((await download(app, dee, 'letterboxd')).files['reviews.csv']!);
      assert.equal(letterboxdReviews.length, 3, JSON.stringify(letterboxdReviews));
      assert.deepEqual(column(letterboxdReviews, 'Review'), [...reviews].sort());
    });
  });
}
