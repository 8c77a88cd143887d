import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { MOVIE_EVENTS, type MovieErrorEvent, type MovieSocialEvent } from '@movieclub/contract';
import type { Socket } from 'socket.io-client';
import { HIGH_LIMITS, postComment } from '../comments/testing';
import { addMovie, addReview, createUser } from '../testing/factories';
import { startTestApp, TEST_DATABASES, type TestApp } from '../testing/testApp';
import { arrives, connectSocket, nextEvent } from '../watchlists/socketClient';

for (const kind of TEST_DATABASES) {
  describe(`a movie's page hears of its reviews, comments and reactions live (${kind})`, () => {
    let app: TestApp;
    const sockets: Socket[] = [];

    before(async () => {
      app = await startTestApp(kind, { config: HIGH_LIMITS });
    });
    after(async () => {
      for (const socket of sockets) socket.disconnect();
      await app.close();
    });

    /** A visitor's socket (no sign-in: the page is public) listening to one movie. */
    const listener = async (movieId: number) => {
      const socket = connectSocket(app.url);
      sockets.push(socket);
      await nextEvent(socket, 'connect');
      const init = nextEvent(socket, MOVIE_EVENTS.init);
      socket.emit(MOVIE_EVENTS.subscribe, { movie_id: movieId });
      assert.deepEqual(await init, { movie_id: movieId });
      return socket;
    };

    it('tells everyone on the page, visitors too, and nobody on another movie’s page', async () => {
      const author = await createUser(app, 'live_author');
      const ann = await createUser(app, 'live_ann');
      const movie = await addMovie(app.database.db, { title: 'Alien' });
      const other = await addMovie(app.database.db, { title: 'Heat' });
      const review = await addReview(app.database.db, { user_id: author.id, movie_id: movie.id, stars: 7 });
      const page = await listener(movie.id);
      const elsewhere = await listener(other.id);
      let elsewhereHeard = false;
      elsewhere.on(MOVIE_EVENTS.social, () => (elsewhereHeard = true));

      const heard = () => nextEvent<MovieSocialEvent>(page, MOVIE_EVENTS.social);
      let next = heard();
      const commentId = await postComment(ann.agent, review.id, { text: 'First!' });
      assert.deepEqual(await next, { movie_id: movie.id, review_id: review.id, what: 'comments' });

      next = heard();
      assert.equal((await author.agent.request('PATCH', `/api/comments/${commentId}`, { text: 'First, edited.' })).status, 403, 'only its author changes it');
      assert.equal((await ann.agent.request('PATCH', `/api/comments/${commentId}`, { text: 'First, edited.' })).status, 200);
      assert.deepEqual(await next, { movie_id: movie.id, review_id: review.id, what: 'comments' });

      next = heard();
      assert.equal((await author.agent.put(`/api/comments/${commentId}/reactions/heart`)).status, 200);
      assert.deepEqual(await next, { movie_id: movie.id, review_id: review.id, what: 'reactions' });
      next = heard();
      assert.equal((await ann.agent.delete(`/api/reviews/${review.id}/reactions/heart`)).status, 200, 'taking back what was never left answers 200');
      assert.deepEqual(await next, { movie_id: movie.id, review_id: review.id, what: 'reactions' });

      next = heard();
      assert.equal((await author.agent.delete(`/api/comments/${commentId}`)).status, 200);
      assert.deepEqual(await next, { movie_id: movie.id, review_id: review.id, what: 'comments' });

      next = heard();
      assert.equal((await ann.agent.post('/api/review', { movie_id: movie.id, stars: 9 })).status, 200);
      assert.deepEqual(await next, { movie_id: movie.id, review_id: null, what: 'reviews' });

      assert.equal(elsewhereHeard, false);
      // Unsubscribed, the page hears nothing more.
      page.emit(MOVIE_EVENTS.unsubscribe, { movie_id: movie.id });
      await new Promise((resolve) => setTimeout(resolve, 100));
      const late = arrives(page, MOVIE_EVENTS.social, 400);
      await postComment(ann.agent, review.id, { text: 'Anyone?' });
      assert.equal(await late, false);
    });

    it('refuses a subscription to a movie that is not there, or not named, and tells of nothing refused', async () => {
      const socket = connectSocket(app.url);
      sockets.push(socket);
      await nextEvent(socket, 'connect');
      for (const [payload, message] of [
        [{ movie_id: 987654 }, 'Movie not found.'],
        [{ movie_id: 'x' }, 'The movie id is not valid.'],
        [null, 'The movie id is not valid.'],
        [{ movie_id: -3 }, 'The movie id is not valid.'],
      ] as const) {
        const refused = nextEvent<MovieErrorEvent>(socket, MOVIE_EVENTS.error);
        socket.emit(MOVIE_EVENTS.subscribe, payload);
        assert.deepEqual(await refused, { message }, JSON.stringify(payload));
      }
    });
  });
}
