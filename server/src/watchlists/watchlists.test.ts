import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { addMovie, addReview, createUser } from '../testing/factories';
import { startTestApp, TEST_DATABASES, type TestApp } from '../testing/testApp';
import { itemIds, watchlistWorld } from './testing';
import { dangerIn, OWASP_PAYLOADS } from './xssPayloads';

for (const kind of TEST_DATABASES) {
  describe(`watchlists (${kind})`, () => {
    let app: TestApp;
    let world: Awaited<ReturnType<typeof watchlistWorld>>;
    before(async () => {
      app = await startTestApp(kind);
      world = await watchlistWorld(app, 'wl');
    });
    after(() => app.close());

    it('creates the personal list on first use, once, private, with a secret Stremio address', async () => {
      const { agent } = await createUser(app, 'first_use');
      const [first, second] = await Promise.all([agent.get('/api/watchlists/mine'), agent.get('/api/watchlists/mine')]);
      assert.equal(first.status, 200);
      assert.equal(first.body.watchlist.id, second.body.watchlist.id);
      const list = first.body.watchlist;
      assert.equal(list.is_personal, true);
      assert.deepEqual(list.items, []);
      assert.equal(list.owner_username, 'first_use');
      assert.match(list.stremio_path, new RegExp(`^/api/watchlist/${list.id}-[A-Za-z0-9_-]{20,}/stremio/manifest\\.json$`));
      assert.ok(!list.stremio_path.includes(list.slug), 'the personal address carries the secret, not the name');
    });

    it('shows a list with its items in order, moderators, owner and Stremio address', async () => {
      const reply = await app.agent().get(`/api/watchlists/${world.publicId}`);
      assert.equal(reply.status, 200);
      const list = reply.body.watchlist;
      assert.equal(list.name, 'wl Public List');
      assert.equal(list.slug, 'wl-public-list');
      assert.equal(list.stremio_path, `/api/watchlist/${world.publicId}-wl-public-list/stremio/manifest.json`);
      assert.deepEqual(
        list.items.map((item: any) => [item.id, item.position]),
        world.movies.slice(0, 3).map((movie, index) => [movie.id, index]),
      );
      assert.deepEqual(Object.keys(list.items[0]).sort(), ['id', 'imdb_rating', 'length', 'position', 'poster', 'title']);
      assert.equal(list.items[0].imdb_rating, 6.5);
      assert.deepEqual(list.moderators, [world.moderator.username]);
      assert.deepEqual(list.moderators_detail, [{ username: world.moderator.username, profile_picture: null }]);
      assert.equal(list.owner_username, world.owner.username);
      assert.equal(list.item_count, 3);
      assert.equal(list.picked_movie, null);
      assert.equal(list.description, '');
    });

    it('lists public lists with counts, first poster and owner, newest first, searchable', async () => {
      const owner = await createUser(app, 'lister');
      const movie = await addMovie(app.database.db, { title: 'Poster Film', poster: 'https://img.example/p.jpg' });
      const created = await owner.agent.post('/api/watchlists/public', { name: '  Zombie Nights  ' });
      assert.equal(created.body.watchlist.name, 'Zombie Nights', 'the name is trimmed');
      await owner.agent.post(`/api/watchlists/${created.body.watchlist.id}/items`, { movie_id: movie.id });
      const all = await app.agent().get('/api/watchlists/public');
      assert.equal(all.status, 200);
      const first = all.body.watchlists[0];
      assert.deepEqual(
        { ...first, created_at: typeof first.created_at },
        {
          id: created.body.watchlist.id,
          name: 'Zombie Nights',
          item_count: 1,
          first_poster: 'https://img.example/p.jpg',
          owner_username: 'lister',
          owner_profile_picture: null,
          created_at: 'string',
          slug: 'zombie-nights',
        },
      );
      assert.ok(all.body.watchlists.every((list: any) => list.id !== world.personalId), 'personal lists are never listed');
      const found = await app.agent().get('/api/watchlists/public?q=zomb');
      assert.deepEqual(found.body.watchlists.map((list: any) => list.name), ['Zombie Nights']);
      const none = await app.agent().get('/api/watchlists/public?q=%25');
      assert.deepEqual(none.body.watchlists, [], 'a % searches for itself');
    });

    it('finds a public list by any case of its accented letters', async () => {
      const owner = await createUser(app, 'accent_lister');
      const created = await owner.agent.post('/api/watchlists/public', { name: 'Émoji Ñight' });
      assert.equal(created.status, 200, JSON.stringify(created.body));
      for (const q of ['Émoji', 'émoji', 'ÉMOJI', 'ñight', 'ji ñ']) {
        const found = await app.agent().get(`/api/watchlists/public?q=${encodeURIComponent(q)}`);
        assert.equal(found.status, 200);
        assert.deepEqual(found.body.watchlists.map((list: any) => list.name), ['Émoji Ñight'], q);
        assert.equal(found.body.total, 1, q);
      }
    });

    it('refuses bad list names and bad movie ids', async () => {
      const { agent } = world.owner;
      const listCount = async () => (await app.agent().get('/api/watchlists/public')).body.total;
      const before = await listCount();
      // Nothing visible: spaces, zero-width spaces, a soft hyphen, control characters, a lone joiner or direction mark.
      for (const name of ['   ', '\u200b\u200b', '\u00ad', '\u0007\u0008', '\n\t', '\u200d', '\u202e\u2066', '\u00a0\u3000\ufeff']) {
        const refused = await agent.post('/api/watchlists/public', { name });
        assert.deepEqual(refused.body, { success: false, error: 'List name is required.', code: 'invalid_input' }, JSON.stringify(name));
      }
      assert.equal(await listCount(), before, 'no list was made');
      assert.equal((await agent.post('/api/watchlists/public', { name: 'x'.repeat(101) })).status, 400);
      assert.equal((await agent.post('/api/watchlists/public', { name: 5 })).status, 400);
      assert.equal((await agent.post(`/api/watchlists/${world.publicId}/items`, { movie_id: 'abc' })).status, 400);
      const missing = await agent.post(`/api/watchlists/${world.publicId}/items`, { movie_id: 999999 });
      assert.deepEqual(missing.body, { success: false, error: 'Movie not found.', code: 'not_found' });
      assert.equal((await agent.get('/api/watchlists/abc')).status, 400);
      assert.deepEqual(await itemIds(agent, world.publicId), world.movies.slice(0, 3).map((movie) => movie.id));
    });

    it('stores a list name on one line, without direction overrides, and keeps emoji sequences whole', async () => {
      const owner = await createUser(app, 'one_line_lister');
      const cases: [string, string][] = [
        ['line1\nline2', 'line1 line2'],
        [' Tabs\tand\r\n  breaks ', 'Tabs and breaks'],
        ['\u202egnp.exe', 'gnp.exe'],
        ['Family night 👨\u200d👩\u200d👧', 'Family night 👨\u200d👩\u200d👧'],
      ];
      for (const [sent, stored] of cases) {
        const created = await owner.agent.post('/api/watchlists/public', { name: sent });
        assert.equal(created.status, 200, JSON.stringify(created.body));
        assert.equal(created.body.watchlist.name, stored, JSON.stringify(sent));
        assert.equal((await app.agent().get(`/api/watchlists/${created.body.watchlist.id}`)).body.watchlist.name, stored, JSON.stringify(sent));
      }
    });

    it('treats adding a movie already in the list as a no-op', async () => {
      const again = await world.stranger.agent.post(`/api/watchlists/${world.publicId}/items`, { movie_id: world.movies[0].id });
      assert.deepEqual(again.body, { success: true, watchlist_id: world.publicId, added: false });
      assert.equal((await itemIds(world.owner.agent, world.publicId)).length, 3);
    });

    it('keeps positions dense after a removal', async () => {
      const owner = await createUser(app, 'dense_owner');
      const movies = await Promise.all([1, 2, 3, 4].map(() => addMovie(app.database.db)));
      for (const movie of movies) await owner.agent.post('/api/watchlists/mine/items', { movie_id: movie.id });
      const mine = (await owner.agent.get('/api/watchlists/mine')).body.watchlist;
      const removed = await owner.agent.delete(`/api/watchlists/${mine.id}/items/${movies[1].id}`);
      assert.deepEqual(removed.body, { success: true });
      const after = (await owner.agent.get('/api/watchlists/mine')).body.watchlist;
      assert.deepEqual(after.items.map((item: any) => [item.id, item.position]), [[movies[0].id, 0], [movies[2].id, 1], [movies[3].id, 2]]);
      const gone = await owner.agent.delete(`/api/watchlists/${mine.id}/items/${movies[1].id}`);
      assert.equal(gone.status, 404);
    });

    it('appends movies added at once in dense positions, a movie added twice at once only once', async () => {
      const owner = await createUser(app, 'rush_owner');
      const movies = await Promise.all(Array.from({ length: 8 }, () => addMovie(app.database.db)));
      const replies = await Promise.all([...movies, movies[0]].map((movie) => owner.agent.post('/api/watchlists/mine/items', { movie_id: movie.id })));
      assert.ok(replies.every((reply) => reply.status === 200));
      assert.equal(replies.filter((reply) => reply.body.added).length, 8, 'the movie sent twice is added once');
      const items = (await owner.agent.get('/api/watchlists/mine')).body.watchlist.items;
      assert.deepEqual(new Set(items.map((item: any) => item.id)), new Set(movies.map((movie) => movie.id)));
      assert.deepEqual(items.map((item: any) => item.position), [0, 1, 2, 3, 4, 5, 6, 7]);
      const missing = await owner.agent.post('/api/watchlists/mine/items', { movie_id: 999_998 });
      assert.deepEqual(missing.body, { success: false, error: 'Movie not found.', code: 'not_found' });
      assert.equal((await owner.agent.get('/api/watchlists/mine')).body.watchlist.items.length, 8, 'nothing written for a movie not in the catalogue');
    });

    describe('reordering', () => {
      let owner: Awaited<ReturnType<typeof createUser>>;
      let listId: number;
      let ids: number[];
      before(async () => {
        owner = await createUser(app, 'order_owner');
        listId = (await owner.agent.post('/api/watchlists/public', { name: 'Order' })).body.watchlist.id;
        for (let index = 0; index < 4; index++) {
          const movie = await addMovie(app.database.db);
          await owner.agent.post(`/api/watchlists/${listId}/items`, { movie_id: movie.id });
        }
        ids = await itemIds(owner.agent, listId);
      });

      it('applies an exact permutation', async () => {
        const order = [ids[3], ids[1], ids[0], ids[2]];
        assert.deepEqual((await owner.agent.put(`/api/watchlists/${listId}/items/order`, { order })).body, { success: true });
        const list = (await owner.agent.get(`/api/watchlists/${listId}`)).body.watchlist;
        assert.deepEqual(list.items.map((item: any) => [item.id, item.position]), order.map((id, index) => [id, index]));
        ids = order;
      });

      for (const [name, order] of [
        ['drops an item', () => ids.slice(1)],
        ['adds a movie that is not in the list', () => [...ids, 999_999]],
        ['names an item twice', () => [ids[0], ...ids.slice(0, 3)]],
        ['is empty', () => []],
      ] as const) {
        it(`refuses a reorder that ${name}, changing nothing`, async () => {
          const reply = await owner.agent.put(`/api/watchlists/${listId}/items/order`, { order: order() });
          assert.equal(reply.status, 409);
          assert.deepEqual(reply.body, { success: false, error: 'List changed; reload.', code: 'list_changed' });
          assert.deepEqual(await itemIds(owner.agent, listId), ids);
        });
      }

      it('refuses malformed orders with 400', async () => {
        for (const order of ['1,2', [1, 'two'], [1.5], null]) {
          const reply = await owner.agent.put(`/api/watchlists/${listId}/items/order`, { order });
          assert.equal(reply.status, 400, JSON.stringify(order));
        }
      });

      it('gives the second of two reorders from stale pages a 409 and loses no item', async () => {
        // Two editors load the page; then someone adds a movie.
        const moderator = await createUser(app, 'order_mod');
        await owner.agent.post('/api/add_moderator', { username: 'order_mod', watchlist_id: listId });
        const stalePageA = await itemIds(owner.agent, listId);
        const stalePageB = await itemIds(moderator.agent, listId);
        const late = await addMovie(app.database.db);
        const stranger = await createUser(app, 'order_adder');
        await stranger.agent.post(`/api/watchlists/${listId}/items`, { movie_id: late.id });

        // Page A reloads and reorders; page B still shows the old items.
        const fresh = await itemIds(owner.agent, listId);
        assert.deepEqual(fresh, [...stalePageA, late.id]);
        const first = await owner.agent.put(`/api/watchlists/${listId}/items/order`, { order: [...fresh].reverse() });
        assert.equal(first.status, 200);
        const second = await moderator.agent.put(`/api/watchlists/${listId}/items/order`, { order: [...stalePageB].reverse() });
        assert.equal(second.status, 409);
        assert.equal(second.body.error, 'List changed; reload.');
        assert.deepEqual(await itemIds(owner.agent, listId), [...fresh].reverse(), 'the first order stands, with the late movie');
        ids = [...fresh].reverse();
      });

      it('keeps every item when reorders and an add race', async () => {
        const extra = await addMovie(app.database.db);
        const [a, add, b] = await Promise.all([
          owner.agent.put(`/api/watchlists/${listId}/items/order`, { order: [...ids].reverse() }),
          owner.agent.post(`/api/watchlists/${listId}/items`, { movie_id: extra.id }),
          owner.agent.put(`/api/watchlists/${listId}/items/order`, { order: [...ids] }),
        ]);
        assert.equal(add.status, 200);
        for (const reply of [a, b]) assert.ok([200, 409].includes(reply.status));
        const final = (await owner.agent.get(`/api/watchlists/${listId}`)).body.watchlist.items;
        assert.deepEqual(new Set(final.map((item: any) => item.id)), new Set([...ids, extra.id]));
        assert.deepEqual(final.map((item: any) => item.position), final.map((_: unknown, index: number) => index), 'positions stay dense');
      });
    });

    describe('moderators', () => {
      it('adds and removes by username, case-insensitively, replying with both lists', async () => {
        const owner = await createUser(app, 'mods_owner');
        await createUser(app, 'Mixed_Case');
        const listId = (await owner.agent.post('/api/watchlists/public', { name: 'Mods' })).body.watchlist.id;
        const added = await owner.agent.post('/api/add_moderator', { username: '  mixed_CASE ', watchlist_id: listId });
        assert.deepEqual(added.body, { success: true, moderators: ['Mixed_Case'], moderators_detail: [{ username: 'Mixed_Case', profile_picture: null }] });
        const twice = await owner.agent.post('/api/add_moderator', { username: 'MIXED_case', watchlist_id: listId });
        assert.equal(twice.status, 409);
        assert.deepEqual(twice.body, { success: false, error: 'User Mixed_Case is already a moderator.', code: 'already_moderator' });
        const unknown = await owner.agent.post('/api/add_moderator', { username: 'nobody_at_all', watchlist_id: listId });
        assert.equal(unknown.status, 404);
        assert.deepEqual(unknown.body, { success: false, error: 'User not found.', code: 'user_not_found' });
        const self = await owner.agent.post('/api/add_moderator', { username: 'MODS_OWNER', watchlist_id: listId });
        assert.equal(self.status, 400);
        assert.equal(self.body.error, 'The owner cannot be a moderator of their own list.');
        const blank = await owner.agent.post('/api/remove_moderator', { username: '   ', watchlist_id: listId });
        assert.deepEqual(blank.body, { success: false, error: 'Username is required.', code: 'invalid_input' });
        const removed = await owner.agent.post('/api/remove_moderator', { username: 'mixed_case', watchlist_id: listId });
        assert.deepEqual(removed.body, { success: true, moderators: [], moderators_detail: [] });
        const notOne = await owner.agent.post('/api/remove_moderator', { username: 'mixed_case', watchlist_id: listId });
        assert.equal(notOne.status, 404);
        const noList = await owner.agent.post('/api/add_moderator', { username: 'mixed_case', watchlist_id: 999999 });
        assert.equal(noList.status, 404);
      });
    });

    describe('descriptions', () => {
      it('keeps the allowlisted formatting and makes links safe', async () => {
        const html = '<h2>Rules</h2><p><strong>Bold</strong> <em>it</em> <u>u</u> <s>s</s><br><a href="https://example.com/x">link</a></p><ol><li data-list="bullet">one</li></ol><blockquote>q</blockquote><p><code>c</code></p>';
        const reply = await world.owner.agent.put(`/api/watchlists/${world.publicId}/description`, { description: html });
        assert.equal(reply.status, 200);
        assert.equal(
          reply.body.description,
          '<h2>Rules</h2><p><strong>Bold</strong> <em>it</em> <u>u</u> <s>s</s><br /><a href="https://example.com/x" rel="noopener noreferrer" target="_blank">link</a></p><ol><li data-list="bullet">one</li></ol><blockquote>q</blockquote><p><code>c</code></p>',
        );
        const stored = await app.agent().get(`/api/watchlists/${world.publicId}`);
        assert.equal(stored.body.watchlist.description, reply.body.description);
      });

      it('stores OWASP filter-evasion payloads only in harmless form', async () => {
        for (const payload of OWASP_PAYLOADS) {
          const reply = await world.moderator.agent.put(`/api/watchlists/${world.publicId}/description`, { description: `<p>Before</p>${payload}<p>After</p>` });
          assert.equal(reply.status, 200, payload);
          const stored = (await app.agent().get(`/api/watchlists/${world.publicId}`)).body.watchlist.description as string;
          assert.equal(stored, reply.body.description);
          assert.equal(dangerIn(stored), null, `${payload} → ${stored}`);
          // Text such as 'javascript:' is harmless; inside a tag it would not be.
          const tags = (stored.match(/<[^>]*>/g) ?? []).join('');
          assert.doesNotMatch(tags, /javascript:|vbscript:|data:|on\w+=|<script|<img|<svg|<iframe|style=/i, `${payload} → ${stored}`);
          assert.match(stored, /<p>Before<\/p>/);
        }
      });

      it('turns an empty editor into no description', async () => {
        const reply = await world.owner.agent.put(`/api/watchlists/${world.publicId}/description`, { description: '<p><br></p>' });
        assert.deepEqual(reply.body, { success: true, description: '' });
      });

      it('refuses descriptions over 20,000 characters and bodies over 1 MiB, keeping the old one', async () => {
        await world.owner.agent.put(`/api/watchlists/${world.publicId}/description`, { description: '<p>Kept</p>' });
        const long = await world.owner.agent.put(`/api/watchlists/${world.publicId}/description`, { description: `<p>${'a'.repeat(20_001)}</p>` });
        assert.equal(long.status, 400);
        assert.equal(long.body.error, 'Description must be at most 20,000 characters.');
        const huge = await world.owner.agent.put(`/api/watchlists/${world.publicId}/description`, { description: `<p>${'<b>x</b>'.repeat(150_000)}</p>` });
        assert.equal(huge.status, 413);
        assert.equal(huge.body.success, false);
        const notText = await world.owner.agent.put(`/api/watchlists/${world.publicId}/description`, { description: 42 });
        assert.equal(notText.status, 400);
        const list = (await app.agent().get(`/api/watchlists/${world.publicId}`)).body.watchlist;
        assert.equal(list.description, '<p>Kept</p>');
      });
    });

    describe('picking', () => {
      it('picks only movies the picker has not reviewed, persists the pick, and says when none remain', async () => {
        const owner = await createUser(app, 'picker_owner');
        const movies = await Promise.all([1, 2, 3].map(() => addMovie(app.database.db)));
        const listId = (await owner.agent.post('/api/watchlists/public', { name: 'Pick' })).body.watchlist.id;
        for (const movie of movies) await owner.agent.post(`/api/watchlists/${listId}/items`, { movie_id: movie.id });
        await addReview(app.database.db, { user_id: owner.id, movie_id: movies[0].id, stars: 5 });
        await addReview(app.database.db, { user_id: owner.id, movie_id: movies[2].id, stars: 5 });
        for (let attempt = 0; attempt < 5; attempt++) {
          const reply = await owner.agent.post(`/api/watchlists/${listId}/pick`);
          assert.equal(reply.status, 200);
          assert.deepEqual(reply.body.picked_movie, { id: movies[1].id, title: movies[1].title, poster: null });
          assert.ok(!Number.isNaN(Date.parse(reply.body.picked_at)));
          const list = (await app.agent().get(`/api/watchlists/${listId}`)).body.watchlist;
          assert.deepEqual(list.picked_movie, reply.body.picked_movie);
          assert.equal(list.picked_at, reply.body.picked_at);
        }
        await addReview(app.database.db, { user_id: owner.id, movie_id: movies[1].id, stars: 5 });
        const none = await owner.agent.post(`/api/watchlists/${listId}/pick`);
        assert.equal(none.status, 409);
        assert.deepEqual(none.body, { success: false, error: 'No unreviewed movies available.', code: 'no_unreviewed_movies' });
      });
    });

    describe('seen and ratings maps', () => {
      it('maps the movies a user reviewed and their TTM grades as 1–7 numbers', async () => {
        const critic = await createUser(app, 'Critic_Map');
        const [a, b, c] = await Promise.all([1, 2, 3].map(() => addMovie(app.database.db)));
        await addReview(app.database.db, { user_id: critic.id, movie_id: a.id, stars: 8, ttm_rating: 'A' });
        await addReview(app.database.db, { user_id: critic.id, movie_id: b.id, stars: 3, ttm_rating: null });
        const ids = `${a.id},${b.id},${c.id},junk`;
        const seen = await app.agent().get(`/api/users/critic_map/seen?ids=${ids}`);
        assert.deepEqual(seen.body, { success: true, seen: { [a.id]: true, [b.id]: true } });
        const ratings = await app.agent().get(`/api/users/Critic_Map/ratings?ids=${ids}`);
        assert.deepEqual(ratings.body, { success: true, ratings: { [a.id]: 6 } });
        const empty = await app.agent().get('/api/users/Critic_Map/seen');
        assert.deepEqual(empty.body, { success: true, seen: {} });
        const unknown = await app.agent().get(`/api/users/no_such_person/ratings?ids=${ids}`);
        assert.equal(unknown.status, 404);
        assert.deepEqual(unknown.body, { success: false, error: 'User not found.', code: 'user_not_found' });
      });
    });
  });
}
