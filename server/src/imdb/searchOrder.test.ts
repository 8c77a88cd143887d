import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { sql } from 'kysely';
import { migrateToLatest } from '../db/migrate';
import { createTestDatabase, TEST_DATABASES, TEST_SEARCH_BUDGET_MS } from '../testing/testApp';
import { importImdbFiles } from './importer';
import { BASICS_HEADER, RATINGS_HEADER } from './parse';
import { searchTitles } from './search';
import { CANDIDATES, POPULAR_VOTES } from './searchDialect';
import { scratchDir } from './testing';

/**
 * More little-known titles hold a word than a search reads candidates (CANDIDATES), listed
 * least-voted first: the search still answers the most-voted ones, whether the titles came in
 * a big import or were loaded before the upgrade that sorts the titles.
 */
const COUNT = CANDIDATES + 100;
const votesOf = (i: number) => Math.round((i / COUNT) * (POPULAR_VOTES - 1));
const films = Array.from({ length: COUNT }, (_, index) => index + 1);
const mostVoted = [COUNT, COUNT - 1, COUNT - 2].map((i) => `Zeta Lemurland ${i}`);

for (const kind of TEST_DATABASES) {
  describe(`the most-voted of many little-known matches (${kind})`, () => {
    const scratch = scratchDir();
    const cleanups: (() => Promise<void>)[] = [];
    after(async () => {
      for (const cleanup of cleanups) await cleanup();
      scratch.remove();
    });
    const open = async () => {
      const test = await createTestDatabase(kind);
      cleanups.push(() => test.drop());
      return test.database;
    };
    const titlesFound = async (db: Awaited<ReturnType<typeof open>>['db'], query: string) =>
      (await searchTitles(db, kind, query, 3, TEST_SEARCH_BUDGET_MS)).map((title) => title.primary_title);

    it('finds them by a word, a start and a typo after a big import', async () => {
      const database = await open();
      await migrateToLatest(database);
      const basics = [BASICS_HEADER, ...films.map((i) => `tt98${String(i).padStart(5, '0')}\tmovie\tZeta Lemurland ${i}\t\\N\t0\t2001\t\\N\t90\tDrama`)];
      const ratings = [RATINGS_HEADER, ...films.map((i) => `tt98${String(i).padStart(5, '0')}\t6.0\t${votesOf(i)}`)];
      const files = [path.join(scratch.dir, 'lemurs.basics.tsv'), path.join(scratch.dir, 'lemurs.ratings.tsv')];
      fs.writeFileSync(files[0], basics.join('\n'));
      fs.writeFileSync(files[1], ratings.join('\n'));
      await importImdbFiles(database.db, files);
      assert.deepEqual(await titlesFound(database.db, 'lemurland'), mostVoted);
      assert.deepEqual(await titlesFound(database.db, 'zeta lemu'), mostVoted);
      assert.deepEqual(await titlesFound(database.db, 'zeta lemurlandd'), mostVoted);
    });

    // SQLite numbers its names by popularity at its own rebuilds; this upgrade sorts PostgreSQL's table.
    it('finds them in an index loaded before the upgrade that sorts the titles', { skip: kind !== 'postgres' }, async () => {
      const database = await open();
      await migrateToLatest(database, '2026-12-18T000000-title-genres');
      const rows = films.map((i) => sql`(${`tt98${String(i).padStart(5, '0')}`}, 'movie', ${`Zeta Lemurland ${i}`}, ${`zeta lemurland ${i}`}, 0, ${votesOf(i)})`);
      await sql`insert into imdb_titles (tconst, title_type, primary_title, search_title, is_adult, num_votes) values ${sql.join(rows)}`.execute(database.db);
      await migrateToLatest(database);
      assert.deepEqual(await titlesFound(database.db, 'lemurland'), mostVoted);
      assert.deepEqual(await titlesFound(database.db, 'zeta lemu'), mostVoted);
    });
  });
}
