import { defaultErrorCode } from '@movieclub/contract';
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { addMovie, addReview, createUser } from '../testing/factories';
import { startTestApp, TEST_DATABASES, type TestApp } from '../testing/testApp';

/** The movie page's calls: the full review form, the reviews list in its read shape, the movie's average. */
for (const kind of TEST_DATABASES) {
  describe(`movie page reviews (${kind})`, () => {
    let app: TestApp;
    before(async () => {
      app = await startTestApp(kind);
    });
    after(() => app.close());

    const fullForm = (movieId: number) => ({
      movie_id: movieId,
      stars: 8,
      ttm_rating: 'A',
      pain_level: 7,
      smoke_alarms: true,
      equipment_seen: false,
      estimated_budget: '1000-10000',
      text: 'Groovy. <script>alert(1)</script>',
    });
    const rowsFor = (movieId: number) =>
      app.database.db.selectFrom('reviews').selectAll().where('movie_id', '=', movieId).orderBy('id').execute();

    it('round-trips the full review form into the read shape, with its exact field names, and updates the average', async () => {
      const reviewer = await createUser(app, `Ash_${kind}`);
      const movie = await addMovie(app.database.db);
      const posted = await reviewer.agent.post('/api/review', fullForm(movie.id));
      assert.equal(posted.status, 200);
      assert.deepEqual(posted.body, { success: true });

      const list = await app.agent().get(`/api/movies/${movie.id}/reviews?limit=20`);
      assert.equal(list.status, 200);
      assert.equal(list.body.success, true);
      assert.equal(list.body.reviews.length, 1);
      const [review] = list.body.reviews;
      assert.deepEqual(Object.keys(review).sort(), [
        'acting',
        'comment_count',
        'created_at',
        'estitamated_budget',
        'how_painful',
        'id',
        'mentions',
        'movie_equipment_seen',
        'reactions',
        'smoke_alerms',
        'spoiler',
        'stars',
        'text',
        'trash_rating',
        'ttm_rating',
        'user',
      ]);
      assert.equal(typeof review.id, 'number');
      assert.ok(!Number.isNaN(Date.parse(review.created_at)));
      const { id: _id, created_at: _created, ...rest } = review;
      assert.deepEqual(rest, {
        user: { username: `Ash_${kind}`, profile_picture: null },
        ttm_rating: 'A',
        stars: 8,
        acting: 8,
        trash_rating: 6,
        smoke_alerms: true,
        how_painful: 7,
        movie_equipment_seen: false,
        estitamated_budget: '1000-10000',
        text: 'Groovy. <script>alert(1)</script>',
        spoiler: false,
        mentions: [],
        comment_count: 0,
        reactions: { counts: {}, mine: [] },
      });

      const detail = await app.agent().get(`/api/movies/${movie.id}`);
      assert.equal(detail.status, 200);
      assert.equal(detail.body.movie.avg_user_rating, 8);
      assert.equal(detail.body.movie.user_rating_count, 1);
    });

    it('updates the one review when the form is sent again, empties clearing their fields', async () => {
      const reviewer = await createUser(app, `Cheryl_${kind}`);
      const movie = await addMovie(app.database.db);
      await reviewer.agent.post('/api/review', fullForm(movie.id));
      const again = await reviewer.agent.post('/api/review', {
        movie_id: movie.id,
        stars: 3,
        ttm_rating: null,
        pain_level: null,
        smoke_alarms: null,
        equipment_seen: true,
        estimated_budget: null,
        text: null,
      });
      assert.equal(again.status, 200);
      const rows = await rowsFor(movie.id);
      assert.equal(rows.length, 1, 'still one row');
      const list = await app.agent().get(`/api/movies/${movie.id}/reviews`);
      assert.equal(list.body.reviews.length, 1);
      const [review] = list.body.reviews;
      assert.equal(review.stars, 3);
      assert.equal(review.ttm_rating, null);
      assert.equal(review.trash_rating, null);
      assert.equal(review.how_painful, null);
      assert.equal(review.smoke_alerms, null);
      assert.equal(review.movie_equipment_seen, true);
      assert.equal(review.estitamated_budget, null);
      assert.equal(review.text, null);
      assert.equal((await app.agent().get(`/api/movies/${movie.id}`)).body.movie.avg_user_rating, 3);
    });

    it('refuses bad review fields with a sentence and writes nothing', async () => {
      const reviewer = await createUser(app);
      const movie = await addMovie(app.database.db);
      await reviewer.agent.post('/api/review', fullForm(movie.id));
      const before = await rowsFor(movie.id);
      const form = fullForm(movie.id);
      const cases: Array<[Record<string, unknown>, number, string]> = [
        [{ ...form, pain_level: 0 }, 400, 'Pain level must be a whole number from 1 to 10.'],
        [{ ...form, pain_level: 11 }, 400, 'Pain level must be a whole number from 1 to 10.'],
        [{ ...form, ttm_rating: 'E' }, 400, 'TTM rating must be one of F, D, C, B, A or S.'],
        [{ ...form, estimated_budget: '10-20' }, 400, 'Estimated budget must be one of the listed bands.'],
        [{ ...form, text: 'x'.repeat(20_000) }, 400, 'Text review must be at most 10,000 characters.'],
        [{ ...form, stars: null }, 400, 'Stars must be a whole number from 1 to 10.'],
        [{ ...form, movie_id: 999_999 }, 404, 'That movie is not in the catalogue.'],
      ];
      for (const [body, status, error] of cases) {
        const reply = await reviewer.agent.post('/api/review', body);
        assert.equal(reply.status, status, JSON.stringify(body).slice(0, 100));
        assert.deepEqual(reply.body, { success: false, error, code: defaultErrorCode(status) });
      }
      assert.deepEqual(await rowsFor(movie.id), before, 'the stored review is untouched');
      const anonymous = await app.agent().post('/api/review', form);
      assert.equal(anonymous.status, 401);
      assert.deepEqual(await rowsFor(movie.id), before);
    });

    it('answers the page for unknown and non-numeric movie ids with sentences', async () => {
      const unknown = await app.agent().get('/api/movies/999999');
      assert.equal(unknown.status, 404);
      assert.deepEqual(unknown.body, { success: false, error: 'Movie not found.', code: 'not_found' });
      const word = await app.agent().get('/api/movies/abc');
      assert.equal(word.status, 400);
      assert.deepEqual(word.body, { success: false, error: 'Movie id must be a number.', code: 'invalid_input' });
      assert.equal((await app.agent().get('/api/movies/999999/reviews?limit=20')).status, 404);
    });

    it("answers the signed-in user's own review of a movie for the form, and null when they have none", async () => {
      const reviewer = await createUser(app, `Linda_${kind}`);
      const other = await createUser(app, `Shelly_${kind}`);
      const movie = await addMovie(app.database.db);
      await reviewer.agent.post('/api/review', fullForm(movie.id));
      await other.agent.post('/api/review', { movie_id: movie.id, stars: 2, ttm_rating: 'F', text: 'Not for me.' });

      const mine = await reviewer.agent.get(`/api/movies/${movie.id}/reviews/mine`);
      assert.equal(mine.status, 200);
      assert.equal(mine.body.success, true);
      const { id: _id, created_at: _created, ...review } = mine.body.review;
      assert.deepEqual(review, {
        user: { username: `Linda_${kind}`, profile_picture: null },
        ttm_rating: 'A',
        stars: 8,
        acting: 8,
        trash_rating: 6,
        smoke_alerms: true,
        how_painful: 7,
        movie_equipment_seen: false,
        estitamated_budget: '1000-10000',
        text: 'Groovy. <script>alert(1)</script>',
        spoiler: false,
        mentions: [],
        comment_count: 0,
        reactions: { counts: {}, mine: [] },
      });

      const newcomer = await createUser(app);
      assert.deepEqual((await newcomer.agent.get(`/api/movies/${movie.id}/reviews/mine`)).body, { success: true, review: null });
    });

    it('refuses the own-review call to visitors and for bad or unknown movie ids, with sentences', async () => {
      const reviewer = await createUser(app);
      const movie = await addMovie(app.database.db);
      await reviewer.agent.post('/api/review', fullForm(movie.id));
      const anonymous = await app.agent().get(`/api/movies/${movie.id}/reviews/mine`);
      assert.equal(anonymous.status, 401);
      assert.deepEqual(anonymous.body, { success: false, error: 'You must be signed in to see your review.', code: 'not_signed_in' });
      for (const bad of ['abc', '0', '-1', '1.5', '9'.repeat(16)]) {
        const reply = await reviewer.agent.get(`/api/movies/${bad}/reviews/mine`);
        assert.equal(reply.status, 400, bad);
        assert.deepEqual(reply.body, { success: false, error: 'The movie id is not valid.', code: 'invalid_input' }, bad);
      }
      const unknown = await reviewer.agent.get('/api/movies/999999/reviews/mine');
      assert.equal(unknown.status, 404);
      assert.deepEqual(unknown.body, { success: false, error: 'Movie not found.', code: 'not_found' });
    });

    it('lists at most 20 reviews by default, newest first', async () => {
      const movie = await addMovie(app.database.db);
      const users = [];
      for (let n = 0; n < 22; n++) users.push(await createUser(app, `crowd_${kind}_${n}`));
      for (const [n, user] of users.entries()) {
        const at = new Date(Date.UTC(2024, 0, 1 + n)).toISOString();
        await addReview(app.database.db, { user_id: user.id, movie_id: movie.id, stars: 5, created_at: at, updated_at: at });
      }
      const list = await app.agent().get(`/api/movies/${movie.id}/reviews`);
      assert.equal(list.body.reviews.length, 20);
      assert.equal(list.body.reviews[0].user.username, `crowd_${kind}_21`);
      assert.equal(list.body.reviews[19].user.username, `crowd_${kind}_2`);
    });
  });
}
