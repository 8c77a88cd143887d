import assert from 'node:assert/strict';
import { type ChildProcess, spawn } from 'node:child_process';
import net from 'node:net';
import { after, describe, it } from 'node:test';
import { WATCHLIST_EVENTS } from '@movieclub/contract';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { ApiAgent } from '../testing/client';
import { addMovie, createUser } from '../testing/factories';
import { startTestApp, TEST_DATABASES, testConfig, type TestApp } from '../testing/testApp';
import { connectSocket, nextEvent } from '../watchlists/socketClient';
import { freePort } from '../testing/ports';


/** A private redis-server on `port`, resolved once it accepts connections. */
async function startRedis(port: number): Promise<ChildProcess> {
  const child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
  await until(
    () =>
      new Promise<boolean>((resolve) => {
        const socket = net.connect(port, '127.0.0.1', () => {
          socket.end();
          resolve(true);
        });
        socket.on('error', () => resolve(false));
      }),
    'redis-server accepts connections',
  );
  return child;
}

async function stopRedis(child: ChildProcess | undefined) {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
}

/** Waits for a condition (not timed: the deadline only stops a hung test). */
async function until(check: () => Promise<boolean>, what: string, ms = 20_000) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`gave up waiting: ${what}`);
}

const realtimeOf = async (app: Pick<TestApp, 'agent'>) => (await app.agent().get('/api/health')).body.components?.realtime;

for (const kind of TEST_DATABASES) {
  describe(`health of each component (${kind})`, () => {
    const opened: TestApp[] = [];
    const extra: FastifyInstance[] = [];
    let redis: ChildProcess | undefined;
    after(async () => {
      for (const app of extra) await app.close();
      for (const app of opened) await app.close();
      await stopRedis(redis);
    });

    it('reports the database and a single-process realtime without Redis', async () => {
      const app = await startTestApp(kind);
      opened.push(app);
      const health = await app.agent().get('/api/health');
      assert.equal(health.status, 200);
      assert.deepEqual(health.body, {
        success: true,
        status: 'ok',
        database: { kind, ok: true },
        components: { database: 'ok', realtime: 'single-process' },
      });
    });

    it('starts and serves while Redis is down, says realtime is degraded, and recovers when Redis comes', { timeout: 90_000 }, async () => {
      const port = await freePort();
      const config = { redisUrl: `redis://127.0.0.1:${port}`, redisKeyPrefix: `test-health-${kind}-${port}` };
      // Nothing listens on the port yet: the app must still start.
      const app = await startTestApp(kind, { config });
      opened.push(app);
      const health = await app.agent().get('/api/health');
      assert.equal(health.status, 200, 'the database is fine, so the site is up');
      assert.equal(health.body.status, 'degraded');
      assert.deepEqual(health.body.components, { database: 'ok', realtime: 'degraded' });
      const owner = await createUser(app);
      const created = await owner.agent.post('/api/watchlists/public', { name: 'Redis Night' });
      assert.equal(created.status, 200, 'writes work meanwhile');
      const listId = created.body.watchlist.id as number;

      // A subscriber on the same process still hears changes while Redis is away.
      const local = connectSocket(app.url, owner.agent.cookieHeader);
      try {
        local.emit(WATCHLIST_EVENTS.subscribe, { watchlist_id: listId });
        await nextEvent(local, WATCHLIST_EVENTS.init);
        const heard = nextEvent(local, WATCHLIST_EVENTS.changed);
        const movie = await addMovie(app.database.db);
        assert.equal((await owner.agent.post(`/api/watchlists/${listId}/items`, { movie_id: movie.id })).status, 200);
        assert.equal((await heard).watchlist_id, listId);
      } finally {
        local.close();
      }

      redis = await startRedis(port);
      await until(async () => (await realtimeOf(app)) === 'ok', 'realtime reports ok after Redis started');
      const recovered = await app.agent().get('/api/health');
      assert.equal(recovered.body.status, 'ok');

      // A second process on the same data: an item added on the first reaches a page open on the second.
      const second = await buildApp(testConfig(config), { database: app.database, loadImdbSample: false });
      extra.push(second);
      await second.listen({ port: 0, host: '127.0.0.1' });
      const secondUrl = `http://127.0.0.1:${(second.server.address() as net.AddressInfo).port}`;
      await until(async () => (await realtimeOf({ agent: () => new ApiAgent(secondUrl) })) === 'ok', 'second process connected');
      const remote = connectSocket(secondUrl, owner.agent.cookieHeader);
      try {
        remote.emit(WATCHLIST_EVENTS.subscribe, { watchlist_id: listId });
        await nextEvent(remote, WATCHLIST_EVENTS.init);
        const heard = nextEvent(remote, WATCHLIST_EVENTS.changed);
        const movie = await addMovie(app.database.db);
        assert.equal((await owner.agent.post(`/api/watchlists/${listId}/items`, { movie_id: movie.id })).status, 200);
        assert.equal((await heard).watchlist_id, listId, 'the change crossed processes through Redis');
      } finally {
        remote.close();
      }

      await stopRedis(redis);
      await until(async () => (await realtimeOf(app)) === 'degraded', 'realtime reports degraded after Redis stopped');
      assert.equal((await app.agent().get('/api/movies')).status, 200, 'the site keeps serving');
    });
  });
}
