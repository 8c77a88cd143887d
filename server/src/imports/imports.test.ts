import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { SERVER_CATALOGUES } from '@movieclub/contract/serverCatalogues';
import { strToU8, zipSync } from 'fflate';
import type { ImportRowView } from '@movieclub/contract';
import { IMPORT_EVENTS, type ImportJob } from '@movieclub/contract';
import { addImdbTitle, createUser, type SignedInUser } from '../testing/factories';
import { connectSocket } from '../watchlists/socketClient';
import { startTestApp, TEST_DATABASES, type TestApp } from '../testing/testApp';
import { confirmAndApply, fileForm, settled, uploadAndRead } from './testing';

// Letterboxd's ratings.csv, as its export writes it: a BOM, CRLF, quoted titles with commas and quotes.
const LETTERBOXD_RATINGS = [
  '\uFEFFDate,Name,Year,Letterboxd URI,Rating',
  '2024-02-01,Amélie,2001,https://boxd.it/1,4.5',
  '2024-02-02,Road House,2024,https://boxd.it/2,3',
  '2024-02-03,Road House,1989,https://boxd.it/3,3.5',
  '2024-02-04,The Wicker Man,,https://boxd.it/4,4',
  '2024-02-05,"The Good, the Bad and the Ugly",1966,https://boxd.it/5,5',
  '2024-02-06,"""Crocodile"" Dundee",1986,https://boxd.it/6,2.5',
  '2024-02-07,A Film Nobody Made,2019,https://boxd.it/7,1',
].join('\r\n');

const IMDB_RATINGS = [
  'Const,Your Rating,Date Rated,Title,URL,Title Type,IMDb Rating,Runtime (mins),Year,Genres,Num Votes,Release Date,Directors',
  'tt1160419,8,2023-05-06,Dune,https://www.imdb.com/title/tt1160419/,Movie,8.0,155,2021,"Action, Adventure",800000,2021-09-15,Denis Villeneuve',
].join('\n');

const LETTERBOXD_DIARY = [
  'Date,Name,Year,Letterboxd URI,Rating,Rewatch,Tags,Watched Date',
  '2024-03-01,Dune,2021,https://boxd.it/8,4,,,2024-02-28',
  '2024-03-05,Dune,2021,https://boxd.it/9,4.5,Yes,,2024-03-04',
].join('\n');

