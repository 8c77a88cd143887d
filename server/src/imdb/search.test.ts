import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { addImdbTitle } from '../testing/factories';
import { importImdbFiles } from './importer';
import { readsCutShort, withinTime } from './searchDialect';
import { scratchDir } from './testing';
import { startTestApp, TEST_DATABASES, type TestApp } from '../testing/testApp';

for (const kind of TEST_DATABASES) {
  describe(`title search (${kind})`, () => {
    let app: TestApp;
    const search = async (q: string, limit?: number) => {
      const reply = await app.agent().get(`/api/imdb/search?q=${encodeURIComponent(q)}${limit ? `&limit=${limit}` : ''}`);
      assert.equal(reply.status, 200, JSON.stringify(reply.body));
      return reply.body.results as { tconst: string; primary_title: string; start_year: number | null; genres: string | null; title_type: string }[];
    };
    before(async () => {
      app = await startTestApp(kind, { loadImdbSample: true });
    });
    after(() => app.close());

    it("finds The Matrix first for 'matrix', with the reply's fields", async () => {
      const results = await search('matrix');
      assert.deepEqual(results[0], { tconst: 'tt0133093', primary_title: 'The Matrix', start_year: 1999, genres: 'Action,Sci-Fi', title_type: 'movie' });
      assert.ok(results.slice(1).every((r) => /matrix/i.test(r.primary_title)));
    });

    it('marks a search whose timed read ran out of time, so its answer is not kept', { skip: kind !== 'postgres' && 'PostgreSQL only: its reads are timed' }, async () => {
      const db = app.database.db;
      const read = (ms: number, statement: ReturnType<typeof sql>) => {
        const report = { cut: false };
        return readsCutShort.run(report, async () => ({ rows: await withinTime(db, ms, async (trx) => (await statement.execute(trx)).rows, []), cut: report.cut }));
      };
      assert.deepEqual(await read(1000, sql`select 1 as one`), { rows: [{ one: 1 }], cut: false }, 'a read in time');
      assert.deepEqual(await read(50, sql`select pg_sleep(0.5)`), { rows: [], cut: true }, 'a read past its time');
      assert.deepEqual(await read(0, sql`select 1 as one`), { rows: [], cut: true }, 'a read with no time left is not started');
    });

    it("still finds The Godfather for the typo 'godfathr'", async () => {
      const results = await search('godfathr');
      assert.equal(results[0]?.primary_title, 'The Godfather');
    });

    it('ranks a well-known word match above an obscure exact title or start, and any of them above mere substrings', async () => {
      await addImdbTitle(app.database.db, { tconst: 'tt9800001', primary_title: 'Roomba Wars', num_votes: 10 });
      await addImdbTitle(app.database.db, { tconst: 'tt9800002', primary_title: 'Mushroom Men', num_votes: 5_000_000 });
      await addImdbTitle(app.database.db, { tconst: 'tt9800003', primary_title: 'Room', num_votes: 400 });
      const titles = (await search('room')).map((r) => r.primary_title);
      // The Room (110,000 votes) only has a word starting with the query.
      assert.deepEqual(titles.slice(0, 3), ['The Room', 'Room', 'Roomba Wars']);
      assert.ok(titles.indexOf('Roomba Wars') < titles.indexOf('Mushroom Men'), 'a start before a substring, whatever the votes');
    });

    it('keeps an exact title with many votes above a word match with a few times more', async () => {
      await addImdbTitle(app.database.db, { tconst: 'tt9800020', primary_title: 'Quillbeck', num_votes: 60_000 });
      await addImdbTitle(app.database.db, { tconst: 'tt9800021', primary_title: 'The Quillbeck Job', num_votes: 600_000 });
      await addImdbTitle(app.database.db, { tconst: 'tt9800022', primary_title: 'Quillbeck Nights', num_votes: 5_000 });
      await addImdbTitle(app.database.db, { tconst: 'tt9800023', primary_title: 'Return to Quillbeck', num_votes: 1_000 });
      assert.deepEqual((await search('quillbeck')).map((r) => r.tconst), ['tt9800020', 'tt9800021', 'tt9800022', 'tt9800023']);
    });

    it('puts feature films before other types with a few times their votes, and episodes after any film with some votes', async () => {
      await addImdbTitle(app.database.db, { tconst: 'tt9800010', primary_title: 'Zyzzyva Night', title_type: 'tvEpisode', num_votes: 500_000 });
      await addImdbTitle(app.database.db, { tconst: 'tt9800011', primary_title: 'Zyzzyva Nights', title_type: 'movie', num_votes: 100 });
      await addImdbTitle(app.database.db, { tconst: 'tt9800012', primary_title: 'Zyzzyva Nightfall', title_type: 'movie', num_votes: 1000 });
      await addImdbTitle(app.database.db, { tconst: 'tt9800013', primary_title: 'Zyzzyva Nightly', title_type: 'tvSeries', num_votes: 5000 });
      assert.deepEqual((await search('zyzzyva n')).map((r) => r.tconst), ['tt9800012', 'tt9800013', 'tt9800011', 'tt9800010']);
    });

    it("answers from the index as the last import left it: a name's titles ranked by their new votes", async () => {
      await addImdbTitle(app.database.db, { tconst: 'tt9800030', primary_title: 'Velvet Quarry', num_votes: 900 });
      await addImdbTitle(app.database.db, { tconst: 'tt9800031', primary_title: 'Velvet Quarry', num_votes: 100 });
      assert.deepEqual((await search('velvet quarry')).map((r) => r.tconst), ['tt9800030', 'tt9800031']);
      const scratch = scratchDir();
      try {
        const ratings = path.join(scratch.dir, 'title.ratings.tsv');
        fs.writeFileSync(ratings, 'tconst\taverageRating\tnumVotes\ntt9800031\t7.5\t50000\n');
        await importImdbFiles(app.database.db, [ratings]);
      } finally {
        scratch.remove();
      }
      assert.deepEqual((await search('velvet quarry')).map((r) => r.tconst), ['tt9800031', 'tt9800030']);
    });

    it('answers short and blank queries with an empty list', async () => {
      assert.deepEqual(await search(''), []);
      assert.deepEqual(await search('   '), []);
      assert.deepEqual(await search('m'), []);
      const reply = await app.agent().get('/api/imdb/search');
      assert.deepEqual(reply.body, { success: true, results: [] });
    });

    it('keeps to the limit, at most 50', async () => {
      assert.equal((await search('the', 3)).length, 3);
      assert.ok((await search('the', 500)).length <= 50);
      assert.equal((await search('the')).length, 8, 'eight by default');
      const bad = await app.agent().get('/api/imdb/search?q=the&limit=lots');
      assert.equal(bad.status, 400);
      assert.deepEqual(bad.body, { success: false, error: 'Limit must be a whole number from 1 to 50.', code: 'invalid_input' });
    });

    it('refuses a 10 KB query with a sentence and treats LIKE wildcards as text', async () => {
      const long = await app.agent().get(`/api/imdb/search?q=${'a'.repeat(10_000)}`);
      assert.equal(long.status, 400);
      assert.deepEqual(long.body, { success: false, error: 'Search text must be at most 200 characters.', code: 'invalid_input' });
      assert.deepEqual(await search('%%%'), []);
      assert.deepEqual(await search('"; drop table imdb_titles; --'), []);
      assert.ok((await search('matrix')).length > 0);
    });
  });
}
