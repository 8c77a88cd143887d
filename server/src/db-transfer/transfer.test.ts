import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { addImdbTitle, addMovie, addReview, createUser } from '../testing/factories';
import { createTestDatabase, startTestApp, type TestApp, type TestDatabase, TEST_SEARCH_BUDGET_MS } from '../testing/testApp';
import { buildApp } from '../app';
import { testConfig } from '../testing/testApp';
import { ApiAgent } from '../testing/client';
import { searchTitles } from '../imdb/search';
import { CANDIDATES } from '../imdb/searchDialect';
import { tablesToTransfer, transferSqliteToPostgres, TransferError } from './transfer';

async function allRows(db: TestDatabase['database']['db'], table: string) {
  const result = await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(db);
  const rows = result.rows.map((row) => {
    // The statistics' version tokens are replaced by every write to the club, the copy itself included.
    const replaced = table === 'app_meta' && typeof row.key === 'string' && row.key.startsWith('insights_');
    const value = replaced ? { ...row, value: '(replaced on every write)' } : row;
    return JSON.stringify(Object.keys(value).sort().map((key) => [key, value[key]]));
  });
  return rows.sort();
}

const LEMURS = CANDIDATES + 100;

describe('moving a club from SQLite to PostgreSQL', () => {
  let club: TestApp;
  let target: TestDatabase;

  before(async () => {
    club = await startTestApp('sqlite');
    const db = club.database.db;
    const alice = await createUser(club, 'alice');
    const bob = await createUser(club, 'Bob');
    await addImdbTitle(db, { tconst: 'tt0133093', primary_title: 'The Matrix', start_year: 1999, genres: 'Action,Sci-Fi' });
    await addImdbTitle(db, { tconst: 'tt0368226', primary_title: 'The Room', start_year: 2003, genres: 'Drama' });
    const matrix = await addMovie(db, { tconst: 'tt0133093', title: 'The Matrix', added_by: alice.id });
    const room = await addMovie(db, { tconst: 'tt0368226', title: 'The Room', plot: 'Oh hi, "Mark".' });
    await addReview(db, { user_id: alice.id, movie_id: matrix.id, stars: 9, ttm_rating: 'S', smoke_alarms: 0, text: 'Whoa. ünïcödé ✓' });
    const bobsReview = await addReview(db, { user_id: bob.id, movie_id: room.id, stars: 2, pain_level: 10, estimated_budget: '1000000-10000000', spoiler: 1 });
    const now = new Date().toISOString();
    const list = await db
      .insertInto('watchlists')
      .values({ owner_id: alice.id, name: 'Bad Movie Night', description: '<p>Bring <b>snacks</b></p>', is_personal: 0, created_at: now, updated_at: now, picked_movie_id: room.id, picked_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db.insertInto('watchlist_items').values([
      { watchlist_id: list.id, movie_id: room.id, position: 0, added_by: alice.id, added_at: now },
      { watchlist_id: list.id, movie_id: matrix.id, position: 1, added_by: bob.id, added_at: now },
    ]).execute();
    await db.insertInto('watchlist_moderators').values({ watchlist_id: list.id, user_id: bob.id, added_at: now }).execute();
    // An import's rows and lists refer to it: they must arrive after it.
    const upload = await db
      .insertInto('imports')
      .values({ user_id: alice.id, file_name: 'ratings.csv', status: 'ready', source: 'letterboxd', created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('import_rows')
      .values({ import_id: upload.id, file: 'ratings.csv', line: 2, kind: 'rating', title: 'The Room', year: 2003, match: 'matched', tconst: 'tt0368226', candidates: '[]', rewatch: 0 })
      .execute();
    await db.insertInto('import_lists').values({ import_id: upload.id, list_index: 0, name: 'Favourites', description: '', moderators: '[]', action: 'create' }).execute();
    // A comment refers to its review, and reactions name a review or a comment.
    const comment = await db
      .insertInto('comments')
      .values({ review_id: bobsReview.id, user_id: alice.id, text: 'Oh hi, @Bob.', spoiler: 1, created_at: now, edited_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db.insertInto('reactions').values([
      { target_kind: 'review', target_id: bobsReview.id, user_id: alice.id, reaction: 'laugh', created_at: now },
      { target_kind: 'comment', target_id: comment.id, user_id: bob.id, reaction: 'heart', created_at: now },
    ]).execute();
    // A notification names its member and, while the account exists, who caused it.
    await db.insertInto('notifications').values([
      { user_id: bob.id, kind: 'comment', actor_id: alice.id, text: 'alice commented on your review of The Room.', link: `/movie/${room.id}#comment-${comment.id}`, created_at: now, read_at: null, dedupe_key: null },
      { user_id: alice.id, kind: 'rating_prompt', actor_id: null, text: 'Rate it.', link: `/movie/${room.id}`, created_at: now, read_at: now, dedupe_key: 'x' },
    ]).execute();
    await db.insertInto('notification_kinds_off').values({ user_id: bob.id, kind: 'reaction' }).execute();
    // More little-known titles holding a word than a search reads, the least-voted first.
    const lemurs = Array.from({ length: LEMURS }, (_, index) => index + 1).map(
      (i) => sql`(${`tt98${String(i).padStart(5, '0')}`}, 'movie', ${`Zeta Lemurland ${i}`}, ${`zeta lemurland ${i}`}, 0, ${i})`,
    );
    await sql`insert into imdb_titles (tconst, title_type, primary_title, search_title, is_adult, num_votes) values ${sql.join(lemurs)}`.execute(db);
    target = await createTestDatabase('postgres');
  });

  after(async () => {
    await club?.close();
    await target?.drop();
  });

  it('copies every table row for row and reports equal counts', async () => {
    const progress: string[] = [];
    const report = await transferSqliteToPostgres(club.database, target.database, (table) => progress.push(table));
    const tables = await tablesToTransfer(club.database.db, target.database.db);
    for (const required of ['users', 'sessions', 'imdb_titles', 'movies', 'reviews', 'watchlists', 'watchlist_items', 'watchlist_moderators', 'imports', 'import_rows', 'import_lists', 'comments', 'reactions', 'notifications', 'notification_kinds_off']) {
      assert.ok(tables.includes(required), `${required} is transferred`);
    }
    assert.deepEqual(report.map((row) => row.table), tables);
    for (const row of report) assert.equal(row.target, row.source, `${row.table} counts match`);
    assert.ok(report.find((row) => row.table === 'reviews')!.source === 2);
    for (const table of tables) {
      assert.deepEqual(await allRows(target.database.db, table), await allRows(club.database.db, table), `${table} rows are identical`);
    }
    assert.ok(progress.includes('watchlist_items'));
    // Recommendations' genre table is not copied but kept by the target as its titles arrive.
    const genres = await allRows(club.database.db, 'imdb_title_genres');
    assert.equal(genres.length, 3, 'The Matrix as Action and as Sci-Fi, The Room as Drama');
    assert.deepEqual(await allRows(target.database.db, 'imdb_title_genres'), genres);
  });

  it('leaves a PostgreSQL app where members log in and new rows get fresh ids', async () => {
    const app = await buildApp(testConfig(), { database: target.database, loadImdbSample: false });
    await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const address = app.server.address();
      const agent = new ApiAgent(`http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`);
      const login = await agent.post('/api/login', { username: 'ALICE', password: 'correct horse battery' });
      assert.equal(login.status, 200, 'the password hash came along');
      const registered = await agent.post('/api/register', { username: 'carol', password: 'correct horse battery' });
      assert.equal(registered.status, 200, 'the id sequence continues after the copied users');
      const ids = await target.database.db.selectFrom('users').select('id').orderBy('id').execute();
      assert.deepEqual(ids.map((row) => row.id), [1, 2, 3]);
    } finally {
      await app.close();
    }
  });

  it('leaves the titles in the order PostgreSQL title search reads them: the most-voted of many matches first', async () => {
    const found = await searchTitles(target.database.db, 'postgres', 'lemurland', 3, TEST_SEARCH_BUDGET_MS);
    assert.deepEqual(found.map((title) => title.primary_title), [LEMURS, LEMURS - 1, LEMURS - 2].map((i) => `Zeta Lemurland ${i}`));
  });

  it('refuses a target that already holds a club, changing nothing', async () => {
    const before = await allRows(target.database.db, 'users');
    await assert.rejects(transferSqliteToPostgres(club.database, target.database), (error: unknown) => {
      assert.ok(error instanceof TransferError);
      assert.match(error.message, /already has data/);
      return true;
    });
    assert.deepEqual(await allRows(target.database.db, 'users'), before);
  });
});

describe('moving a club into a PostgreSQL database that has started once', () => {
  let club: TestApp;
  let target: TestDatabase;

  before(async () => {
    club = await startTestApp('sqlite');
    const alice = await createUser(club, 'alice');
    await addImdbTitle(club.database.db, { tconst: 'tt0133093', primary_title: 'The Matrix', start_year: 1999 });
    const matrix = await addMovie(club.database.db, { tconst: 'tt0133093', title: 'The Matrix', added_by: alice.id });
    await addReview(club.database.db, { user_id: alice.id, movie_id: matrix.id, stars: 9 });
    target = await createTestDatabase('postgres');
    // A first start: migrations run and the bundled IMDb sample is loaded; a failed login leaves a row.
    const started = await buildApp(testConfig(), { database: target.database, loadImdbSample: true });
    await started.listen({ port: 0, host: '127.0.0.1' });
    const address = started.server.address();
    const visitor = new ApiAgent(`http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`);
    await visitor.post('/api/login', { username: 'nobody', password: 'wrong password' });
    await started.close();
  });

  after(async () => {
    await club?.close();
    await target?.drop();
  });

  it('replaces the sample index and copies the club', async () => {
    const sampleTitles = await target.database.db.selectFrom('imdb_titles').select('tconst').execute();
    assert.ok(sampleTitles.length > 100, 'the first start loaded the sample');
    const ratings = await target.database.db.selectFrom('imdb_ratings').select('tconst').execute();
    assert.ok(ratings.length > 0, 'and its ratings');

    const report = await transferSqliteToPostgres(club.database, target.database);
    for (const row of report) assert.equal(row.target, row.source, `${row.table} counts match`);
    for (const row of report) {
      assert.deepEqual(await allRows(target.database.db, row.table), await allRows(club.database.db, row.table), `${row.table} holds the club's rows only`);
    }
    assert.equal(report.find((row) => row.table === 'reviews')?.target, 1);
    assert.deepEqual(await allRows(target.database.db, 'imdb_title_genres'), await allRows(club.database.db, 'imdb_title_genres'), 'genres of the club\'s titles only');
  });
});