for (const kind of TEST_DATABASES) {
  describe(`imports (${kind})`, () => {
    let app: TestApp;
    let ann: SignedInUser;
    let bob: SignedInUser;

    before(async () => {
      app = await startTestApp(kind, { loadImdbSample: true });
      ann = await createUser(app, 'import_ann');
      bob = await createUser(app, 'import_bob');
    });
    after(() => app.close());

    const rowsOf = async (agent = ann.agent, id: number, match = '') =>
      (await agent.get(`/api/imports/${id}/rows?limit=500${match ? `&match=${match}` : ''}`)).body.rows as ImportRowView[];
    const starsOf = async (username: string) => {
      const rows = await app.database.db
        .selectFrom('reviews as r')
        .innerJoin('users as u', 'u.id', 'r.user_id')
        .innerJoin('movies as m', 'm.id', 'r.movie_id')
        .select(['m.tconst', 'r.stars', 'r.updated_at'])
        .where('u.username', '=', username)
        .execute();
      return Object.fromEntries(rows.map((row) => [row.tconst, row.stars]));
    };

    it('matches Letterboxd titles offline: the year decides between remakes, a missing year leaves a choice', async () => {
      const job = await uploadAndRead(ann.agent, LETTERBOXD_RATINGS, 'ratings.csv');
      assert.equal(job.status, 'ready', JSON.stringify(job));
      assert.equal(job.source, 'letterboxd');
      assert.deepEqual(job.counts, { rows: 7, matched: 5, ambiguous: 1, unmatched: 1 });
      assert.equal(job.progress.done, 7);

      const rows = await rowsOf(ann.agent, job.id);
      const chosen = Object.fromEntries(rows.map((row) => [`${row.title} ${row.year ?? ''}`.trim(), row.chosen?.tconst ?? row.match]));
      assert.deepEqual(chosen, {
        'Amélie 2001': 'tt0211915',
        'Road House 2024': 'tt3359350',
        'Road House 1989': 'tt0098206',
        'The Wicker Man': 'ambiguous',
        'The Good, the Bad and the Ugly 1966': 'tt0060196',
        '"Crocodile" Dundee 1986': 'tt0090555',
        'A Film Nobody Made 2019': 'unmatched',
      });
      const wicker = rows.find((row) => row.title === 'The Wicker Man')!;
      assert.deepEqual(
        wicker.candidates.map((candidate) => [candidate.tconst, candidate.year]),
        [
          ['tt0070917', 1973],
          ['tt0450345', 2006],
        ],
        'both films, the more voted first',
      );
      assert.equal(rows.find((row) => row.title === 'Amélie')!.stars, 9, 'Letterboxd 4.5 is 9 stars');
    });

    it('applies a checked import once: ratings, undated viewings, the member’s choices; a second run adds nothing', async () => {
      const job = await uploadAndRead(ann.agent, LETTERBOXD_RATINGS, 'ratings.csv');
      const wicker = (await rowsOf(ann.agent, job.id, 'ambiguous'))[0]!;
      const choice = await ann.agent.request('PATCH', `/api/imports/${job.id}/rows/${wicker.id}`, { tconst: 'tt0070917' });
      assert.equal(choice.status, 200, JSON.stringify(choice.body));
      assert.equal(choice.body.row.chosen.title, 'The Wicker Man');
      assert.deepEqual(choice.body.counts, { rows: 7, matched: 6, ambiguous: 0, unmatched: 1 });
      const unknownTitle = await ann.agent.request('PATCH', `/api/imports/${job.id}/rows/${wicker.id}`, { tconst: 'tt9999999999' });
      assert.equal(unknownTitle.status, 400);
      assert.equal(unknownTitle.body.error, "No IMDb title tt9999999999 is in this server's index.");

      const done = await confirmAndApply(ann.agent, job.id);
      assert.deepEqual(done.result, { added: { movies: 6, reviews: 6, viewings: 6, watchlist: 0, lists: 0, list_items: 0 }, skipped: 0, unmatched: 1 });
      assert.deepEqual(await starsOf('import_ann'), { tt0211915: 9, tt3359350: 6, tt0098206: 7, tt0070917: 8, tt0060196: 10, tt0090555: 5 });
      const diary = await ann.agent.get('/api/users/import_ann/diary');
      assert.equal(diary.body.total, 6);
      assert.ok(diary.body.viewings.every((viewing: { watched_on: string | null }) => viewing.watched_on === null), 'rated films join the diary without a day');
      const reviewed = await app.database.db.selectFrom('reviews').select('created_at').where('stars', '=', 9).executeTakeFirstOrThrow();
      assert.ok(reviewed.created_at.startsWith('2024-02-01'), 'a review keeps the day it was rated');

      const again = await uploadAndRead(ann.agent, LETTERBOXD_RATINGS, 'ratings.csv');
      const wickerAgain = (await rowsOf(ann.agent, again.id, 'ambiguous'))[0]!;
      await ann.agent.request('PATCH', `/api/imports/${again.id}/rows/${wickerAgain.id}`, { tconst: 'tt0070917' });
      const repeat = await confirmAndApply(ann.agent, again.id);
      assert.deepEqual(repeat.result, { added: { movies: 0, reviews: 0, viewings: 0, watchlist: 0, lists: 0, list_items: 0 }, skipped: 6, unmatched: 1 });
      const reasons = new Set((await rowsOf(ann.agent, again.id)).map((row) => row.reason));
      assert.deepEqual([...reasons].sort(), ['No IMDb title matched.', 'Your review here is as new or newer.']);
      assert.equal((await ann.agent.get('/api/users/import_ann/diary')).body.total, 6);

      const report = await ann.agent.get(`/api/imports/${again.id}/report.csv`);
      assert.equal(report.status, 200);
      assert.match(report.headers.get('content-type') ?? '', /^text\/csv/);
      assert.match(report.body, /A Film Nobody Made,2019,,unmatched,,unmatched,No IMDb title matched\./);

      // In the reader's language: German words for the columns and codes, the reasons from the server's German sentences.
      const german = await ann.agent.get(`/api/imports/${again.id}/report.csv?lang=de`);
      assert.equal(german.status, 200);
      const [header, ...lines] = (german.body as string).replace(/^\uFEFF/, '').trim().split('\r\n');
      assert.equal(header, 'Datei,Zeile,Art,Titel,Jahr,Liste,Zuordnung,IMDb-ID,Ergebnis,Grund');
      const sentences = SERVER_CATALOGUES.de;
      assert.ok(lines.includes(`ratings.csv,8,Bewertung,A Film Nobody Made,2019,,Nicht gefunden,,Nicht zugeordnet,${sentences['No IMDb title matched.']}`), lines.join('\n'));
      assert.ok(lines.some((line) => line.endsWith(`,Zugeordnet,tt0211915,Übersprungen,${sentences['Your review here is as new or newer.']}`)), lines.join('\n'));
      const refused = await ann.agent.get(`/api/imports/${again.id}/report.csv?lang=fr`);
      assert.deepEqual([refused.status, refused.body.error], [400, 'Language must be one of en, de.']);
    });

    it('takes IMDb ids as they are, logs diary days and rewatches, and never overwrites a newer review here', async () => {
      const imdb = await uploadAndRead(bob.agent, IMDB_RATINGS, 'ratings.csv');
      assert.equal(imdb.source, 'imdb');
      assert.deepEqual(imdb.counts, { rows: 1, matched: 1, ambiguous: 0, unmatched: 0 });
      await confirmAndApply(bob.agent, imdb.id);
      assert.deepEqual(await starsOf('import_bob'), { tt1160419: 8 });

      // A later diary entry (4.5 on 2024-03-04) is newer than the IMDb rating of 2023: it wins.
      const diary = await uploadAndRead(bob.agent, LETTERBOXD_DIARY, 'diary.csv');
      const applied = await confirmAndApply(bob.agent, diary.id);
      assert.equal(applied.result!.added.viewings, 2);
      assert.deepEqual(await starsOf('import_bob'), { tt1160419: 9 });
      const entries = (await bob.agent.get('/api/users/import_bob/diary')).body.viewings as { watched_on: string | null; rewatch: boolean }[];
      assert.deepEqual(
        entries.map((entry) => [entry.watched_on, entry.rewatch]),
        [
          ['2024-03-04', true],
          ['2024-02-28', false],
          [null, false],
        ],
      );

      // Rated here today: an import dated earlier leaves it alone.
      const movie = await app.database.db.selectFrom('movies').select('id').where('tconst', '=', 'tt1160419').executeTakeFirstOrThrow();
      assert.equal((await bob.agent.post('/api/review', { movie_id: movie.id, stars: 3 })).status, 200);
      const older = await uploadAndRead(bob.agent, LETTERBOXD_DIARY.replace('2024-03-04', '2024-03-10'), 'diary.csv');
      await confirmAndApply(bob.agent, older.id);
      assert.deepEqual(await starsOf('import_bob'), { tt1160419: 3 });
    });

    it("keeps a Letterboxd export's words: a film rated in diary.csv gets its text from reviews.csv, counted once", async () => {
      const dee = await createUser(app, 'import_dee');
      // As Letterboxd exports it: the same entry in both files, the rating in each, the text in reviews.csv only.
      const zip = zipSync({
        'diary.csv': strToU8(['Date,Name,Year,Letterboxd URI,Rating,Rewatch,Tags,Watched Date', '2024-05-02,Amélie,2001,https://boxd.it/a1,4.5,,,2024-05-01'].join('\n')),
        'reviews.csv': strToU8(
          [
            'Date,Name,Year,Letterboxd URI,Rating,Rewatch,Review,Tags,Watched Date',
            '2024-05-02,Amélie,2001,https://boxd.it/a2,4.5,,"Charming, ""whimsical"" and kind 🎠",,2024-05-01',
            '2024-05-04,Dune,2021,https://boxd.it/a3,,,Loud sand.,,2024-05-03',
          ].join('\n'),
        ),
      });
      const job = await uploadAndRead(dee.agent, zip, 'letterboxd.zip');
      const done = await confirmAndApply(dee.agent, job.id);
      assert.equal(done.result!.added.reviews, 1, 'one review, though two rows wrote to it');
      const reviews = await app.database.db
        .selectFrom('reviews as r')
        .innerJoin('movies as m', 'm.id', 'r.movie_id')
        .innerJoin('users as u', 'u.id', 'r.user_id')
        .select(['m.tconst', 'r.stars', 'r.text'])
        .where('u.username', '=', 'import_dee')
        .execute();
      assert.deepEqual(reviews, [{ tconst: 'tt0211915', stars: 9, text: 'Charming, "whimsical" and kind 🎠' }]);
      // Text without a rating makes no review here: the row still logs its viewing, and says what it left out.
      const dune = (await rowsOf(dee.agent, job.id)).find((row) => row.title === 'Dune')!;
      assert.deepEqual([dune.outcome, dune.reason], ['added', 'Reviews here need a rating from 1 to 10; this row has none.']);
      const diary = (await dee.agent.get('/api/users/import_dee/diary')).body.viewings as { watched_on: string }[];
      assert.deepEqual(diary.map((viewing) => viewing.watched_on), ['2024-05-03', '2024-05-01']);
    });

    it("names an imported list on one line, and one with no visible name 'Imported list'", async () => {
      const eve = await createUser(app, 'import_eve');
      const listFile = (name: string) =>
        strToU8(['Letterboxd list export v7', 'Date,Name,Tags,URL,Description', `2024-02-01,"${name}",,https://boxd.it/l1,`, '', 'Position,Name,Year,URL,Description', '1,Amélie,2001,https://boxd.it/1,'].join('\n'));
      const zip = zipSync({ 'lists/blank.csv': listFile('\u200b\u200b\u00ad'), 'lists/lines.csv': listFile('Late\nnight \u202efavourites') });
      const job = await uploadAndRead(eve.agent, zip, 'letterboxd.zip');
      await confirmAndApply(eve.agent, job.id);
      const lists = await app.database.db.selectFrom('watchlists as w').innerJoin('users as u', 'u.id', 'w.owner_id').select('w.name').where('u.username', '=', 'import_eve').where('w.is_personal', '=', 0).orderBy('w.name').execute();
      assert.deepEqual(lists.map((list) => list.name), ['Imported list', 'Late night favourites']);
    });

    it("keeps every import to its member: someone else's id is not found and changes nothing", async () => {
      const job = await uploadAndRead(ann.agent, LETTERBOXD_RATINGS, 'ratings.csv');
      const [row] = await rowsOf(ann.agent, job.id);
      const attempts = [
        await bob.agent.get(`/api/imports/${job.id}`),
        await bob.agent.get(`/api/imports/${job.id}/rows`),
        await bob.agent.request('PATCH', `/api/imports/${job.id}/rows/${row!.id}`, { tconst: null }),
        await bob.agent.request('PATCH', `/api/imports/${job.id}/lists/0`, { action: 'skip' }),
        await bob.agent.post(`/api/imports/${job.id}/confirm`),
        await bob.agent.get(`/api/imports/${job.id}/report.csv`),
        await bob.agent.delete(`/api/imports/${job.id}`),
      ];
      for (const attempt of attempts) {
        assert.equal(attempt.status, 404);
        assert.equal(attempt.body.error, 'Import not found.');
      }
      const after = await ann.agent.get(`/api/imports/${job.id}`);
      assert.equal(after.body.import.status, 'ready');
      assert.equal((await rowsOf(ann.agent, job.id))[0]!.match, row!.match);
      assert.equal((await ann.agent.delete(`/api/imports/${job.id}`)).status, 200);
      assert.equal((await ann.agent.get(`/api/imports/${job.id}`)).status, 404);
    });

    it('refuses what it cannot read with a sentence, and writes nothing', async () => {
      const cat = await createUser(app, 'import_cat');
      const upload = (body: FormData | string) => cat.agent.post('/api/imports', body);
      const empty = await upload(fileForm('', 'ratings.csv'));
      assert.equal(empty.status, 400);
      assert.equal(empty.body.error, 'The file is empty. Choose the export file again.');
      const json = await upload('{}' as unknown as string);
      assert.equal(json.status, 400);
      assert.equal(json.body.error, 'Send the file as a multipart/form-data upload.');
      const huge = await upload(fileForm(new Uint8Array(51 * 1024 * 1024), 'big.csv'));
      assert.equal(huge.status, 413);
      assert.match(huge.body.error, /^The file is larger than 50 MB\./);

      const wrong = await cat.agent.post('/api/imports', fileForm('Film,Score\nHeat,9\n', 'scores.csv'));
      const failed = await settled(cat.agent, wrong.body.import.id);
      assert.equal(failed.status, 'failed');
      assert.ok(failed.error && failed.error.length > 20, 'a sentence says why');
      assert.deepEqual(await rowsOf(cat.agent, failed.id), []);
      const confirm = await cat.agent.post(`/api/imports/${failed.id}/confirm`);
      assert.equal(confirm.status, 409);
      assert.equal(confirm.body.error, 'This import failed; upload the file again.');
      assert.deepEqual(await starsOf('import_cat'), {});
      assert.equal((await cat.agent.get('/api/users/import_cat/diary')).body.total, 0);
    });

    it("tells the member's open tabs how the import moves on, and nobody else's", async () => {
      const annTab = connectSocket(app.url, ann.agent.cookieHeader);
      const bobTab = connectSocket(app.url, bob.agent.cookieHeader);
      const seenByAnn: ImportJob[] = [];
      const seenByBob: ImportJob[] = [];
      annTab.on(IMPORT_EVENTS.progress, (job: ImportJob) => seenByAnn.push(job));
      bobTab.on(IMPORT_EVENTS.progress, (job: ImportJob) => seenByBob.push(job));
      try {
        await Promise.all([annTab, bobTab].map((tab) => new Promise<void>((resolve) => tab.on('connect', () => resolve()))));
        const job = await uploadAndRead(ann.agent, LETTERBOXD_RATINGS, 'ratings.csv');
        const deadline = Date.now() + 5000;
        while (!seenByAnn.some((seen) => seen.id === job.id && seen.status === 'ready') && Date.now() < deadline) {
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        const last = seenByAnn.filter((seen) => seen.id === job.id).at(-1);
        assert.equal(last?.status, 'ready');
        assert.deepEqual(last?.counts, job.counts);
        assert.deepEqual(seenByBob, []);
      } finally {
        annTab.close();
        bobTab.close();
      }
    });

    it('lets a title added to the index be chosen by hand for an unmatched row', async () => {
      await addImdbTitle(app.database.db, { tconst: 'tt7654321', primary_title: 'A Film Somebody Made', start_year: 2019, title_type: 'movie' });
      const job = await uploadAndRead(ann.agent, LETTERBOXD_RATINGS, 'ratings.csv');
      const [unmatched] = await rowsOf(ann.agent, job.id, 'unmatched');
      const chosen = await ann.agent.request('PATCH', `/api/imports/${job.id}/rows/${unmatched!.id}`, { tconst: 'tt7654321' });
      assert.equal(chosen.status, 200, JSON.stringify(chosen.body));
      assert.equal(chosen.body.row.match, 'matched');
      assert.equal(chosen.body.row.chosen.title, 'A Film Somebody Made');
      const leftOut = await ann.agent.request('PATCH', `/api/imports/${job.id}/rows/${unmatched!.id}`, { tconst: null });
      assert.equal(leftOut.body.row.match, 'skipped');
      assert.equal(leftOut.body.counts.unmatched, 0);
    });
  });
}
