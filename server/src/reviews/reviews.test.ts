import { defaultErrorCode } from '@movieclub/contract';
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { addMovie, addReview, createUser } from '../testing/factories';
import { startTestApp, TEST_DATABASES, type TestApp } from '../testing/testApp';

for (const kind of TEST_DATABASES) {
  describe(`reviews (${kind})`, () => {
    let app: TestApp;
    before(async () => {
      app = await startTestApp(kind);
    });
    after(() => app.close());

    const storedReviews = (movieId: number) =>
      app.database.db.selectFrom('reviews').selectAll().where('movie_id', '=', movieId).execute();

    it('refuses a rating from an anonymous visitor with a sentence', async () => {
      const movie = await addMovie(app.database.db);
      const reply = await app.agent().post('/api/review', { movie_id: movie.id, stars: 8 });
      assert.equal(reply.status, 401);
      assert.deepEqual(reply.body, { success: false, error: 'You must be signed in to rate movies.', code: 'not_signed_in' });
      assert.equal((await storedReviews(movie.id)).length, 0);
    });

    it('keeps one review per user and movie; a quick rating keeps the other fields', async () => {
      const { agent } = await createUser(app);
      const movie = await addMovie(app.database.db);
      const full = {
        movie_id: movie.id,
        stars: 6,
        ttm_rating: 'B',
        pain_level: 4,
        smoke_alarms: true,
        equipment_seen: false,
        estimated_budget: '1000-10000',
        text: 'Boom mic in every shot.',
      };
      assert.deepEqual((await agent.post('/api/review', full)).body, { success: true });
      const [created] = await storedReviews(movie.id);
      // Age the row so a later update has a visibly newer time.
      await app.database.db.updateTable('reviews').set({ created_at: '2020-01-01T00:00:00.000Z', updated_at: '2020-01-01T00:00:00.000Z' }).where('id', '=', created.id).execute();

      const quick = await agent.post('/api/review', { movie_id: movie.id, stars: 9 });
      assert.equal(quick.status, 200);
      const rows = await storedReviews(movie.id);
      assert.equal(rows.length, 1, 'posting again updates the one review');
      const [row] = rows;
      assert.equal(row.id, created.id);
      assert.equal(row.stars, 9);
      assert.equal(row.ttm_rating, 'B');
      assert.equal(row.pain_level, 4);
      assert.equal(row.smoke_alarms, 1);
      assert.equal(row.equipment_seen, 0);
      assert.equal(row.estimated_budget, '1000-10000');
      assert.equal(row.text, 'Boom mic in every shot.');
      assert.equal(row.created_at, '2020-01-01T00:00:00.000Z', 'created_at stays');
      assert.ok(row.updated_at > '2020-01-01T00:00:00.000Z', 'updated_at moves on');

      // Fields sent as null are cleared; fields left out keep their value.
      await agent.post('/api/review', { movie_id: movie.id, stars: 3, ttm_rating: null, smoke_alarms: null, text: null });
      const [cleared] = await storedReviews(movie.id);
      assert.equal(cleared.stars, 3);
      assert.equal(cleared.ttm_rating, null);
      assert.equal(cleared.smoke_alarms, null);
      assert.equal(cleared.text, null);
      assert.equal(cleared.pain_level, 4);
      assert.equal(cleared.equipment_seen, 0);
      assert.equal(cleared.estimated_budget, '1000-10000');
    });

    it('keeps one review when the same user rates the same movie several times at once', async () => {
      const { agent } = await createUser(app);
      const movie = await addMovie(app.database.db);
      const replies = await Promise.all([3, 4, 5, 6, 7].map((stars) => agent.post('/api/review', { movie_id: movie.id, stars })));
      assert.deepEqual(replies.map((reply) => reply.status), [200, 200, 200, 200, 200]);
      const rows = await storedReviews(movie.id);
      assert.equal(rows.length, 1);
      assert.ok(rows[0].stars >= 3 && rows[0].stars <= 7);
    });

    it('refuses bad ratings with a sentence and changes nothing', async () => {
      const { agent } = await createUser(app);
      const movie = await addMovie(app.database.db);
      await agent.post('/api/review', { movie_id: movie.id, stars: 5, text: 'Fine.' });
      const before = await storedReviews(movie.id);

      const stars = 'Stars must be a whole number from 1 to 10.';
      const cases: [unknown, number, string][] = [
        [{ movie_id: movie.id, stars: 0 }, 400, stars],
        [{ movie_id: movie.id, stars: 11 }, 400, stars],
        [{ movie_id: movie.id, stars: 5.5 }, 400, stars],
        [{ movie_id: movie.id, stars: '7' }, 400, stars],
        [{ movie_id: movie.id, stars: null }, 400, stars],
        [{ movie_id: movie.id }, 400, stars],
        [{ movie_id: 'abc', stars: 7 }, 400, 'The movie id is not valid.'],
        [{ movie_id: -4, stars: 7 }, 400, 'The movie id is not valid.'],
        [{ movie_id: movie.id, stars: 7, ttm_rating: 'X' }, 400, 'TTM rating must be one of F, D, C, B, A or S.'],
        [{ movie_id: movie.id, stars: 7, pain_level: 11 }, 400, 'Pain level must be a whole number from 1 to 10.'],
        [{ movie_id: movie.id, stars: 7, smoke_alarms: 'yes' }, 400, 'Smoke alarms must be true, false or null.'],
        [{ movie_id: movie.id, stars: 7, estimated_budget: 'lots' }, 400, 'Estimated budget must be one of the listed bands.'],
        [{ movie_id: movie.id, stars: 7, text: 'x'.repeat(10_001) }, 400, 'Text review must be at most 10,000 characters.'],
        [[movie.id, 7], 400, 'The request body must be a JSON object.'],
        [{ movie_id: 999_999, stars: 7 }, 404, 'That movie is not in the catalogue.'],
      ];
      for (const [body, status, error] of cases) {
        const reply = await agent.post('/api/review', body);
        assert.equal(reply.status, status, JSON.stringify(body).slice(0, 80));
        assert.deepEqual(reply.body, { success: false, error, code: defaultErrorCode(status) });
      }
      assert.deepEqual(await storedReviews(movie.id), before);
      assert.equal((await app.database.db.selectFrom('reviews').select('id').where('movie_id', '=', 999_999).execute()).length, 0);
    });

    it('serves the same averages on all four paths, leaving out movies without reviews', async () => {
      const db = app.database.db;
      const [a, b, c] = await Promise.all([createUser(app), createUser(app), createUser(app)]);
      const rated = await addMovie(db);
      const once = await addMovie(db);
      const unrated = await addMovie(db);
      await a.agent.post('/api/review', { movie_id: rated.id, stars: 7 });
      await b.agent.post('/api/review', { movie_id: rated.id, stars: 8 });
      await c.agent.post('/api/review', { movie_id: rated.id, stars: 8 });
      await a.agent.post('/api/review', { movie_id: once.id, stars: 10 });

      const expected = {
        success: true,
        averages: { [rated.id]: { avg: 7.67, count: 3 }, [once.id]: { avg: 10, count: 1 } },
      };
      const ids = [rated.id, once.id, unrated.id];
      const agent = app.agent();
      assert.deepEqual((await agent.get(`/api/review/averages?ids=${ids.join(',')}`)).body, expected);
      assert.deepEqual((await agent.get(`/api/reviews/averages?ids=${ids.join(',')}`)).body, expected);
      assert.deepEqual((await agent.post('/api/review/averages', { ids })).body, expected);
      assert.deepEqual((await agent.post('/api/reviews/averages', { ids: ids.join(',') })).body, expected);
    });

    it('ignores junk, negative and excess ids in averages instead of failing', async () => {
      const { agent } = await createUser(app);
      const movie = await addMovie(app.database.db);
      await agent.post('/api/review', { movie_id: movie.id, stars: 4 });
      const entry = { [movie.id]: { avg: 4, count: 1 } };

      const junk = await agent.get(`/api/review/averages?ids=abc,,${movie.id},-3,1.5,%20`);
      assert.equal(junk.status, 200);
      assert.deepEqual(junk.body, { success: true, averages: entry });

      const mixed = await agent.post('/api/reviews/averages', { ids: [movie.id, 'abc', null, -1, { id: 2 }] });
      assert.deepEqual(mixed.body, { success: true, averages: entry });

      const many = Array.from({ length: 10_000 }, (_, index) => index + 1);
      const big = await agent.post('/api/review/averages', { ids: many });
      assert.equal(big.status, 200);
      assert.equal(big.body.averages[movie.id]?.count, 1, 'ids within the first thousand are answered');

      for (const body of [{}, { ids: 'nothing' }, { ids: { a: 1 } }]) {
        assert.deepEqual((await agent.post('/api/review/averages', body)).body, { success: true, averages: {} });
      }
      assert.deepEqual((await agent.get('/api/reviews/averages')).body, { success: true, averages: {} });
    });

    it('lists recent reviewers newest first, up to the limit', async () => {
      const db = app.database.db;
      const movie = await addMovie(db);
      const quiet = await addMovie(db);
      const users = [];
      for (let index = 0; index < 7; index++) users.push(await createUser(app, `recent_${kind}_${index}`));
      await db.updateTable('users').set({ profile_picture: '/uploads/avatars/r0.png' }).where('id', '=', users[0].id).execute();
      for (const [index, user] of users.entries()) {
        const minute = String(10 + index).padStart(2, '0');
        await addReview(db, { user_id: user.id, movie_id: movie.id, stars: 5, created_at: `2024-01-01T00:${minute}:00.000Z`, updated_at: `2024-01-01T00:${minute}:00.000Z` });
      }
      // Re-rating makes user 0 the most recent reviewer.
      await users[0].agent.post('/api/review', { movie_id: movie.id, stars: 9 });

      const reply = await app.agent().get(`/api/reviews/recent?ids=${movie.id},${quiet.id},junk&limit=3`);
      assert.equal(reply.status, 200);
      assert.deepEqual(reply.body, {
        success: true,
        recent: {
          [movie.id]: [
            { username: `recent_${kind}_0`, profile_picture: '/uploads/avatars/r0.png' },
            { username: `recent_${kind}_6`, profile_picture: null },
            { username: `recent_${kind}_5`, profile_picture: null },
          ],
          [quiet.id]: [],
        },
      });

      const byDefault = await app.agent().get(`/api/reviews/recent?ids=${movie.id}`);
      assert.equal(byDefault.body.recent[movie.id].length, 5, 'five by default');
      const capped = await app.agent().get(`/api/reviews/recent?ids=${movie.id}&limit=500`);
      assert.equal(capped.body.recent[movie.id].length, 7, 'a large limit is held to 20');
      const junkLimit = await app.agent().get(`/api/reviews/recent?ids=${movie.id}&limit=lots`);
      assert.equal(junkLimit.body.recent[movie.id].length, 5);
    });

    it("lists a movie's reviews in the read shape, newest first", async () => {
      const db = app.database.db;
      const movie = await addMovie(db);
      const first = await createUser(app, `reader_${kind}_1`);
      const second = await createUser(app, `reader_${kind}_2`);
      await addReview(db, { user_id: first.id, movie_id: movie.id, stars: 4, created_at: '2024-02-01T00:00:00.000Z', updated_at: '2024-02-01T00:00:00.000Z' });
      await second.agent.post('/api/review', {
        movie_id: movie.id,
        stars: 8,
        ttm_rating: 'A',
        pain_level: 2,
        smoke_alarms: false,
        equipment_seen: true,
        estimated_budget: '10000000-up',
        text: 'Gloriously bad.',
        spoiler: false,
        comment_count: 0,
        reactions: { counts: {}, mine: [] },
      });

      const reply = await app.agent().get(`/api/movies/${movie.id}/reviews?limit=20`);
      assert.equal(reply.status, 200);
      assert.equal(reply.body.success, true);
      const [newest, oldest] = reply.body.reviews;
      assert.equal(reply.body.reviews.length, 2);
      assert.equal(typeof newest.id, 'number');
      assert.ok(newest.created_at > '2024-02-01');
      assert.deepEqual({ ...newest, id: 0, created_at: '' }, {
        id: 0,
        user: { username: `reader_${kind}_2`, profile_picture: null },
        created_at: '',
        ttm_rating: 'A',
        stars: 8,
        acting: 8,
        trash_rating: 6,
        smoke_alerms: false,
        how_painful: 2,
        movie_equipment_seen: true,
        estitamated_budget: '10000000-up',
        text: 'Gloriously bad.',
        spoiler: false,
        mentions: [],
        comment_count: 0,
        reactions: { counts: {}, mine: [] },
      });
      assert.equal(oldest.user.username, `reader_${kind}_1`);
      assert.equal(oldest.trash_rating, null);
      assert.equal(oldest.smoke_alerms, null);

      const limited = await app.agent().get(`/api/movies/${movie.id}/reviews?limit=1`);
      assert.deepEqual(limited.body.reviews.map((review: any) => review.user.username), [`reader_${kind}_2`]);

      const missing = await app.agent().get('/api/movies/999999/reviews');
      assert.equal(missing.status, 404);
      assert.deepEqual(missing.body, { success: false, error: 'Movie not found.', code: 'not_found' });
      const junk = await app.agent().get('/api/movies/abc/reviews');
      assert.equal(junk.status, 400);
      assert.deepEqual(junk.body, { success: false, error: 'The movie id is not valid.', code: 'invalid_input' });
    });
  });
}
