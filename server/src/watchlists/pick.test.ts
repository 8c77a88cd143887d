import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { addMovie, addReview, createUser, type SignedInUser } from '../testing/factories';
import { startTestApp, TEST_DATABASES, type TestApp } from '../testing/testApp';

/** The pick skips the picker's own reviews only: another member's review leaves a movie pickable. */
for (const kind of TEST_DATABASES) {
  describe(`picking ignores only the picker's reviews (${kind})`, () => {
    let app: TestApp;
    let owner: SignedInUser;
    let moderator: SignedInUser;

    before(async () => {
      app = await startTestApp(kind);
      owner = await createUser(app, 'pick_owner');
      moderator = await createUser(app, 'pick_moderator');
    });
    after(() => app?.close());

    async function listOf(movieIds: number[]) {
      const listId = (await owner.agent.post('/api/watchlists/public', { name: 'Pick night' })).body.watchlist.id as number;
      for (const id of movieIds) await owner.agent.post(`/api/watchlists/${listId}/items`, { movie_id: id });
      const promoted = await owner.agent.post('/api/add_moderator', { username: moderator.username, watchlist_id: listId });
      assert.equal(promoted.status, 200);
      return listId;
    }

    it('picks a movie another member reviewed, never one the picker reviewed', async () => {
      const reviewedByOther = await addMovie(app.database.db, { title: 'Seen by the moderator' });
      const reviewedByPicker = await addMovie(app.database.db, { title: 'Seen by the owner' });
      await addReview(app.database.db, { user_id: moderator.id, movie_id: reviewedByOther.id, stars: 7 });
      await addReview(app.database.db, { user_id: owner.id, movie_id: reviewedByPicker.id, stars: 3 });
      const listId = await listOf([reviewedByOther.id, reviewedByPicker.id]);

      for (let attempt = 0; attempt < 8; attempt++) {
        const reply = await owner.agent.post(`/api/watchlists/${listId}/pick`);
        assert.equal(reply.status, 200, JSON.stringify(reply.body));
        assert.equal(reply.body.picked_movie.id, reviewedByOther.id);
      }
      // The moderator's picks mirror it: their own review excludes, the owner's does not.
      for (let attempt = 0; attempt < 8; attempt++) {
        const reply = await moderator.agent.post(`/api/watchlists/${listId}/pick`);
        assert.equal(reply.status, 200, JSON.stringify(reply.body));
        assert.equal(reply.body.picked_movie.id, reviewedByPicker.id);
      }
    });

    it('keeps the later of two picks that land at once, and answers with it', async () => {
      const mine = await addMovie(app.database.db, { title: 'Picked a moment earlier' });
      const theirs = await addMovie(app.database.db, { title: 'Picked a moment later' });
      const listId = await listOf([mine.id]);
      // Another editor's pick, made a moment after this one (on another process), was stored first.
      const later = new Date(Date.now() + 60_000).toISOString();
      await app.database.db.updateTable('watchlists').set({ picked_movie_id: theirs.id, picked_at: later, picked_by: moderator.id }).where('id', '=', listId).execute();
      const reply = await owner.agent.post(`/api/watchlists/${listId}/pick`);
      assert.equal(reply.status, 200, JSON.stringify(reply.body));
      assert.deepEqual([reply.body.picked_movie.id, reply.body.picked_at], [theirs.id, later], 'the answer is the pick that stands');
      const stored = (await owner.agent.get(`/api/watchlists/${listId}`)).body.watchlist;
      assert.deepEqual([stored.picked_movie.id, stored.picked_at], [theirs.id, later]);
    });

    it("answers no unreviewed movies only from the picker's reviews", async () => {
      const movie = await addMovie(app.database.db, { title: 'Seen by the owner only' });
      await addReview(app.database.db, { user_id: owner.id, movie_id: movie.id, stars: 5 });
      const listId = await listOf([movie.id]);
      const refused = await owner.agent.post(`/api/watchlists/${listId}/pick`);
      assert.equal(refused.status, 409);
      assert.deepEqual(refused.body, { success: false, error: 'No unreviewed movies available.', code: 'no_unreviewed_movies' });
      const picked = await moderator.agent.post(`/api/watchlists/${listId}/pick`);
      assert.equal(picked.status, 200);
      assert.equal(picked.body.picked_movie.id, movie.id);
    });
  });
}
