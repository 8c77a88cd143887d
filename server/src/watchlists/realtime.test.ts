import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Socket } from 'socket.io-client';
import { SOCKET_EVENT_BURST, TOO_MANY_EVENTS } from '../realtime/eventBudget';
import { createUser } from '../testing/factories';
import { startTestApp, TEST_DATABASES, type TestApp } from '../testing/testApp';
import { arrives, connectSocket, nextEvent } from './socketClient';
import { watchlistWorld } from './testing';

for (const kind of TEST_DATABASES) {
  describe(`watchlist realtime socket (${kind})`, () => {
    let app: TestApp;
    let world: Awaited<ReturnType<typeof watchlistWorld>>;
    const sockets: Socket[] = [];
    const open = (cookie = '', headers: Record<string, string> = {}) => {
      const socket = connectSocket(app.url, cookie, headers);
      sockets.push(socket);
      return socket;
    };

    before(async () => {
      app = await startTestApp(kind);
      world = await watchlistWorld(app, 'rt');
    });
    after(async () => {
      for (const socket of sockets) socket.disconnect();
      await app.close();
    });

    it('lets anyone subscribe to a public list and delivers picks and changes live', async () => {
      const viewer = open();
      viewer.emit('watchlist:subscribe', { watchlist_id: world.publicId });
      const init = await nextEvent(viewer, 'watchlist:init');
      assert.deepEqual(init, { watchlist_id: world.publicId, picked_movie: null, picked_at: null });

      const pickEvent = nextEvent(viewer, 'watchlist:pick');
      const picked = await world.moderator.agent.post(`/api/watchlists/${world.publicId}/pick`);
      assert.equal(picked.status, 200);
      assert.deepEqual(await pickEvent, { watchlist_id: world.publicId, picked_movie: picked.body.picked_movie, picked_at: picked.body.picked_at });

      const changed = nextEvent(viewer, 'watchlist:changed');
      await world.stranger.agent.post(`/api/watchlists/${world.publicId}/items`, { movie_id: world.movies[3].id });
      assert.deepEqual(await changed, { watchlist_id: world.publicId, what: 'items' });

      // A later subscriber gets the persisted pick in its init.
      const late = open();
      late.emit('watchlist:subscribe', { watchlist_id: world.publicId });
      const lateInit = await nextEvent(late, 'watchlist:init');
      assert.deepEqual(lateInit.picked_movie, picked.body.picked_movie);

      viewer.emit('watchlist:unsubscribe', { watchlist_id: world.publicId });
      late.emit('watchlist:subscribe', { watchlist_id: world.publicId }); // a round trip so the unsubscribe has landed
      await nextEvent(late, 'watchlist:init');
      const silent = arrives(viewer, 'watchlist:pick', 700);
      await world.owner.agent.post(`/api/watchlists/${world.publicId}/pick`);
      assert.equal(await silent, false, 'no events after unsubscribing');
    });

    it('refuses subscriptions to a personal list except for its owner', async () => {
      const cases = [
        { cookie: '', who: 'anonymous' },
        { cookie: world.stranger.agent.cookieHeader, who: 'stranger' },
      ];
      for (const { cookie, who } of cases) {
        const socket = open(cookie);
        socket.emit('watchlist:subscribe', { watchlist_id: world.personalId });
        const error = await nextEvent(socket, 'watchlist:error');
        assert.deepEqual(error, { message: 'Watchlist not found.' }, who);
        const leaked = arrives(socket, 'watchlist:pick', 700);
        await world.owner.agent.post(`/api/watchlists/${world.personalId}/pick`);
        assert.equal(await leaked, false, `${who} hears nothing of the private list`);
      }
      const owner = open(world.owner.agent.cookieHeader);
      owner.emit('watchlist:subscribe', { watchlist_id: world.personalId });
      const init = await nextEvent(owner, 'watchlist:init');
      assert.equal(init.watchlist_id, world.personalId);
      assert.ok(init.picked_movie, 'the owner sees the pick made earlier');
    });

    it('answers a malformed subscription with an error', async () => {
      const socket = open();
      socket.emit('watchlist:subscribe', { watchlist_id: 'drop table' });
      assert.deepEqual(await nextEvent(socket, 'watchlist:error'), { message: 'The watchlist id is not valid.' });
    });

    it('closes the sockets of a session when it logs out, and only those', async () => {
      const user = await createUser(app);
      const otherSession = app.agent();
      assert.equal((await otherSession.post('/api/login', { username: user.username, password: user.password })).status, 200);
      await user.agent.post('/api/watchlists/mine/items', { movie_id: world.movies[0].id });
      const personalId = (await user.agent.get('/api/watchlists/mine')).body.watchlist.id;
      const leaving = open(user.agent.cookieHeader);
      const staying = open(otherSession.cookieHeader);
      for (const socket of [leaving, staying]) {
        socket.emit('watchlist:subscribe', { watchlist_id: personalId });
        assert.equal((await nextEvent(socket, 'watchlist:init')).watchlist_id, personalId);
      }

      const closed = nextEvent(leaving, 'disconnect');
      assert.equal((await user.agent.post('/api/logout')).status, 200);
      assert.equal(await closed, 'io server disconnect');
      assert.equal(leaving.connected, false);

      const pick = nextEvent(staying, 'watchlist:pick');
      assert.equal((await otherSession.post(`/api/watchlists/${personalId}/pick`)).status, 200);
      assert.equal((await pick).watchlist_id, personalId, 'the other session still hears its list');
    });

    it('refuses a flood of events from one socket with a sentence, then closes it', async () => {
      const socket = open();
      // A page's ordinary burst is answered in full.
      const answered: number[] = [];
      socket.on('watchlist:init', (init) => answered.push(init.watchlist_id));
      for (let index = 0; index < 10; index++) socket.emit('watchlist:subscribe', { watchlist_id: world.publicId });
      while (answered.length < 10) await nextEvent(socket, 'watchlist:init');
      socket.off('watchlist:init');
      let inits = 0;
      const errors: string[] = [];
      socket.on('watchlist:init', () => inits++);
      socket.on('watchlist:error', (error) => errors.push(error.message));
      const closed = nextEvent(socket, 'disconnect', 15_000);
      for (let index = 0; index < 2000; index++) socket.emit('watchlist:subscribe', { watchlist_id: world.publicId });
      assert.equal(await closed, 'io server disconnect');
      assert.ok(inits <= SOCKET_EVENT_BURST + 5, `at most the burst is answered (${inits} answers)`);
      assert.ok(errors.length > 0, 'the refusals are explained');
      assert.ok(errors.every((message) => message === TOO_MANY_EVENTS), errors[0]);
    });

    it('refuses a connection opened by a page on another site', async () => {
      const socket = open(world.owner.agent.cookieHeader, { origin: 'https://evil.example' });
      const error = await nextEvent(socket, 'connect_error');
      assert.ok(error);
      assert.equal(socket.connected, false);
    });
  });
}
