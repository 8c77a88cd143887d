import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { bumpImdbIndexVersion } from '../movies/catalogueCache';
import { addImdbTitle } from '../testing/factories';
import { startTestApp, TEST_DATABASES, type TestApp } from '../testing/testApp';
import { ImdbImportError, importImdbFiles } from './importer';
import { BASICS_HEADER, RATINGS_HEADER } from './parse';
import { fuzzyMatchExpression, PREFIX_SCAN, withinTime, wordTrigrams } from './searchDialect';
import { estimateRows } from './searchIndex';
import { scratchDir, writeGzip } from './testing';

describe('search trigram helpers', () => {
  it('takes trigrams inside words only, once each', () => {
    assert.deepEqual(wordTrigrams(['matrix', 'atri']), ['mat', 'atr', 'tri', 'rix']);
  });
  it('guesses rows from file sizes, gzip files holding about four times their size', () => {
    assert.deepEqual(
      estimateRows([
        { dataset: 'basics', size: 6000, gzip: false },
        { dataset: 'basics', size: 1500, gzip: true },
        { dataset: 'ratings', size: 1800, gzip: false },
        { dataset: 'akas', size: 1125, gzip: true },
      ]),
      { titles: 200, ratings: 100, alternatives: 100 },
    );
  });
  it('asks near misses for any two of the rarest trigrams', () => {
    assert.equal(fuzzyMatchExpression([]), null);
    assert.equal(fuzzyMatchExpression(['god']), '"god"');
    assert.equal(fuzzyMatchExpression(['odf', 'dfa', 'god']), '("odf" AND "dfa") OR ("odf" AND "god") OR ("dfa" AND "god")');
  });
});

