import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import zlib from 'node:zlib';
import { moviesReply } from '@movieclub/contract';
import { buildApp } from '../app';
import { type AppDatabase, openDatabase } from '../db/database';
import { rawGet } from '../testing/rawGet';
import { addImdbTitle, addMovie, createUser, type SignedInUser } from '../testing/factories';
import { createTestDatabase, startTestApp, TEST_DATABASES, testConfig, type TestApp, type TestDatabase } from '../testing/testApp';

for (const kind of TEST_DATABASES) {
  describe(`the catalogue served from one copy (${kind})`, () => {
    let app: TestApp;
    let member: SignedInUser;
    let movieId: number;
    before(async () => {
      app = await startTestApp(kind);
      member = await createUser(app, 'cache_member');
      movieId = (await addMovie(app.database.db, { title: 'Cached Feature' })).id;
    });
    after(() => app.close());

    const averageOf = (body: { movies: { id: number; avg_user_rating: number | null }[] }) =>
      body.movies.find((movie) => movie.id === movieId)?.avg_user_rating;

    it("answers a browser that has the catalogue 304, and a changed catalogue in full with the viewer's own stars", async () => {
      const first = await member.agent.get('/api/movies');
      const etag = first.headers.get('etag');
      assert.ok(etag, 'an ETag is sent');
      assert.equal(averageOf(first.body), null);
      const again = await member.agent.request('GET', '/api/movies', undefined, { 'if-none-match': etag });
      assert.equal(again.status, 304);

      assert.equal((await member.agent.post('/api/review', { movie_id: movieId, stars: 8 })).status, 200);
      const changed = await member.agent.request('GET', '/api/movies', undefined, { 'if-none-match': etag });
      assert.equal(changed.status, 200);
      assert.notEqual(changed.headers.get('etag'), etag);
      assert.equal(averageOf(changed.body), 8);
      assert.deepEqual(changed.body.user_reviews, { [movieId]: 8 });
      // The copy is put together from kept pieces: it still reads as the contract says, every field in place.
      assert.deepEqual(moviesReply.parse(changed.body), changed.body);
      const single = (await member.agent.get(`/api/movies/${movieId}`)).body.movie;
      assert.deepEqual(changed.body.movies.find((movie: { id: number }) => movie.id === movieId), single);
      const added = await addMovie(app.database.db, { title: 'Cached Sequel' });
      assert.deepEqual(
        (await member.agent.get('/api/movies')).body.movies.slice(0, 2).map((movie: { id: number; user_rating_count: number }) => [movie.id, movie.user_rating_count]),
        [[added.id, 0], [movieId, 1]],
        'a new movie comes first, averages stay with their movies',
      );
      // Another viewer shares the copy but not the stars, nor the ETag.
      const visitor = await app.agent().get('/api/movies');
      assert.equal(averageOf(visitor.body), 8);
      assert.deepEqual(visitor.body.user_reviews, {});
      assert.notEqual(visitor.headers.get('etag'), changed.headers.get('etag'));
    });

    it('sends the same catalogue gzipped to a client that takes gzip, brotli or none, to a member and a visitor', async () => {
      await member.agent.post('/api/review', { movie_id: movieId, stars: 6 });
      // Past the size below which replies go uncompressed, and in several parts compressed on their own.
      for (let index = 0; index < 70; index++) await addMovie(app.database.db, { title: `Compressed Feature ${index}` });
      await sendsTheSameCatalogueEveryWay({ [movieId]: 6 });
      // A review changes one part, and a movie added the newest one: the reply is whole either way.
      await member.agent.post('/api/review', { movie_id: movieId, stars: 9 });
      const sequel = (await addMovie(app.database.db, { title: 'Compressed Sequel' })).id;
      await member.agent.post('/api/review', { movie_id: sequel, stars: 4 });
      await sendsTheSameCatalogueEveryWay({ [movieId]: 9, [sequel]: 4 });
    });

    async function sendsTheSameCatalogueEveryWay(ownStars: Record<number, number>) {
      for (const cookie of [member.agent.cookieHeader, '']) {
        const plain = await rawGet(app.url + '/api/movies', { cookie, 'accept-encoding': 'identity' });
        assert.equal(plain.headers['content-encoding'], undefined);
        const json = JSON.parse(plain.body.toString('utf8'));
        assert.deepEqual(json.user_reviews, cookie ? ownStars : {});
        for (const [accepted, sent, unpack] of [
          ['gzip, deflate, br, zstd', 'gzip', zlib.gunzipSync],
          ['x-gzip', 'gzip', zlib.gunzipSync],
          ['br', 'br', zlib.brotliDecompressSync],
        ] as const) {
          const packed = await rawGet(app.url + '/api/movies', { cookie, 'accept-encoding': accepted });
          assert.equal(packed.status, 200);
          assert.equal(packed.headers['content-encoding'], sent, accepted);
          assert.match(String(packed.headers.vary), /accept-encoding/i);
          // The app's own gzip carries its length; brotli, made by the compression plugin as a stream, may go chunked.
          if (sent === 'gzip' || packed.headers['content-length'] !== undefined) assert.equal(Number(packed.headers['content-length']), packed.body.length);
          assert.deepEqual(unpack(packed.body), plain.body, `${accepted}, ${cookie ? 'member' : 'visitor'}`);
        }
      }
    }

  });

  describe(`the catalogue over two processes (${kind})`, () => {
    let testDatabase: TestDatabase;
    let second: AppDatabase;
    before(async () => {
      testDatabase = await createTestDatabase(kind);
      // Its own connection to the same database, as another process has: its own caches.
      second = openDatabase(testDatabase.url, { pgSchema: testDatabase.pgSchema });
    });
    after(async () => {
      await second.close();
      await testDatabase.drop();
    });

    it('shows a review written through one process in the catalogue and recommendations of the other at once', async () => {
      const appA = await buildApp(testConfig(), { database: testDatabase.database, loadImdbSample: false });
      const appB = await buildApp(testConfig(), { database: second, loadImdbSample: false });
      try {
        const titles = ['tt7700001', 'tt7700002'];
        for (const tconst of titles) await addImdbTitle(testDatabase.database.db, { tconst, genres: 'Horror', primary_title: `Shared ${tconst}` });
        const ids = [];
        for (const tconst of titles) ids.push((await appA.inject({ method: 'POST', url: '/api/imdb/ensure', payload: { tconst } })).json().movie.id as number);
        const catalogueOf = async (app: typeof appA) => (await app.inject({ method: 'GET', url: '/api/movies' })).json();
        const recommendationsOf = async (app: typeof appA) => (await app.inject({ method: 'GET', url: '/api/recommendations/tt7700001' })).json();
        // B reads and keeps its copies first.
        assert.equal((await catalogueOf(appB)).movies.length, 2);
        const excerptBefore = (await recommendationsOf(appB)).items.find((item: { imdb_id: string }) => item.imdb_id === 'tt7700002')?.review;

        await appA.inject({ method: 'POST', url: '/api/register', payload: { username: 'two_processes', password: 'correct horse battery' } });
        const login = await appA.inject({ method: 'POST', url: '/api/login', payload: { username: 'two_processes', password: 'correct horse battery' } });
        const cookie = login.cookies.map((entry) => `${entry.name}=${entry.value}`).join('; ');
        for (const [index, id] of ids.entries()) {
          const saved = await appA.inject({ method: 'POST', url: '/api/review', headers: { cookie }, payload: { movie_id: id, stars: 9, text: `Written through A ${index}` } });
          assert.equal(saved.statusCode, 200, saved.body);
        }
        const movies = (await catalogueOf(appB)).movies as { id: number; avg_user_rating: number | null }[];
        assert.deepEqual(
          ids.map((id) => movies.find((movie) => movie.id === id)?.avg_user_rating),
          [9, 9],
        );
        const excerptAfter = (await recommendationsOf(appB)).items.find((item: { imdb_id: string }) => item.imdb_id === 'tt7700002')?.review;
        assert.notEqual(excerptAfter, excerptBefore, 'the recommendation now quotes the new review');
        assert.match(String(excerptAfter), /Written through A 1/);
      } finally {
        await appA.close();
        await appB.close();
      }
    });

    it('shows a public list made, filled and reordered through one process in the other\'s public lists at once', async () => {
      const appA = await buildApp(testConfig(), { database: testDatabase.database, loadImdbSample: false });
      const appB = await buildApp(testConfig(), { database: second, loadImdbSample: false });
      try {
        const publicOf = async () => (await appB.inject({ method: 'GET', url: '/api/watchlists/public?q=relay' })).json();
        assert.deepEqual((await publicOf()).watchlists, []);
        await appA.inject({ method: 'POST', url: '/api/register', payload: { username: 'relay_owner', password: 'correct horse battery' } });
        const login = await appA.inject({ method: 'POST', url: '/api/login', payload: { username: 'relay_owner', password: 'correct horse battery' } });
        const headers = { cookie: login.cookies.map((entry) => `${entry.name}=${entry.value}`).join('; ') };
        const created = await appA.inject({ method: 'POST', url: '/api/watchlists/public', headers, payload: { name: 'Relay Night' } });
        assert.equal(created.statusCode, 200, created.body);
        const listId = created.json().watchlist.id as number;
        assert.deepEqual((await publicOf()).watchlists.map((list: { name: string; item_count: number }) => [list.name, list.item_count]), [['Relay Night', 0]]);

        const first = await addMovie(testDatabase.database.db, { title: 'Relay One', poster: '/posters/one.jpg' });
        const secondMovie = await addMovie(testDatabase.database.db, { title: 'Relay Two', poster: '/posters/two.jpg' });
        for (const movie of [first, secondMovie]) {
          const added = await appA.inject({ method: 'POST', url: `/api/watchlists/${listId}/items`, headers, payload: { movie_id: movie.id } });
          assert.equal(added.statusCode, 200, added.body);
        }
        const filled = (await publicOf()).watchlists[0];
        assert.deepEqual([filled.item_count, filled.first_poster], [2, '/posters/one.jpg']);

        const reordered = await appA.inject({ method: 'PUT', url: `/api/watchlists/${listId}/items/order`, headers, payload: { order: [secondMovie.id, first.id] } });
        assert.equal(reordered.statusCode, 200, reordered.body);
        assert.equal((await publicOf()).watchlists[0].first_poster, '/posters/two.jpg');

        const removed = await appA.inject({ method: 'DELETE', url: `/api/watchlists/${listId}/items/${secondMovie.id}`, headers });
        assert.equal(removed.statusCode, 200, removed.body);
        const after = (await publicOf()).watchlists[0];
        assert.deepEqual([after.item_count, after.first_poster], [1, '/posters/one.jpg']);
      } finally {
        await appA.close();
        await appB.close();
      }
    });
  });
}
