import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import sharp from 'sharp';
import { addMovie, createUser, type SignedInUser } from '../testing/factories';
import { startTestApp, TEST_DATABASES, type TestApp } from '../testing/testApp';
import { reviewVersionsOf } from './movieVersions';

const pictureForm = async () => {
  const body = new FormData();
  const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#246' } }).png().toBuffer();
  body.append('picture', new Blob([png], { type: 'image/png' }), 'me.png');
  return body;
};

for (const kind of TEST_DATABASES) {
  describe(`answers kept per movie until its reviews change (${kind})`, () => {
    let app: TestApp;
    let ann: SignedInUser;
    let bob: SignedInUser;
    let first: number;
    let second: number;
    before(async () => {
      app = await startTestApp(kind);
      ann = await createUser(app, `kept_ann_${kind}`);
      bob = await createUser(app, `kept_bob_${kind}`);
      first = (await addMovie(app.database.db, { title: 'Kept First' })).id;
      second = (await addMovie(app.database.db, { title: 'Kept Second' })).id;
    });
    after(() => app.close());

    const db = () => app.database.db;
    const versions = () => reviewVersionsOf(db(), [first, second]).then((token) => token.split('.'));
    const averages = async () => (await app.agent().get(`/api/review/averages?ids=${first},${second}`)).body.averages;
    const recent = async () => (await app.agent().get(`/api/reviews/recent?ids=${first},${second}`)).body.recent;
    const reviewsOfFirst = async () => (await app.agent().get(`/api/movies/${first}/reviews`)).body.reviews;

    it("counts a movie's version at every change to its reviews, whoever makes it, and leaves the others' alone", async () => {
      const [firstAtStart, secondAtStart] = await versions();
      assert.equal((await ann.agent.post('/api/review', { movie_id: first, stars: 8 })).status, 200);
      const [afterSave, secondAfterSave] = await versions();
      assert.notEqual(afterSave, firstAtStart, 'a review saved through the app');
      assert.equal(secondAfterSave, secondAtStart, "another movie's version stays");

      await db().updateTable('reviews').set({ stars: 3 }).where('movie_id', '=', first).execute();
      const [afterHandFix] = await versions();
      assert.notEqual(afterHandFix, afterSave, 'a hand-made change in the database');

      await db().deleteFrom('users').where('id', '=', ann.id).execute();
      const [afterRemoval, secondAfterRemoval] = await versions();
      assert.notEqual(afterRemoval, afterHandFix, "a member's removal, which takes their reviews");
      assert.equal(secondAfterRemoval, secondAtStart);
    });

    it("answers a movie's average, recent reviewers and reviews as they are after any change to them", async () => {
      await bob.agent.post('/api/review', { movie_id: first, stars: 6, text: 'Bob on the first' });
      await bob.agent.post('/api/review', { movie_id: second, stars: 4 });
      assert.deepEqual(await averages(), { [first]: { avg: 6, count: 1 }, [second]: { avg: 4, count: 1 } });
      assert.deepEqual((await reviewsOfFirst()).map((review: { stars: number }) => review.stars), [6]);

      // Written behind the app's back: only the database's own count can tell the kept answers are old.
      await db().updateTable('reviews').set({ stars: 9 }).where('movie_id', '=', first).execute();
      assert.deepEqual(await averages(), { [first]: { avg: 9, count: 1 }, [second]: { avg: 4, count: 1 } });
      assert.deepEqual((await reviewsOfFirst()).map((review: { stars: number }) => review.stars), [9]);

      const picture = await bob.agent.post('/api/users/me/picture', await pictureForm());
      assert.equal(picture.status, 200, JSON.stringify(picture.body));
      const shown = picture.body.profile_picture as string;
      assert.deepEqual((await recent())[first], [{ username: bob.username, profile_picture: shown }]);
      assert.equal((await reviewsOfFirst())[0].user.profile_picture, shown);

      await db().deleteFrom('reviews').where('movie_id', '=', second).execute();
      assert.deepEqual(await averages(), { [first]: { avg: 9, count: 1 } });
      assert.deepEqual((await recent())[second], []);
    });

    it("shows each movie's average in the catalogue as its reviews are, whichever review made the catalogue new", async () => {
      const carol = await createUser(app, `kept_carol_${kind}`);
      const third = (await addMovie(db(), { title: 'Kept Third' })).id;
      const fourth = (await addMovie(db(), { title: 'Kept Fourth' })).id;
      const shown = async () => {
        const movies: { id: number; avg_user_rating: number | null; user_rating_count: number }[] = (await app.agent().get('/api/movies')).body.movies;
        return [third, fourth].map((id) => movies.find((movie) => movie.id === id)).map((movie) => [movie?.avg_user_rating, movie?.user_rating_count]);
      };
      await carol.agent.post('/api/review', { movie_id: third, stars: 8 });
      await carol.agent.post('/api/review', { movie_id: fourth, stars: 2 });
      assert.deepEqual(await shown(), [[8, 1], [2, 1]]);
      await bob.agent.post('/api/review', { movie_id: third, stars: 4 });
      assert.deepEqual(await shown(), [[6, 2], [2, 1]], 'the movie reviewed');

      // Changed by hand, then a review of another movie makes a new catalogue: the hand-made change shows too.
      await db().updateTable('reviews').set({ stars: 10 }).where('movie_id', '=', fourth).execute();
      await carol.agent.post('/api/review', { movie_id: third, stars: 6 });
      assert.deepEqual(await shown(), [[5, 2], [10, 1]]);

      await db().deleteFrom('reviews').where('movie_id', '=', third).execute();
      await carol.agent.post('/api/review', { movie_id: first, stars: 5 });
      assert.deepEqual(await shown(), [[null, 0], [10, 1]], 'a movie whose reviews are gone has none');
    });
  });
}
