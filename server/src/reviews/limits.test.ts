import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { addMovie, addReview } from '../testing/factories';
import { startTestApp, TEST_DATABASES, type TestApp } from '../testing/testApp';

const MOVIE_REVIEWS_CAP = 100;
const RECENT_REVIEWERS_CAP = 20;

/** The caps of the review lists, tested with more reviews than each cap. */
for (const kind of TEST_DATABASES) {
  describe(`review list limits (${kind})`, () => {
    let app: TestApp;
    let movieId: number;
    let otherMovieId: number;
    /** Usernames in review order: the last one wrote the newest review. */
    const reviewers: string[] = [];

    before(async () => {
      app = await startTestApp(kind);
      const db = app.database.db;
      movieId = (await addMovie(db)).id;
      otherMovieId = (await addMovie(db)).id;
      const now = new Date().toISOString();
      // Written straight to the database: hashing 110 passwords through the API would be slow.
      const users = await db
        .insertInto('users')
        .values(Array.from({ length: MOVIE_REVIEWS_CAP + 10 }, (_, index) => ({ username: `crowd${index}`, username_lower: `crowd${index}`, password_hash: 'unused', created_at: now })))
        .returning(['id', 'username'])
        .execute();
      const start = Date.now() - 1_000_000;
      for (const [index, user] of users.entries()) {
        const at = new Date(start + index * 1000).toISOString();
        await addReview(db, { user_id: user.id, movie_id: movieId, stars: 5, created_at: at, updated_at: at });
        reviewers.push(user.username);
      }
      for (const user of users.slice(0, 3)) await addReview(db, { user_id: user.id, movie_id: otherMovieId, stars: 6 });
    });
    after(() => app?.close());

    const movieReviews = async (query: string) => {
      const reply = await app.agent().get(`/api/movies/${movieId}/reviews${query}`);
      assert.equal(reply.status, 200);
      return (reply.body.reviews as { user: { username: string } }[]).map((review) => review.user.username);
    };

    it(`answers at most ${MOVIE_REVIEWS_CAP} reviews of a movie, newest first, however many are asked for`, async () => {
      const newest = [...reviewers].reverse();
      assert.deepEqual(await movieReviews('?limit=1000'), newest.slice(0, MOVIE_REVIEWS_CAP));
      assert.deepEqual(await movieReviews(`?limit=${MOVIE_REVIEWS_CAP + 1}`), newest.slice(0, MOVIE_REVIEWS_CAP));
      assert.deepEqual(await movieReviews('?limit=37'), newest.slice(0, 37));
      assert.deepEqual(await movieReviews(''), newest.slice(0, 20), 'the default is 20');
      assert.deepEqual(await movieReviews('?limit=abc'), newest.slice(0, 20), 'junk means the default');
      assert.deepEqual(await movieReviews('?limit=0'), newest.slice(0, 1), 'at least one');
    });

    const recent = async (query: string) => {
      const reply = await app.agent().get(`/api/reviews/recent?ids=${movieId},${otherMovieId}${query}`);
      assert.equal(reply.status, 200);
      return reply.body.recent as Record<string, { username: string }[]>;
    };

    it(`answers at most ${RECENT_REVIEWERS_CAP} recent reviewers per movie, newest first`, async () => {
      const newest = [...reviewers].reverse();
      const capped = await recent('&limit=500');
      assert.deepEqual(capped[movieId].map((user) => user.username), newest.slice(0, RECENT_REVIEWERS_CAP));
      assert.equal(capped[otherMovieId].length, 3, 'each movie has its own cap');
      const justOver = await recent(`&limit=${RECENT_REVIEWERS_CAP + 1}`);
      assert.equal(justOver[movieId].length, RECENT_REVIEWERS_CAP);
      assert.equal((await recent(''))[movieId].length, 5, 'the default is 5');
      assert.equal((await recent('&limit=many'))[movieId].length, 5, 'junk means the default');
      assert.equal((await recent('&limit=12'))[movieId].length, 12);
      assert.equal((await recent('&limit=0'))[movieId].length, 1, 'at least one');
    });
  });
}
