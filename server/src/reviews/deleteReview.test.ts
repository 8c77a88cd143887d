import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { MOVIE_EVENTS, NOTIFICATION_EVENTS, type MovieSocialEvent } from '@movieclub/contract';
import type { Socket } from 'socket.io-client';
import { HIGH_LIMITS, postComment, socialRows } from '../comments/testing';
import type { ApiAgent } from '../testing/client';
import { addMovie, createUser } from '../testing/factories';
import { startTestApp, TEST_DATABASES, type TestApp } from '../testing/testApp';
import { connectSocket, nextEvent } from '../watchlists/socketClient';

for (const kind of TEST_DATABASES) {
  describe(`deleting a review (${kind})`, () => {
    let app: TestApp;
    const sockets: Socket[] = [];

    before(async () => {
      app = await startTestApp(kind, { config: { ...HIGH_LIMITS, adminUsernames: ['dr_admin'] } });
    });
    after(async () => {
      for (const socket of sockets) socket.disconnect();
      await app.close();
    });

    const review = async (agent: ApiAgent, movieId: number, body: Record<string, unknown>) => {
      assert.equal((await agent.post('/api/review', { movie_id: movieId, ...body })).status, 200);
      return (await agent.get(`/api/movies/${movieId}/reviews/mine`)).body.review as { id: number };
    };
    const notificationKinds = async (agent: ApiAgent) => {
      const reply = await agent.get('/api/notifications');
      return { kinds: (reply.body.notifications as { kind: string }[]).map((notification) => notification.kind).sort(), unread: reply.body.unread as number };
    };

    const kindsOnceThere = async (agent: ApiAgent, count: number) => {
      for (let tries = 0; (await notificationKinds(agent)).kinds.length < count && tries < 100; tries += 1) await new Promise((resolve) => setTimeout(resolve, 20));
      return (await notificationKinds(agent)).kinds;
    };

    it('takes the review, its comments, reactions and news away for everyone, and keeps the viewing in the diary', async () => {
      const author = await createUser(app, 'dr_author');
      const ann = await createUser(app, 'dr_ann');
      const bob = await createUser(app, 'dr_bob');
      const movie = await addMovie(app.database.db, { title: 'Tenet' });
      const mine = await review(author.agent, movie.id, { stars: 3, text: 'Loud. @dr_bob agrees.' });
      await review(ann.agent, movie.id, { stars: 9 });
      const commentId = await postComment(ann.agent, mine.id, { text: 'Turn the sound down, @dr_bob.' });
      assert.equal((await bob.agent.put(`/api/reviews/${mine.id}/reactions/heart`)).status, 200);
      assert.equal((await author.agent.put(`/api/comments/${commentId}/reactions/laugh`)).status, 200);
      // The news arrives in the background.
      assert.deepEqual(await kindsOnceThere(author.agent, 2), ['comment', 'reaction']);
      assert.deepEqual(await kindsOnceThere(bob.agent, 2), ['mention', 'mention']);
      assert.deepEqual(await kindsOnceThere(ann.agent, 1), ['reaction']);
      assert.deepEqual((await app.agent().get(`/api/review/averages?ids=${movie.id}`)).body.averages[String(movie.id)], { avg: 6, count: 2 });

      // The movie's page and the author's other tab hear of it.
      const page = connectSocket(app.url);
      sockets.push(page);
      await nextEvent(page, 'connect');
      const init = nextEvent(page, MOVIE_EVENTS.init);
      page.emit(MOVIE_EVENTS.subscribe, { movie_id: movie.id });
      await init;
      const bobsBell = connectSocket(app.url, bob.agent.cookieHeader);
      sockets.push(bobsBell);
      await nextEvent(bobsBell, 'connect');
      const pageHears = nextEvent<MovieSocialEvent>(page, MOVIE_EVENTS.social);
      const bobHears = nextEvent<{ unread: number }>(bobsBell, NOTIFICATION_EVENTS.changed);

      const deleted = await author.agent.delete(`/api/reviews/${mine.id}`);
      assert.equal(deleted.status, 200, JSON.stringify(deleted.body));
      assert.deepEqual(deleted.body, { success: true });
      assert.deepEqual(await pageHears, { movie_id: movie.id, review_id: null, what: 'reviews' });
      assert.equal((await bobHears).unread, 0);

      const reviews = (await app.agent().get(`/api/movies/${movie.id}/reviews`)).body.reviews as { user: { username: string } }[];
      assert.deepEqual(reviews.map((shown) => shown.user.username), ['dr_ann']);
      assert.equal((await author.agent.get(`/api/movies/${movie.id}/reviews/mine`)).body.review, null);
      assert.deepEqual((await app.agent().get(`/api/review/averages?ids=${movie.id}`)).body.averages[String(movie.id)], { avg: 9, count: 1 });
      assert.equal((await app.agent().get(`/api/reviews/${mine.id}/comments`)).status, 404);
      assert.equal((await ann.agent.put(`/api/comments/${commentId}/reactions/heart`)).status, 404);
      assert.deepEqual(await notificationKinds(author.agent), { kinds: [], unread: 0 });
      assert.deepEqual(await notificationKinds(bob.agent), { kinds: [], unread: 0 });
      assert.deepEqual(await notificationKinds(ann.agent), { kinds: [], unread: 0 });
      const rows = await socialRows(app);
      assert.equal(rows.comments.length, 0);
      assert.equal(rows.reactions.length, 0);

      // The feed tells of the viewing the rating logged, no longer of the review.
      const feed = (await app.agent().get('/api/feed')).body.events as { kind: string; actor: { username: string } | null; movie: { id: number } | null; review: unknown }[];
      const authors = feed.filter((event) => event.actor?.username === 'dr_author' && event.movie?.id === movie.id);
      assert.deepEqual(authors.map((event) => [event.kind, event.review]), [['viewing', null]]);
      const diary = (await app.agent().get('/api/users/dr_author/diary')).body.viewings as { movie: { id: number }; stars: number | null }[];
      assert.deepEqual(diary.map((entry) => [entry.movie.id, entry.stars]), [[movie.id, null]]);

      // Rating again starts a new review.
      const again = await review(author.agent, movie.id, { stars: 5 });
      assert.notEqual(again.id, mine.id);
      assert.deepEqual((await app.agent().get(`/api/review/averages?ids=${movie.id}`)).body.averages[String(movie.id)], { avg: 7, count: 2 });
    });

    it("lets a site admin delete anyone's review, and nobody else but its author", async () => {
      const author = await createUser(app, 'dr_writer');
      const stranger = await createUser(app, 'dr_stranger');
      const admin = await createUser(app, 'dr_admin');
      const movie = await addMovie(app.database.db);
      const written = await review(author.agent, movie.id, { stars: 8, text: 'Good.' });
      const commentId = await postComment(stranger.agent, written.id, { text: 'Agreed.' });
      const before = await socialRows(app);

      const anonymous = await app.agent().delete(`/api/reviews/${written.id}`);
      assert.deepEqual([anonymous.status, anonymous.body.error], [401, 'You must be signed in to delete a review.']);
      const refused = await stranger.agent.delete(`/api/reviews/${written.id}`);
      assert.deepEqual([refused.status, refused.body.error], [403, 'You cannot delete this review.']);
      assert.deepEqual(await socialRows(app), before, 'a refused call changes nothing');

      assert.equal((await admin.agent.delete(`/api/reviews/${written.id}`)).status, 200);
      assert.equal((await app.agent().get(`/api/movies/${movie.id}/reviews`)).body.reviews.length, 0);
      assert.equal((await stranger.agent.delete(`/api/comments/${commentId}`)).status, 404, 'the comment went with it');
      const again = await author.agent.delete(`/api/reviews/${written.id}`);
      assert.deepEqual([again.status, again.body.error], [404, 'Review not found.']);
    });

    it('answers an id that is not one with a sentence', async () => {
      const member = await createUser(app, 'dr_member');
      for (const bad of ['abc', '0', '-3', '1.5', '99999999999999999999']) {
        const reply = await member.agent.delete(`/api/reviews/${bad}`);
        assert.deepEqual([reply.status, reply.body.error], [400, 'The review id is not valid.'], bad);
      }
    });
  });
}