for (const kind of TEST_DATABASES) {
  describe(`title search index (${kind})`, () => {
    let app: TestApp;
    const scratch = scratchDir();
    const search = async (q: string, limit = 8) => {
      const reply = await app.agent().get(`/api/imdb/search?q=${encodeURIComponent(q)}&limit=${limit}`);
      assert.equal(reply.status, 200, JSON.stringify(reply.body));
      return reply.body.results as { tconst: string; primary_title: string }[];
    };
    /** Imports feature films (tconst, title, votes) through the real importer, as IMDb's two files. */
    const importFilms = async (name: string, films: [string, string, number][]) => {
      const basics = [BASICS_HEADER, ...films.map(([tconst, title]) => `${tconst}\tmovie\t${title}\t\\N\t0\t2001\t\\N\t90\tDrama`)];
      const ratings = [RATINGS_HEADER, ...films.map(([tconst, , votes]) => `${tconst}\t6.0\t${votes}`)];
      const files = [path.join(scratch.dir, `${name}.basics.tsv`), path.join(scratch.dir, `${name}.ratings.tsv`)];
      fs.writeFileSync(files[0], basics.join('\n'));
      fs.writeFileSync(files[1], ratings.join('\n'));
      await importImdbFiles(app.database.db, files);
    };
    before(async () => {
      app = await startTestApp(kind, { loadImdbSample: true });
    });
    after(async () => {
      await app.close();
      scratch.remove();
    });

    it('finds the most-voted matches first among more matches than it reads candidates', async () => {
      // 300 distinct titles with the word, more than the 200 candidates read: popularity order must pick the top ones.
      const basics = [BASICS_HEADER];
      const ratings = [RATINGS_HEADER];
      for (let i = 1; i <= 300; i++) {
        const tconst = `tt97${String(i).padStart(5, '0')}`;
        basics.push(`${tconst}\tmovie\tAlpha Quokkaland ${i}\t\\N\t0\t2001\t\\N\t90\tDrama`);
        ratings.push(`${tconst}\t6.0\t${i * 10}`);
      }
      // Two titles with the same name: the more-voted one first, whatever the order of the file.
      basics.push(`tt9600001\tmovie\tTwin Quokkaland\t\\N\t0\t2001\t\\N\t90\tDrama`, `tt9600002\tmovie\tTwin Quokkaland\t\\N\t0\t2002\t\\N\t90\tDrama`);
      ratings.push('tt9600001\t6.0\t4000', 'tt9600002\t6.0\t50000');
      fs.writeFileSync(path.join(scratch.dir, 'title.basics.tsv'), basics.join('\n'));
      fs.writeFileSync(path.join(scratch.dir, 'title.ratings.tsv'), ratings.join('\n'));
      await importImdbFiles(app.database.db, [path.join(scratch.dir, 'title.basics.tsv'), path.join(scratch.dir, 'title.ratings.tsv')]);

      const top = await search('quokkaland', 5);
      assert.deepEqual(
        top.map((r) => r.primary_title),
        ['Twin Quokkaland', 'Twin Quokkaland', 'Alpha Quokkaland 300', 'Alpha Quokkaland 299', 'Alpha Quokkaland 298'],
      );
      assert.deepEqual(top.slice(0, 2).map((r) => r.tconst), ['tt9600002', 'tt9600001']);
      // A word too short for trigrams is checked too: 17 and 170–179 start a word, 217 and 117 only contain it.
      const seventeens = (await search('quokkaland 17', 20)).map((r) => r.primary_title);
      const wordStarts = ['17', '170', '171', '172', '173', '174', '175', '176', '177', '178', '179'].map((n) => `Alpha Quokkaland ${n}`);
      assert.deepEqual(seventeens.slice(0, 11).sort(), wordStarts.sort());
      assert.deepEqual(seventeens.slice(11, 13), ['Alpha Quokkaland 217', 'Alpha Quokkaland 117']);
    });

    it('reorders by popularity after a ratings-only refresh', async () => {
      const ratings = [RATINGS_HEADER];
      for (let i = 1; i <= 300; i++) ratings.push(`tt97${String(i).padStart(5, '0')}\t6.0\t${(301 - i) * 10}`);
      const file = path.join(scratch.dir, 'refreshed-ratings.tsv');
      fs.writeFileSync(file, ratings.join('\n'));
      await importImdbFiles(app.database.db, [file]);
      assert.deepEqual(
        (await search('alpha quokkaland', 3)).map((r) => r.primary_title),
        ['Alpha Quokkaland 1', 'Alpha Quokkaland 2', 'Alpha Quokkaland 3'],
      );
    });

    it('finds typos in one word of a longer title', async () => {
      assert.equal((await search('the wizrd of oz'))[0]?.primary_title, 'The Wizard of Oz');
      assert.equal((await search('star wrs'))[0]?.primary_title, 'Star Wars');
    });

    it('follows titles added, renamed and removed one by one, also when they share a name', async () => {
      await addImdbTitle(app.database.db, { tconst: 'tt9500001', primary_title: 'Wombatica', num_votes: 10 });
      await addImdbTitle(app.database.db, { tconst: 'tt9500002', primary_title: 'Wombatica', num_votes: 20 });
      assert.deepEqual((await search('wombatica')).map((r) => r.tconst), ['tt9500002', 'tt9500001']);
      // Written as the importer would, which also replaces the version the search answers are kept by.
      await app.database.db.deleteFrom('imdb_titles').where('tconst', '=', 'tt9500002').execute();
      await bumpImdbIndexVersion(app.database.db);
      assert.deepEqual((await search('wombatica')).map((r) => r.tconst), ['tt9500001']);
      await app.database.db.updateTable('imdb_titles').set({ primary_title: 'Koalaville', search_title: 'koalaville' }).where('tconst', '=', 'tt9500001').execute();
      await bumpImdbIndexVersion(app.database.db);
      assert.deepEqual(await search('wombatica'), []);
      assert.deepEqual((await search('koalavil')).map((r) => r.tconst), ['tt9500001']);
    });

    it('keeps the rows of a failed big import searchable', async () => {
      const lines = [BASICS_HEADER];
      for (let i = 0; i < 12_000; i++) lines.push(`tt94${String(i).padStart(5, '0')}\tmovie\tPlatypoid ${i}\t\\N\t0\t1990\t\\N\t90\tDrama`);
      const file = path.join(scratch.dir, 'broken.tsv.gz');
      writeGzip(file, lines.join('\n'));
      const bytes = fs.readFileSync(file);
      fs.writeFileSync(file, bytes.subarray(0, Math.floor(bytes.length * 0.8)));
      await assert.rejects(importImdbFiles(app.database.db, [file]), ImdbImportError);
      assert.equal((await search('platypoid 123'))[0]?.primary_title, 'Platypoid 123');
      // The index works as usual afterwards: a title added alone is found at once.
      await addImdbTitle(app.database.db, { tconst: 'tt9500003', primary_title: 'Platypoid Extra' });
      assert.equal((await search('platypoid extra'))[0]?.tconst, 'tt9500003');
    });

    it('finds the most-voted titles of a prefix shared by thousands, and of a rare one inside it', async () => {
      // More titles than SQLite reads a start whole (PREFIX_SCAN): the common start takes the popularity path.
      const numbers = Array.from({ length: PREFIX_SCAN + 100 }, (_, i) => i + 1);
      await importFilms('prefix', numbers.map((i) => [`tt93${String(i).padStart(5, '0')}`, `Omega Prefixland ${i}`, (i * 7919) % 100_000]));
      const byVotes = (numbers: number[]) =>
        numbers.sort((a, b) => ((b * 7919) % 100_000) - ((a * 7919) % 100_000)).map((i) => `Omega Prefixland ${i}`);
      assert.deepEqual((await search('omega prefixl', 3)).map((r) => r.primary_title), byVotes(numbers).slice(0, 3));
      // The rare start is read whole and ranked: a start passes the exact title (3,869 votes) only with ten times its votes.
      const rare = numbers.filter((i) => String(i).startsWith('51') && i !== 51);
      const found = (await search('omega prefixland 51', 12)).map((r) => r.primary_title);
      assert.deepEqual(found.slice(0, 3), byVotes(rare).slice(0, 3));
      const at = (i: number) => found.indexOf(`Omega Prefixland ${i}`);
      for (const i of [511, 512, 513, 514, 515, 516, 517, 5100]) assert.ok(at(i) >= 0 && at(i) < at(51), `${i} has over 38,690 votes`);
      for (const i of [518, 519]) assert.ok(at(51) < at(i), `${i} has under 10,000 votes`);
    });

    it('finds a short word starting a title word among thousands of titles holding the long one', async () => {
      // More titles hold 'wordland' than are read whole, so the short words are looked up where they start a word.
      const films: [string, string, number][] = Array.from({ length: PREFIX_SCAN + 100 }, (_, i) => [`tt92${String(i + 1).padStart(5, '0')}`, `Gamma Wordland ${i + 1}`, i + 1]);
      films.push(['tt9100001', 'Gamma Wordland Qz Special', 900_000], ['tt9100002', 'Qz Wordland Opening', 800_000]);
      await importFilms('words', films);
      // Both match every word at a word start, so they come first, by votes, ahead of any near miss.
      assert.deepEqual((await search('wordland qz', 2)).map((r) => r.tconst), ['tt9100001', 'tt9100002']);
      assert.equal((await search('qz wordland', 1))[0]?.tconst, 'tt9100002');
    });

    it('stops a slow pass after its time and answers what was found instead, other errors still surfacing', { skip: kind !== 'postgres' }, async () => {
      const db = app.database.db;
      assert.equal(await withinTime(db, 50, async (trx) => (await sql`select pg_sleep(2)`.execute(trx)).rows.length, -1), -1);
      assert.equal(await withinTime(db, 5000, async (trx) => (await sql<{ n: number }>`select 1 as n`.execute(trx)).rows[0].n, -1), 1);
      await assert.rejects(withinTime(db, 5000, async (trx) => (await sql`select no_such_column from imdb_titles`.execute(trx)).rows, []));
      // The search's own deadline shortens a read (a 2 s sleep fits its own 5 s, not the 100 ms left), and one already past skips it.
      assert.equal(await withinTime(db, 5000, async (trx) => (await sql`select pg_sleep(2)`.execute(trx)).rows.length, -1, performance.now() + 100), -1);
      let started = false;
      const skipped = await withinTime(db, 5000, async () => { started = true; return 1; }, -1, performance.now() - 1);
      assert.deepEqual([skipped, started], [-1, false]);
      // The read's settings end with it: every connection is back outside a transaction, with the server's own timeout and plans.
      const settingsOf = async () =>
        (await sql<{ timeout: string; indexes: string; plans: string }>`select current_setting('statement_timeout') as timeout,
          current_setting('enable_indexscan') as indexes, current_setting('plan_cache_mode') as plans`.execute(db)).rows[0];
      const before = await settingsOf();
      await Promise.all(Array.from({ length: 12 }, (_, i) => withinTime(db, 50, (trx) => sql`select pg_sleep(${i % 2 ? 0 : 1})`.execute(trx), null, Infinity, { order: 'table' })));
      assert.deepEqual(await Promise.all(Array.from({ length: 12 }, settingsOf)), Array.from({ length: 12 }, () => before));
      assert.deepEqual(before, { timeout: '0', indexes: 'on', plans: 'auto' });
    });

    it('gives a connection back outside a transaction when the message that begins a timed read fails', { skip: kind !== 'postgres' }, async () => {
      const db = app.database.db;
      // A connection whose transaction has failed refuses every statement but its end, so the read's first message fails.
      const read = db.connection().execute(async (connection) => {
        await sql`begin`.execute(connection);
        await assert.rejects(sql`select 1 / 0`.execute(connection));
        return withinTime(connection, 5000, async (trx) => (await sql<{ n: number }>`select 1 as n`.execute(trx)).rows[0].n, -1);
      });
      await assert.rejects(read, /current transaction is aborted/);
      // Every connection of the pool answers, that one too.
      const answers = await Promise.all(Array.from({ length: 10 }, async () => (await sql<{ n: number }>`select 1 as n`.execute(db)).rows[0].n));
      assert.deepEqual(answers, Array.from({ length: 10 }, () => 1));
      assert.equal(await withinTime(db, 5000, async (trx) => (await sql<{ n: number }>`select 2 as n`.execute(trx)).rows[0].n, -1), 2);
    });

    it("reports the read's own error when its connection is lost, and the pool answers after", { skip: kind !== 'postgres' }, async () => {
      const db = app.database.db;
      // The server ends the read's own connection: the rollback after it cannot be sent, and must not hide why the read failed.
      const read = withinTime(db, 5000, async (trx) => (await sql`select pg_terminate_backend(pg_backend_pid())`.execute(trx)).rows, []);
      await assert.rejects(read, (error: { code?: string }) => error.code === '57P01');
      const answers = await Promise.all(Array.from({ length: 10 }, async () => (await sql<{ n: number }>`select 1 as n`.execute(db)).rows[0].n));
      assert.deepEqual(answers, Array.from({ length: 10 }, () => 1));
    });

    it('finds a typo of a little-known title when the well-known ones hold no near miss', async () => {
      await importFilms('obscure', [['tt9200001', 'Quibbleworth Manor', 12]]);
      assert.equal((await search('quibbelworth manor'))[0]?.tconst, 'tt9200001');
      // The sample's The Grand Budapest Hotel, well known.
      assert.equal((await search('grand budapset hotel'))[0]?.tconst, 'tt2278388');
    });
  });
}
