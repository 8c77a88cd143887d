import { defaultErrorCode } from '@movieclub/contract';
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import sharp from 'sharp';
import type { ApiResponse } from '../testing/client';
import { addMovie, createUser, type SignedInUser } from '../testing/factories';
import { startTestApp, TEST_DATABASES, type TestApp } from '../testing/testApp';
import { connectSocket, nextEvent } from '../watchlists/socketClient';

/** One past the largest id a table can hold (PostgreSQL `integer`). */
const TOO_BIG = '2147483648';
const HUGE = '99999999999';

function refused(reply: ApiResponse, status: number, error: string, what: string) {
  assert.deepEqual({ status: reply.status, body: reply.body }, { status, body: { success: false, error, code: defaultErrorCode(status) } }, what);
}

for (const kind of TEST_DATABASES) {
  describe(`bad input is refused with a sentence (${kind})`, () => {
    let app: TestApp;
    let user: SignedInUser;
    let movieId: number;
    let listId: number;
    before(async () => {
      app = await startTestApp(kind);
      user = await createUser(app, 'bad_input');
      movieId = (await addMovie(app.database.db, { title: 'Plain Film' })).id;
      const created = await user.agent.post('/api/watchlists/public', { name: 'Plain List' });
      listId = created.body.watchlist.id;
      await user.agent.post(`/api/watchlists/${listId}/items`, { movie_id: movieId });
    });
    after(() => app.close());

    it('refuses ids beyond what a table holds in addresses', async () => {
      const agent = user.agent;
      for (const id of [HUGE, TOO_BIG]) {
        refused(await agent.get(`/api/movies/${id}`), 400, 'Movie id must be a number.', `movie ${id}`);
        refused(await agent.get(`/api/movies/${id}/reviews`), 400, 'The movie id is not valid.', `reviews ${id}`);
        refused(await agent.get(`/api/movies/${id}/reviews/mine`), 400, 'The movie id is not valid.', `my review ${id}`);
        refused(await agent.get(`/api/watchlists/${id}`), 400, 'The watchlist id is not valid.', `list ${id}`);
        refused(await agent.post(`/api/watchlists/${id}/items`, { movie_id: movieId }), 400, 'The watchlist id is not valid.', `add to ${id}`);
        refused(await agent.delete(`/api/watchlists/${listId}/items/${id}`), 400, 'The movie id is not valid.', `remove ${id}`);
        refused(await agent.post(`/api/watchlists/${id}/pick`), 400, 'The watchlist id is not valid.', `pick ${id}`);
        refused(await agent.get(`/api/watchlist/${id}-list/stremio/manifest.json`), 404, 'Watchlist not found.', `manifest ${id}`);
        refused(
          await agent.get(`/api/watchlist/${id}-list/stremio/catalog/movie/movieclub-watchlist-${id}.json`),
          404,
          'Watchlist not found.',
          `catalog ${id}`,
        );
      }
      assert.equal((await agent.get('/api/movies/2147483647')).status, 404, 'the largest id is a well-formed unknown movie');
    });

    it('refuses a live subscription to an id beyond what a table holds', async () => {
      const socket = connectSocket(app.url, user.agent.cookieHeader);
      try {
        for (const watchlist_id of [Number(HUGE), TOO_BIG]) {
          socket.emit('watchlist:subscribe', { watchlist_id });
          assert.deepEqual(await nextEvent(socket, 'watchlist:error'), { message: 'The watchlist id is not valid.' }, String(watchlist_id));
        }
      } finally {
        socket.close();
      }
    });

    it('refuses ids beyond what a table holds in bodies', async () => {
      const agent = user.agent;
      for (const id of [Number(HUGE), Number(TOO_BIG)]) {
        refused(await agent.post('/api/review', { movie_id: id, stars: 5 }), 400, 'The movie id is not valid.', `review ${id}`);
        refused(await agent.post('/api/watchlists/mine/items', { movie_id: id }), 400, 'The movie id is not valid.', `mine ${id}`);
        refused(await agent.post(`/api/watchlists/${listId}/items`, { movie_id: id }), 400, 'The movie id is not valid.', `add ${id}`);
        refused(await agent.put(`/api/watchlists/${listId}/items/order`, { order: [id] }), 400, 'The order must list movie ids.', `order ${id}`);
        refused(
          await agent.post('/api/add_moderator', { username: 'someone', watchlist_id: id }),
          400,
          'The watchlist id is not valid.',
          `moderator ${id}`,
        );
      }
    });

    it('ignores ids beyond what a table holds in id lists', async () => {
      const agent = user.agent;
      await agent.post('/api/review', { movie_id: movieId, stars: 7 });
      const ids = `${movieId},${HUGE},${TOO_BIG}`;
      const expected = { [movieId]: { avg: 7, count: 1 } };
      for (const path of ['/api/review/averages', '/api/reviews/averages']) {
        const fromQuery = await agent.get(`${path}?ids=${ids}`);
        assert.deepEqual([fromQuery.status, fromQuery.body.averages], [200, expected], path);
        const fromBody = await agent.post(path, { ids: [movieId, Number(HUGE), Number(TOO_BIG)] });
        assert.deepEqual([fromBody.status, fromBody.body.averages], [200, expected], `POST ${path}`);
      }
      const recent = await agent.get(`/api/reviews/recent?ids=${ids}`);
      assert.deepEqual([recent.status, Object.keys(recent.body.recent)], [200, [String(movieId)]]);
      const seen = await agent.get(`/api/users/${user.username}/seen?ids=${ids}`);
      assert.deepEqual([seen.status, seen.body.seen], [200, { [movieId]: true }]);
      const ratings = await agent.get(`/api/users/${user.username}/ratings?ids=${ids}`);
      assert.deepEqual([ratings.status, ratings.body.ratings], [200, {}]);
    });

    it('refuses a NUL character in any text and stores nothing', async () => {
      const agent = user.agent;
      const nul = 'a\u0000b';
      const sentence = 'Text must not contain NUL characters.';
      refused(await app.agent().post('/api/login', { username: nul, password: 'whatever123' }), 400, sentence, 'login');
      refused(await app.agent().post('/api/register', { username: nul, password: 'whatever123' }), 400, sentence, 'register');
      refused(await agent.get('/api/imdb/search?q=ab%00cd'), 400, sentence, 'search');
      refused(await agent.get('/api/watchlists/public?q=a%00'), 400, sentence, 'public list search');
      refused(await agent.post('/api/watchlists/public', { name: `Night ${nul}` }), 400, sentence, 'list name');
      refused(await agent.put(`/api/watchlists/${listId}/description`, { description: `<p>${nul}</p>` }), 400, sentence, 'description');
      refused(await agent.post('/api/review', { movie_id: movieId, stars: 4, text: nul }), 400, sentence, 'review text');
      refused(await agent.post('/api/add_moderator', { username: nul, watchlist_id: listId }), 400, sentence, 'moderator');
      refused(await agent.post('/api/remove_moderator', { username: nul, watchlist_id: listId }), 400, sentence, 'moderator');
      refused(await agent.get('/api/users/bad%00input/profile'), 400, sentence, 'profile');
      refused(await agent.get('/api/users/bad%00input/seen?ids=1'), 400, sentence, 'seen');
      refused(await agent.post('/api/reviews/averages', { ids: [movieId], [nul]: 1 }), 400, sentence, 'a field name');

      const list = await agent.get(`/api/watchlists/${listId}`);
      assert.equal(list.body.watchlist.description, '', 'the description is unchanged');
      const mine = await agent.get(`/api/movies/${movieId}/reviews/mine`);
      assert.equal(mine.body.review.text, null, 'the review is unchanged');
    });

    it('refuses half a UTF-16 pair in any text, so what is stored reads back as sent', async () => {
      const agent = user.agent;
      const sentence = 'Text must be valid Unicode.';
      // JSON.stringify writes a lone surrogate as its \u escape, as a client's raw body would.
      refused(await agent.post('/api/watchlists/public', { name: 'Night \ud800 out' }), 400, sentence, 'list name, high half');
      refused(await agent.post('/api/watchlists/public', { name: 'Night \udfff' }), 400, sentence, 'list name, low half');
      refused(await agent.put(`/api/watchlists/${listId}/description`, { description: '<p>\udc00\ud800</p>' }), 400, sentence, 'pair in the wrong order');
      refused(await agent.post('/api/review', { movie_id: movieId, stars: 4, text: 'x\ud83d' }), 400, sentence, 'review text');
      refused(await app.agent().post('/api/register', { username: 'surro', password: 'pass\ud800word' }), 400, sentence, 'password');
      refused(await agent.post('/api/reviews/averages', { ids: [movieId], ['\udbff']: 1 }), 400, sentence, 'a field name');

      const list = await agent.get(`/api/watchlists/${listId}`);
      assert.equal(list.body.watchlist.description, '', 'the description is unchanged');
      const described = await agent.put(`/api/watchlists/${listId}/description`, { description: '<p>Night \ud83c\udf7f out</p>' });
      assert.deepEqual([described.status, described.body.description], [200, '<p>Night 🍿 out</p>'], 'a whole pair (an emoji) is fine');
      await agent.put(`/api/watchlists/${listId}/description`, { description: '' });
    });

    it('answers an over-long address part with its route’s sentence, and over-long headers with the usual body', async () => {
      const long = 'x'.repeat(2000);
      refused(await user.agent.get(`/api/movies/${long}`), 400, 'Movie id must be a number.', 'a long movie id');
      refused(await user.agent.delete(`/api/comments/${long}`), 400, 'The comment id is not valid.', 'a long comment id');
      refused(await user.agent.get(`/api/movies?q=${'a'.repeat(17_000)}`), 431, 'The address or headers are too long.', 'an address over 16 KB');
      const headers = await fetch(`${app.url}/api/movies`, { headers: { 'x-padding': 'a'.repeat(17_000) } });
      assert.deepEqual([headers.status, headers.headers.get('content-type'), await headers.json()], [
        431,
        'application/json; charset=utf-8',
        { success: false, error: 'The address or headers are too long.', code: 'headers_too_large' },
      ]);
    });

    it('refuses a paging offset or limit that is not a small whole number', async () => {
      const offset = 'Offset must be a whole number from 0 to 2,147,483,647.';
      refused(await app.agent().get('/api/watchlists/public?offset=99999999999999999999'), 400, offset, 'huge offset');
      refused(await app.agent().get(`/api/watchlists/public?offset=${TOO_BIG}`), 400, offset, 'offset too big');
      refused(await app.agent().get('/api/watchlists/public?offset=-1'), 400, offset, 'negative offset');
      refused(await app.agent().get('/api/watchlists/public?limit=ten'), 400, 'Limit must be a whole number.', 'junk limit');
      const huge = await app.agent().get('/api/watchlists/public?limit=99999999999999999999&offset=2147483647');
      assert.deepEqual([huge.status, huge.body.watchlists], [200, []], 'a huge limit is held to the largest page');
      const first = await app.agent().get('/api/watchlists/public?limit=1&offset=0');
      assert.deepEqual(first.body.watchlists.map((list: { id: number }) => list.id), [listId]);
    });

    it('refuses a multipart upload without a boundary', async () => {
      const reply = await user.agent.request('POST', '/api/users/me/picture', 'garbage', { 'content-type': 'multipart/form-data' });
      refused(reply, 400, 'The upload is not a valid multipart/form-data body.', 'no boundary');
      const long = await user.agent.request('POST', '/api/users/me/picture', 'garbage', {
        'content-type': `multipart/form-data; boundary=${'b'.repeat(300)}`,
      });
      refused(long, 400, 'The upload is not a valid multipart/form-data body.', 'a boundary too long to search for');
    });

    it('refuses an upload whose file part is cut short', async () => {
      const picture = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#c33' } }).png().toBuffer();
      const head = 'Content-Disposition: form-data; name="picture"; filename="p.png"\r\nContent-Type: image/png\r\n\r\n';
      const whole = Buffer.concat([Buffer.from(`--xyz\r\n${head}`), picture, Buffer.from('\r\n--xyz--\r\n')]);
      for (const cut of [12, 20, 40]) {
        const reply = await user.agent.request('POST', '/api/users/me/picture', whole.subarray(0, whole.length - cut), {
          'content-type': 'multipart/form-data; boundary=xyz',
        });
        refused(reply, 400, 'The upload is not a valid multipart/form-data body.', `cut ${cut} bytes short`);
      }
      assert.equal((await user.agent.get('/api/user')).body.user.profile_picture, null, 'no picture was stored');
    });
  });
}
