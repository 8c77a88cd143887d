import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { migrateToLatest } from '../db/migrate';
import { imdbNeighbours, imdbNeighboursOfEach } from '../recommendations/queries';
import { addImdbTitle, addMovie } from '../testing/factories';
import { createTestDatabase, startTestApp, TEST_DATABASES, type TestApp, type TestDatabase } from '../testing/testApp';
import { importImdbFiles } from './importer';
import { BASICS_HEADER, RATINGS_HEADER } from './parse';
import { scratchDir } from './testing';

/** Recommendations walk the genre table (imdb_title_genres); these follow it through every way titles change. */
for (const kind of TEST_DATABASES) {
  describe(`genre neighbours as titles change (${kind})`, () => {
    let app: TestApp;
    const scratch = scratchDir();
    let round = 0;
    before(async () => {
      app = await startTestApp(kind);
      // Enough titles and ratings that a two-title import is kept up title by title, not in bulk.
      await importTitles(Array.from({ length: 80 }, (_, n) => [`tt59${String(n).padStart(5, '0')}`, 'Documentary', 0, 1990, 100]));
      await addImdbTitle(app.database.db, { tconst: 'tt6000001', primary_title: 'Source Western', genres: 'Western', start_year: 1965, num_votes: 9000 });
      await addMovie(app.database.db, { tconst: 'tt6000001', title: 'Source Western', genres: 'Western', year: 1965 });
    });
    after(async () => {
      await app.close();
      scratch.remove();
    });

    /** Imports these titles and their votes. */
    async function importTitles(titles: Array<[tconst: string, genres: string, adult: number, year: number, votes: number]>) {
      round++;
      const basics = path.join(scratch.dir, `title.basics.${round}.tsv`);
      const ratings = path.join(scratch.dir, `title.ratings.${round}.tsv`);
      fs.writeFileSync(basics, [BASICS_HEADER, ...titles.map(([tconst, genres, adult, year]) => `${tconst}\tmovie\tFilm ${tconst}\t\\N\t${adult}\t${year}\t\\N\t95\t${genres}`)].join('\n'));
      fs.writeFileSync(ratings, [RATINGS_HEADER, ...titles.map(([tconst, , , , votes]) => `${tconst}\t7.0\t${votes}`)].join('\n'));
      await importImdbFiles(app.database.db, [basics, ratings]);
    }
    const westerns = async () => {
      const reply = await app.agent().get('/api/recommendations/tt6000001');
      assert.equal(reply.status, 200, JSON.stringify(reply.body));
      return (reply.body.items as Array<{ imdb_id: string }>).map((item) => item.imdb_id).filter((tconst) => tconst.startsWith('tt6'));
    };

    it('takes in a title, a change of its genres, and leaves out adult titles, title by title', async () => {
      await importTitles([
        ['tt6000002', 'Western,Drama', 0, 1964, 500],
        ['tt6000003', 'Western', 1, 1966, 900],
      ]);
      assert.deepEqual(await westerns(), ['tt6000002']);
      await importTitles([['tt6000002', 'Drama', 0, 1964, 500]]);
      assert.deepEqual(await westerns(), []);
      // Genres written loosely still count, each once; a title moved into the genre by new votes too.
      await importTitles([['tt6000002', ' Western ,Western', 0, 1964, 700]]);
      assert.deepEqual(await westerns(), ['tt6000002']);
    });

    it('after a bulk import, offers the genre\'s most-voted titles of the era first', async () => {
      const titles: Array<[string, string, number, number, number]> = [];
      for (let n = 10; n < 400; n++) titles.push([`tt60${String(n).padStart(5, '0')}`, n % 2 ? 'Western' : 'Comedy', 0, 1900 + (n % 120), 1000 + n]);
      titles.push(['tt6000002', 'Comedy', 0, 1964, 500]);
      await importTitles(titles);
      const year = new Map(titles.map(([tconst, , , start]) => [tconst, start]));
      const westernsByVotes = titles.filter(([, genres]) => genres === 'Western').sort((a, b) => b[4] - a[4]).map(([tconst]) => tconst);
      const found = await westerns();
      assert.equal(found.length, 15);
      assert.ok(found.every((tconst) => westernsByVotes.includes(tconst)), 'only Westerns; not the title the import moved to Comedy');
      // Closest in years first; of the source's own year, the most voted.
      assert.equal(found[0], westernsByVotes.find((tconst) => year.get(tconst) === 1965), JSON.stringify(found));
    });
  });

  describe(`upgrading an IMDb index to the genre table (${kind})`, () => {
    let test: TestDatabase;
    before(async () => {
      test = await createTestDatabase(kind);
      await migrateToLatest(test.database, '2026-12-17T000000-picked-by');
      await sql`insert into imdb_titles (tconst, title_type, primary_title, is_adult, start_year, genres, num_votes) values
        ('tt7000001', 'movie', 'A', 0, 1980, 'Horror,Comedy', 300),
        ('tt7000002', 'movie', 'B', 0, 1990, 'Horror', 900),
        ('tt7000003', 'movie', 'C', 1, 1990, 'Horror', 5000),
        ('tt7000004', 'movie', 'D', 0, 1990, 'Horror', null),
        ('tt7000005', 'tvSeries', 'E', 0, 1990, 'Horror', 800),
        ('tt7000006', 'tvSeries', 'F', 0, null, 'Horror,Comedy', 400),
        ('tt7000007', 'tvSeries', 'G', 0, 1984, 'Comedy', 600)`.execute(test.database.db);
      await migrateToLatest(test.database);
    });
    after(() => test.drop());

    it('fills the table from the titles already held', async () => {
      const horror = await imdbNeighbours(test.database.db, { titleType: 'movie', genre: 'Horror', limit: 10 });
      assert.deepEqual(horror.map((row) => row.tconst), ['tt7000002', 'tt7000001']);
      const eighties = await imdbNeighbours(test.database.db, { titleType: 'movie', genre: 'Horror', yearFrom: 1975, yearTo: 1985, limit: 10 });
      assert.deepEqual(eighties.map((row) => row.tconst), ['tt7000001']);
      const comedy = await imdbNeighbours(test.database.db, { titleType: 'movie', genre: 'Comedy', limit: 10 });
      assert.deepEqual(comedy.map((row) => row.tconst), ['tt7000001']);
    });

    it('reads several lists at once as each alone, in its order, a title without a year in lists without an era', async () => {
      const filters = [
        { titleType: 'tvSeries', genre: 'Horror', limit: 10 },
        { titleType: 'movie', genre: 'Horror', yearFrom: 1975, yearTo: 1985, limit: 10 },
        { titleType: 'tvSeries', genre: 'Comedy', yearFrom: 1980, limit: 10 },
        { titleType: 'movie', genre: 'Horror', limit: 1 },
        { titleType: 'movie', genre: 'Western', limit: 10 },
        { titleType: 'tvSeries', genre: 'Comedy', limit: 10 },
      ];
      const lists = (await imdbNeighboursOfEach(test.database.db, filters)).map((rows) => rows.map((row) => row.tconst));
      const alone = await Promise.all(filters.map(async (filter) => (await imdbNeighbours(test.database.db, filter)).map((row) => row.tconst)));
      assert.deepEqual(lists, alone);
      assert.deepEqual(lists, [['tt7000005', 'tt7000006'], ['tt7000001'], ['tt7000007'], ['tt7000002'], [], ['tt7000007', 'tt7000006']]);
    });
  });
}
