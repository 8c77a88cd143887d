import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { type AppDatabase, openDatabase } from '../db/database';
import { ApiAgent } from '../testing/client';
import { addMovie, createUser, type SignedInUser } from '../testing/factories';
import { createTestDatabase, TEST_DATABASES, type TestDatabase, testConfig } from '../testing/testApp';

/** Two apps over one database, each with its own connection and so its own memory: as two server processes. */
for (const kind of TEST_DATABASES) {
  describe(`club statistics kept in memory are never stale (${kind})`, () => {
    let shared: TestDatabase;
    let secondHandle: AppDatabase;
    const apps: FastifyInstance[] = [];
    let first: ApiAgent;
    let second: ApiAgent;
    let ann: SignedInUser;
    let bob: SignedInUser;
    let movieId: number;

    const start = async (database: AppDatabase) => {
      const app = await buildApp(testConfig(), { database, loadImdbSample: false });
      await app.listen({ port: 0, host: '127.0.0.1' });
      apps.push(app);
      const address = app.server.address();
      return new ApiAgent(`http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`);
    };
    const clubFrom = async (agent: ApiAgent) => {
      const reply = await agent.get('/api/club/stats');
      assert.equal(reply.status, 200, JSON.stringify(reply.body));
      return reply.body.stats;
    };

    before(async () => {
      shared = await createTestDatabase(kind);
      secondHandle = openDatabase(shared.url, { pgSchema: shared.pgSchema });
      first = await start(shared.database);
      second = await start(secondHandle);
      ann = await createUser({ agent: () => new ApiAgent(first.baseUrl) }, 'fresh_ann');
      bob = await createUser({ agent: () => new ApiAgent(first.baseUrl) }, 'fresh_bob');
      movieId = (await addMovie(shared.database.db, { title: 'Fresh Film', length: 60 })).id;
    });
    after(async () => {
      for (const app of apps) await app.close();
      await secondHandle.close();
      await shared.drop();
    });

    it("sees a review saved through the other process's API", async () => {
      assert.deepEqual((await clubFrom(second)).members, [], 'kept by the second app: nobody yet');
      const saved = await ann.agent.post('/api/review', { movie_id: movieId, stars: 7 });
      assert.equal(saved.status, 200, JSON.stringify(saved.body));
      const stats = await clubFrom(second);
      // Saving a first review also logs a viewing for today: one of 60 minutes.
      assert.deepEqual(stats.members, [{ username: 'fresh_ann', profile_picture: null }]);
      assert.deepEqual(stats.totals, { films: 1, viewings: 1, hours: 1, reviews: 1 });
    });

    it('sees rows written by plain SQL, as an import or a movie night writes them', async () => {
      await clubFrom(second);
      const now = new Date().toISOString();
      await shared.database.db
        .insertInto('viewings')
        .values({ user_id: bob.id, movie_id: movieId, watched_on: now.slice(0, 10), rewatch: 0, place: null, note: null, created_at: now, updated_at: now })
        .execute();
      const stats = await clubFrom(second);
      assert.deepEqual(stats.totals, { films: 1, viewings: 2, hours: 2, reviews: 1 });
      assert.deepEqual(stats.seen_by_everyone.map((film: { title: string }) => film.title), ['Fresh Film']);
    });

    it("sees a movie's new length and title and a member's new picture", async () => {
      await clubFrom(second);
      await shared.database.db.updateTable('movies').set({ length: 90, title: 'Fresh Film (Director’s Cut)' }).where('id', '=', movieId).execute();
      await shared.database.db.updateTable('users').set({ profile_picture: '/api/pictures/fresh.webp' }).where('id', '=', ann.id).execute();
      const stats = await clubFrom(second);
      assert.equal(stats.totals.hours, 3, 'two viewings of 90 minutes');
      assert.deepEqual(stats.seen_by_everyone.map((film: { title: string }) => film.title), ['Fresh Film (Director’s Cut)']);
      assert.deepEqual(stats.members[0], { username: 'fresh_ann', profile_picture: '/api/pictures/fresh.webp' });
    });

    it('sees deletions, within a transaction too', async () => {
      await clubFrom(second);
      await shared.database.db.transaction().execute(async (trx) => {
        await trx.deleteFrom('viewings').where('user_id', '=', bob.id).execute();
        await trx.deleteFrom('reviews').where('user_id', '=', ann.id).execute();
      });
      const stats = await clubFrom(second);
      assert.deepEqual(stats.totals, { films: 1, viewings: 1, hours: 1.5, reviews: 0 });
      assert.deepEqual(await clubFrom(first), stats, 'both processes agree');
    });

    it('renews only the years a write touched, and sees a viewing moved between years', async () => {
      const yearFrom = async (agent: ApiAgent, year: number) => {
        const reply = await agent.get(`/api/club/stats?year=${year}`);
        assert.equal(reply.status, 200, JSON.stringify(reply.body));
        return reply.body.stats;
      };
      const stamp = (day: string) => `${day}T12:00:00.000Z`;
      const viewing = await shared.database.db
        .insertInto('viewings')
        .values({ user_id: bob.id, movie_id: movieId, watched_on: '2019-03-02', rewatch: 0, place: null, note: null, created_at: stamp('2019-03-02'), updated_at: stamp('2019-03-02') })
        .returning('id')
        .executeTakeFirstOrThrow();
      assert.equal((await yearFrom(second, 2019)).totals.viewings, 1);
      assert.equal((await yearFrom(second, 2021)).totals.viewings, 0);
      const before = await clubFrom(second);

      await shared.database.db.updateTable('viewings').set({ watched_on: '2021-07-09' }).where('id', '=', viewing.id).execute();
      assert.equal((await yearFrom(second, 2019)).totals.viewings, 0, 'the old year lost it');
      const moved = await yearFrom(second, 2021);
      assert.equal(moved.totals.viewings, 1, 'the new year has it');
      assert.equal(moved.activity.find((month: { period: string }) => month.period === '2021-07').viewings, 1);
      const after = await clubFrom(second);
      assert.equal(after.totals.viewings, before.totals.viewings, 'all time counts it once either way');
      assert.deepEqual(
        after.activity.filter((row: { period: string }) => ['2019', '2021'].includes(row.period)).map((row: { period: string; viewings: number }) => [row.period, row.viewings]),
        [['2021', 1]],
      );

      // A rating written straight into an old year reaches that year and all time.
      await shared.database.db
        .insertInto('reviews')
        .values({
          user_id: bob.id,
          movie_id: movieId,
          stars: 3,
          ttm_rating: null,
          pain_level: null,
          smoke_alarms: null,
          equipment_seen: null,
          estimated_budget: null,
          text: '',
          created_at: stamp('2019-05-05'),
          updated_at: stamp('2019-05-05'),
        })
        .execute();
      assert.equal((await yearFrom(second, 2019)).totals.reviews, 1);
      assert.equal((await clubFrom(second)).totals.reviews, after.totals.reviews + 1);
      assert.deepEqual(await clubFrom(first), await clubFrom(second), 'both processes agree');
    });
  });
}
