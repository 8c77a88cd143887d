import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { migrateToLatest } from '../db/migrate';
import { createTestDatabase, TEST_DATABASES, type TestDatabase, TEST_SEARCH_BUDGET_MS } from '../testing/testApp';
import { ImdbImportError, importImdbFiles } from './importer';
import { searchTitles } from './search';
import { dataLines, SAMPLE_BASICS, SAMPLE_RATINGS, scratchDir, writeGzip } from './testing';

import { AKAS_HEADER, BASICS_HEADER } from './parse';

for (const kind of TEST_DATABASES) {
  describe(`IMDb import (${kind})`, () => {
    let test: TestDatabase;
    const scratch = scratchDir();
    const count = async (table: 'imdb_titles' | 'imdb_ratings') =>
      Number((await test.database.db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

    before(async () => {
      test = await createTestDatabase(kind);
      await migrateToLatest(test.database);
    });
    after(async () => {
      await test.drop();
      scratch.remove();
    });

    it('imports the plain sample files with their counts, ratings joined to titles', async () => {
      const reports = await importImdbFiles(test.database.db, [SAMPLE_RATINGS, SAMPLE_BASICS]);
      assert.deepEqual(
        reports.map((r) => [r.dataset, r.rows, r.malformed]),
        [
          ['basics', dataLines(SAMPLE_BASICS), 0],
          ['ratings', dataLines(SAMPLE_RATINGS), 0],
        ],
      );
      assert.equal(await count('imdb_titles'), dataLines(SAMPLE_BASICS));
      const matrix = await test.database.db.selectFrom('imdb_titles').selectAll().where('tconst', '=', 'tt0133093').executeTakeFirstOrThrow();
      assert.equal(matrix.primary_title, 'The Matrix');
      assert.equal(matrix.title_type, 'movie');
      assert.equal(matrix.start_year, 1999);
      assert.equal(matrix.end_year, null, '\\N is null');
      assert.ok(Number(matrix.num_votes) > 1_000_000);
      const quoted = await test.database.db.selectFrom('imdb_titles').select('primary_title').where('tconst', '=', 'tt0090555').executeTakeFirstOrThrow();
      assert.equal(quoted.primary_title, '"Crocodile" Dundee', 'quotes are kept literally');
    });

    it('re-importing the same files (gzip this time) changes nothing', async () => {
      const before = await test.database.db.selectFrom('imdb_titles').selectAll().orderBy('tconst').execute();
      writeGzip(path.join(scratch.dir, 'title.basics.tsv.gz'), fs.readFileSync(SAMPLE_BASICS));
      // A gzip file is recognised by its content, not its name.
      writeGzip(path.join(scratch.dir, 'ratings-without-extension'), fs.readFileSync(SAMPLE_RATINGS));
      const reports = await importImdbFiles(test.database.db, [path.join(scratch.dir, 'title.basics.tsv.gz'), path.join(scratch.dir, 'ratings-without-extension')]);
      assert.deepEqual(reports.map((r) => r.rows), [dataLines(SAMPLE_BASICS), dataLines(SAMPLE_RATINGS)]);
      const after = await test.database.db.selectFrom('imdb_titles').selectAll().orderBy('tconst').execute();
      assert.deepEqual(after, before);
      const found = await searchTitles(test.database.db, kind, 'matrix', 8, TEST_SEARCH_BUDGET_MS);
      assert.equal(found.filter((r) => r.tconst === 'tt0133093').length, 1, 'the search index holds each title once');
    });

    it('skips malformed lines, counting them with their line numbers', async () => {
      const file = path.join(scratch.dir, 'broken-basics.tsv');
      fs.writeFileSync(
        file,
        [
          BASICS_HEADER,
          'tt9900001\tmovie\tGood One\tGood One\t0\t2001\t\\N\t90\tDrama',
          'tt9900002\tmovie\tToo Few Fields\t0\t2001',
          'xx9900003\tmovie\tBad Id\tBad Id\t0\t2001\t\\N\t90\tDrama',
          'tt9900004\tmovie\tBad Year\tBad Year\t0\tabcd\t\\N\t90\tDrama',
          'tt9900005\tshort\t"Quoted" Title\t\\N\t0\t\\N\t\\N\t\\N\t\\N',
          '',
        ].join('\n'),
      );
      const [report] = await importImdbFiles(test.database.db, [file]);
      assert.equal(report.rows, 2);
      assert.equal(report.malformed, 3);
      assert.deepEqual(report.malformedLines, [3, 4, 5]);
      const quoted = await test.database.db.selectFrom('imdb_titles').selectAll().where('tconst', '=', 'tt9900005').executeTakeFirstOrThrow();
      assert.equal(quoted.primary_title, '"Quoted" Title');
      assert.equal(quoted.start_year, null);
      assert.equal(quoted.genres, null);
    });

    it('keeps backslashes in titles and, for a title listed twice, its last line', async () => {
      const file = path.join(scratch.dir, 'odd.tsv');
      fs.writeFileSync(
        file,
        [
          BASICS_HEADER,
          'tt9910001\tmovie\tAC\\DC: Live \\N Loud\tAC\\DC\t0\t1992\t\\N\t95\tMusic',
          'tt9910002\tmovie\tFirst Name\t\\N\t0\t2001\t\\N\t90\tDrama',
          'tt9910002\tmovie\tSecond Name\t\\N\t0\t2002\t\\N\t91\tDrama',
        ].join('\n'),
      );
      const [report] = await importImdbFiles(test.database.db, [file]);
      assert.equal(report.rows, 3);
      const rows = await test.database.db.selectFrom('imdb_titles').select(['tconst', 'primary_title', 'original_title', 'start_year']).where('tconst', 'in', ['tt9910001', 'tt9910002']).orderBy('tconst').execute();
      assert.deepEqual(rows, [
        { tconst: 'tt9910001', primary_title: 'AC\\DC: Live \\N Loud', original_title: 'AC\\DC', start_year: 1992 },
        { tconst: 'tt9910002', primary_title: 'Second Name', original_title: null, start_year: 2002 },
      ]);
    });

    it('commits a file in many rounds in its own order: a title listed again later keeps its later line', async () => {
      const lines = [BASICS_HEADER];
      const ratingLines = ['tconst\taverageRating\tnumVotes'];
      for (let i = 0; i < 23_000; i++) {
        lines.push(`tt97${String(i).padStart(5, '0')}\tmovie\tRound Title ${i}\t\\N\t0\t1990\t\\N\t90\tDrama`);
        ratingLines.push(`tt97${String(i).padStart(5, '0')}\t${(i % 90) / 10 + 1}\t${i + 10}`);
      }
      // Listed again four rounds later, renamed; rated again later too.
      lines.push('tt9700007\tmovie\tRenamed Later\t\\N\t0\t1991\t\\N\t91\tDrama');
      ratingLines.push('tt9700007\t9.9\t99999');
      const basics = path.join(scratch.dir, 'rounds-basics.tsv');
      const ratings = path.join(scratch.dir, 'rounds-ratings.tsv');
      fs.writeFileSync(basics, lines.join('\n'));
      fs.writeFileSync(ratings, ratingLines.join('\n'));
      const progress: number[] = [];
      const reports = await importImdbFiles(test.database.db, [basics, ratings], {
        rowsPerCopy: 4000,
        onProgress: (step) => {
          if (step.dataset === 'basics') progress.push(step.rows);
        },
      });
      assert.deepEqual(reports.map((r) => r.rows), [23_001, 23_001]);
      assert.deepEqual(progress, [...progress].sort((a, b) => a - b), 'progress only grows');
      assert.equal(progress.at(-1), 23_001);
      const renamed = await test.database.db.selectFrom('imdb_titles').selectAll().where('tconst', '=', 'tt9700007').executeTakeFirstOrThrow();
      assert.equal(renamed.primary_title, 'Renamed Later');
      assert.equal(renamed.start_year, 1991);
      assert.equal(Number(renamed.num_votes), 99999);
      const stored = await test.database.db.selectFrom('imdb_titles').select((eb) => eb.fn.countAll().as('n')).where('tconst', 'like', 'tt97%').executeTakeFirstOrThrow();
      assert.equal(Number(stored.n), 23_000);
      const found = await searchTitles(test.database.db, kind, 'renamed later', 8, TEST_SEARCH_BUDGET_MS);
      assert.equal(found[0]?.tconst, 'tt9700007', 'the index is searchable after the load');
    });

    it('keeps ratings imported before their titles and applies them when the titles arrive', async () => {
      const ratings = path.join(scratch.dir, 'early-ratings.tsv');
      fs.writeFileSync(ratings, 'tconst\taverageRating\tnumVotes\ntt9900101\t7.5\t1234\n');
      await importImdbFiles(test.database.db, [ratings]);
      const basics = path.join(scratch.dir, 'late-basics.tsv');
      fs.writeFileSync(basics, `${BASICS_HEADER}\ntt9900101\tmovie\tLate Title\tLate Title\t0\t2010\t\\N\t95\tComedy\n`);
      await importImdbFiles(test.database.db, [basics]);
      const row = await test.database.db.selectFrom('imdb_titles').selectAll().where('tconst', '=', 'tt9900101').executeTakeFirstOrThrow();
      assert.equal(Number(row.average_rating), 7.5);
      assert.equal(Number(row.num_votes), 1234);
    });

    it('reports a truncated gzip file, keeps every whole line read before the problem and nothing half-way', async () => {
      const lines = [BASICS_HEADER];
      for (let i = 0; i < 12_000; i++) lines.push(`tt98${String(i).padStart(5, '0')}\tmovie\tGenerated ${i}\t\\N\t0\t1990\t\\N\t90\tDrama`);
      const whole = Buffer.from(lines.join('\n'));
      const file = path.join(scratch.dir, 'truncated.tsv.gz');
      writeGzip(file, whole);
      const bytes = fs.readFileSync(file);
      fs.writeFileSync(file, bytes.subarray(0, Math.floor(bytes.length * 0.8)));
      const titlesBefore = await count('imdb_titles');
      let written = 0;
      await assert.rejects(importImdbFiles(test.database.db, [file]), (error: unknown) => {
        assert.ok(error instanceof ImdbImportError);
        assert.match(error.message, /^truncated\.tsv\.gz is truncated or corrupt after line \d+; \d+ rows from it were imported before the problem\.$/);
        written = error.reports[0].rows;
        assert.match(error.message, new RegExp(`; ${written} rows from it were imported before the problem\\.$`));
        return true;
      });
      assert.ok(written > 5000 && written < 12_000, `${written} rows written`);
      const added = (await count('imdb_titles')) - titlesBefore;
      assert.equal(added, written);
      // Whole lines only: every written title has all its fields.
      const complete = await test.database.db
        .selectFrom('imdb_titles')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('tconst', 'like', 'tt98%')
        .where('runtime_minutes', '=', 90)
        .where('genres', '=', 'Drama')
        .executeTakeFirstOrThrow();
      assert.equal(Number(complete.n), written);
    });

    it('refuses a file that is not an IMDb dataset', async () => {
      const file = path.join(scratch.dir, 'notes.tsv');
      fs.writeFileSync(file, 'name\tvalue\nx\t1\n');
      await assert.rejects(importImdbFiles(test.database.db, [file]), /notes\.tsv is not an IMDb title\.basics, title\.ratings or title\.akas file/);
    });

    it('finds titles by their original and alternative titles (title.akas), whichever is typed', async () => {
      const basics = path.join(scratch.dir, 'akas-basics.tsv');
      fs.writeFileSync(
        basics,
        [
          BASICS_HEADER,
          "tt0211915\tmovie\tAmélie\tLe fabuleux destin d'Amélie Poulain\t0\t2001\t\\N\t122\tComedy,Romance",
          'tt0245429\tmovie\tSpirited Away\tSen to Chihiro no kamikakushi\t0\t2001\t\\N\t125\tAnimation',
        ].join('\n'),
      );
      const akas = path.join(scratch.dir, 'title.akas.tsv.gz');
      writeGzip(
        akas,
        Buffer.from(
          [
            AKAS_HEADER,
            'tt0245429\t1\tChihiros Reise ins Zauberland\tDE\tde\timdbDisplay\t\\N\t0',
            'tt0245429\t2\t千と千尋の神隠し\tJP\tja\timdbDisplay\t\\N\t0',
            'tt0245429\t3\tSpirited Away\tUS\t\\N\timdbDisplay\t\\N\t0',
            'tt0245429\t4\tChihiros Reise ins Zauberland\tAT\tde\t\\N\t\\N\t0',
            'not a line',
            'tt0133093\t5\tMatrix\tDE\t\\N\timdbDisplay\t\\N\t0',
          ].join('\n'),
        ),
      );
      const reports = await importImdbFiles(test.database.db, [akas, basics]);
      assert.deepEqual(
        reports.map((r) => [r.dataset, r.rows, r.malformed]),
        [
          ['basics', 2, 0],
          ['akas', 5, 1],
        ],
      );
      const others = await test.database.db.selectFrom('imdb_alt_titles').selectAll().where('tconst', 'in', ['tt0245429', 'tt0211915']).orderBy('search_title').execute();
      assert.deepEqual(
        others.map((row) => `${row.tconst} ${row.search_title}`),
        ['tt0245429 chihiros reise ins zauberland', 'tt0211915 le fabuleux destin damelie poulain', 'tt0245429 sen to chihiro no kamikakushi', 'tt0245429 千と千尋の神隠し'],
        'each other name once, as a key, and never the primary title again',
      );
      for (const [query, tconst] of [
        ['fabuleux destin', 'tt0211915'],
        ['le fabuleux destin d amelie', 'tt0211915'],
        ['chihiros reise', 'tt0245429'],
        ['sen to chihiro', 'tt0245429'],
        ['千と千尋', 'tt0245429'],
        ['chihiros riese ins zauberland', 'tt0245429'],
        ['amelie', 'tt0211915'],
      ]) {
        const found = await searchTitles(test.database.db, kind, query, 8, TEST_SEARCH_BUDGET_MS);
        assert.equal(found[0]?.tconst, tconst, `'${query}' → ${found.map((r) => r.primary_title).join(', ')}`);
        assert.ok(found.filter((r) => r.tconst === tconst).length === 1, 'each title once');
      }
    });
  });
}
