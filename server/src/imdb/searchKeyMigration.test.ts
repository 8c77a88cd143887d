import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { migrateToLatest } from '../db/migrate';
import { createTestDatabase, TEST_DATABASES, type TestDatabase, TEST_SEARCH_BUDGET_MS } from '../testing/testApp';
import { searchTitles } from './search';

/** An index searched before titles had keys: the upgrade gives every title its key and its original title as another name. */
for (const kind of TEST_DATABASES) {
  describe(`upgrading an IMDb index to search keys (${kind})`, () => {
    let test: TestDatabase;
    before(async () => {
      test = await createTestDatabase(kind);
      await migrateToLatest(test.database, '2026-12-15T000000-popular-title-trigrams');
      await sql`insert into imdb_titles (tconst, title_type, primary_title, original_title, is_adult, num_votes) values
        ('tt0211915', 'movie', 'Amélie', 'Le fabuleux destin d''Amélie Poulain', 0, 800000),
        ('tt0145487', 'movie', 'Spider-Man', 'Spider-Man', 0, 880000),
        ('tt0071562', 'movie', 'The Godfather Part II', 'The Godfather: Part II', 0, 1400000)`.execute(test.database.db);
      await migrateToLatest(test.database);
    });
    after(() => test.drop());

    it('keys every title, keeps other original titles, and finds them as people type', async () => {
      const titles = await test.database.db.selectFrom('imdb_titles').select(['tconst', 'search_title']).orderBy('tconst').execute();
      assert.deepEqual(titles, [
        { tconst: 'tt0071562', search_title: 'the godfather part 2' },
        { tconst: 'tt0145487', search_title: 'spiderman' },
        { tconst: 'tt0211915', search_title: 'amelie' },
      ]);
      const others = await test.database.db.selectFrom('imdb_alt_titles').selectAll().execute();
      assert.deepEqual(others, [{ tconst: 'tt0211915', search_title: 'le fabuleux destin damelie poulain' }]);
      for (const [query, tconst] of [
        ['amelie', 'tt0211915'],
        ['fabuleux destin', 'tt0211915'],
        ['spiderman', 'tt0145487'],
        ['godfather 2', 'tt0071562'],
      ]) {
        assert.equal((await searchTitles(test.database.db, kind, query, 8, TEST_SEARCH_BUDGET_MS))[0]?.tconst, tconst, query);
      }
    });
  });
}
