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
  });
}
