import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { type AppDatabase, openDatabase } from '../db/database';
import { ApiAgent } from '../testing/client';
import { createTestDatabase, TEST_DATABASES, type TestDatabase, testConfig } from '../testing/testApp';
import { type Received, startReceiver } from './testing';

const contentOf = (entry: Received) => (JSON.parse(entry.body) as { content: string }).content;
const waitFor = async (check: () => Promise<boolean>) => {
  for (let tries = 0; tries < 250 && !(await check()); tries++) await new Promise((resolve) => setTimeout(resolve, 20));
  assert.ok(await check(), 'waited 5 s in vain');
};

/** Server processes on one database: each its own app, connection and outbox. */
for (const kind of TEST_DATABASES) {
  describe(`club events survive restarts and go out once from several processes (${kind})`, () => {
    let shared: TestDatabase;
    const handles: AppDatabase[] = [];
    const apps: FastifyInstance[] = [];
    let receiver: Awaited<ReturnType<typeof startReceiver>>;

    const start = async (webhookUrl: string, webhookRetryMs: number) => {
      const database = openDatabase(shared.url, { pgSchema: shared.pgSchema });
      handles.push(database);
      const app = await buildApp({ ...testConfig(), webhookUrl, webhookFormat: 'discord', webhookRetryMs }, { database, loadImdbSample: false });
      await app.listen({ port: 0, host: '127.0.0.1' });
      apps.push(app);
      const address = app.server.address();
      return { app, agent: new ApiAgent(`http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`) };
    };
    const waiting = () => shared.database.db.selectFrom('webhook_outbox').select(['attempts']).execute();

    before(async () => {
      shared = await createTestDatabase(kind);
      receiver = await startReceiver();
    });
    after(async () => {
      for (const app of apps) await app.close();
      for (const handle of handles) await handle.close();
      await receiver.close();
      await shared.drop();
    });

    it('keeps an event the webhook did not take when the process stops, and a new process sends it', async () => {
      // Nobody listens at this address: the first attempt fails at once.
      const down = await startReceiver();
      await down.close();
      const first = await start(`${down.url}/api/webhooks/1/x`, 300);
      const registered = await first.agent.post('/api/register', { username: 'kept_event', password: 'correct horse battery' });
      assert.equal(registered.status, 200);
      await waitFor(async () => (await waiting()).some((row) => row.attempts === 1));
      await first.app.close();
      assert.deepEqual((await waiting()).map((row) => row.attempts), [1], 'still waiting after the stop');

      const second = await start(`${receiver.url}/api/webhooks/1/x`, 300);
      await second.app.clubEvents.idle();
      assert.deepEqual(receiver.received.map(contentOf), ['kept_event joined the club']);
      assert.deepEqual(await waiting(), []);
    });

    it('sends each event once, in order, whichever process stored it', async () => {
      receiver.received.length = 0;
      const one = await start(`${receiver.url}/api/webhooks/1/x`, 5);
      const two = await start(`${receiver.url}/api/webhooks/1/x`, 5);
      const names = ['order_a', 'order_b', 'order_c', 'order_d'];
      for (const [index, name] of names.entries()) {
        const agent = index % 2 === 0 ? one.agent : two.agent;
        assert.equal((await agent.post('/api/register', { username: name, password: 'correct horse battery' })).status, 200);
        // Each is stored before the next registration starts: the outbox's order is theirs.
        await waitFor(async () => receiver.received.length + (await waiting()).length > index);
      }
      await one.app.clubEvents.idle();
      await two.app.clubEvents.idle();
      assert.deepEqual(receiver.received.map(contentOf), names.map((name) => `${name} joined the club`));
    });
  });
}
