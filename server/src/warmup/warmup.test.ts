import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { buildApp } from '../app';
import { addImdbTitle, addMovie, addReview, createUser } from '../testing/factories';
import { startTestApp, TEST_DATABASES, testConfig, type TestApp } from '../testing/testApp';
import { pauseAfter, QUICK_STEP_MS, warmUpCaches } from './service';

const MOVIES = 300;

for (const kind of TEST_DATABASES) {
  describe(`warming up the caches (${kind})`, () => {
    let app: TestApp;
    let tconsts: string[];

    before(async () => {
      app = await startTestApp(kind);
      const db = app.database.db;
      const member = await createUser(app);
      tconsts = [];
      for (let n = 0; n < MOVIES; n++) {
        const tconst = `tt${String(7_100_000 + n).padStart(7, '0')}`;
        const genres = ['Drama', 'Comedy,Drama', 'Horror'][n % 3];
        await addImdbTitle(db, { tconst, genres, start_year: 1950 + (n % 70), num_votes: 1000 + n });
        const movie = await addMovie(db, { tconst, genres, year: 1950 + (n % 70) });
        if (n % 10 === 0) await addReview(db, { user_id: member.id, movie_id: movie.id, stars: 1 + (n % 10) });
        tconsts.push(tconst);
      }
    });
    after(() => app?.close());

    it('works out every movie asked for, one a turn, answering calls that come meanwhile', async () => {
      const answered: string[] = [];
      const warmUp = warmUpCaches(app.database.db, MOVIES).then((report) => {
        answered.push('warm-up');
        return report;
      });
      const agent = app.agent();
      const calls = Promise.all([
        agent.get('/api/health').then((reply) => answered.push(`health ${reply.status}`)),
        agent.get(`/api/recommendations/${tconsts[0]}`).then((reply) => answered.push(`recommendations ${reply.status}`)),
      ]);
      assert.deepEqual(await warmUp, { movies: MOVIES, finished: true });
      await calls;
      assert.equal(answered.at(-1), 'warm-up', `calls wait for no warm-up: ${answered.join(', ')}`);
      assert.deepEqual(answered.slice(0, 2).sort(), ['health 200', 'recommendations 200']);
    });

    it('stops after the movie in hand once the app is closing', async () => {
      let asked = 0;
      const report = await warmUpCaches(app.database.db, MOVIES, () => ++asked > 5);
      assert.deepEqual(report, { movies: 5, finished: false });
    });

    it('a server started with it answers as one without, and closes while it runs', async () => {
      const warm = await buildApp(testConfig({ warmUpMovies: MOVIES }), { database: app.database, loadImdbSample: false });
      await warm.listen({ port: 0, host: '127.0.0.1' });
      const address = warm.server.address();
      const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
      try {
        for (const tconst of [tconsts[0], tconsts[MOVIES - 1]]) {
          const path = `/api/recommendations/${tconst}`;
          const [fromWarm, fromCold] = await Promise.all([fetch(url + path).then((reply) => reply.json()), app.agent().get(path)]);
          assert.deepEqual(fromWarm, fromCold.body);
        }
      } finally {
        await warm.close();
      }
      // Nothing of it is left holding the database.
      assert.equal((await app.agent().get('/api/movies')).status, 200);
    });
  });
}

describe('the pause after a movie worked out', () => {
  it('is none after a quick one, four times as long after a slow one, and never over a second', () => {
    assert.equal(pauseAfter(0), 0);
    assert.equal(pauseAfter(QUICK_STEP_MS - 0.1), 0);
    assert.equal(pauseAfter(QUICK_STEP_MS), QUICK_STEP_MS * 4);
    assert.equal(pauseAfter(30), 120);
    assert.equal(pauseAfter(250), 1000);
    assert.equal(pauseAfter(5000), 1000);
  });
});
