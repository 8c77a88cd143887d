import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { type AppDatabase, openDatabase } from '../db/database';
import { ApiAgent } from '../testing/client';
import { createUser, type SignedInUser } from '../testing/factories';
import { createTestDatabase, TEST_DATABASES, type TestDatabase, testConfig } from '../testing/testApp';
import { type Received, startReceiver } from '../webhooks/testing';


/** An app on a port over `database`: two of them over one database are two server processes' worth. */
async function serve(database: AppDatabase, env: { webhookUrl: string | null }) {
  const app: FastifyInstance = await buildApp(testConfig({ ...env, webhookFormat: 'discord', webhookRetryMs: 5, publicUrl: 'https://club.example.org' }), { database, loadImdbSample: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  return { app, agent: () => new ApiAgent(url) };
}

const contentOf = (entry: Received) => (JSON.parse(entry.body) as { content: string }).content;

for (const kind of TEST_DATABASES) {
  describe(`outgoing notification settings (${kind})`, () => {
    let envReceiver: Awaited<ReturnType<typeof startReceiver>>;
    let adminReceiver: Awaited<ReturnType<typeof startReceiver>>;
    let testDatabase: TestDatabase;
    let secondDatabase: AppDatabase;
    let one: Awaited<ReturnType<typeof serve>>;
    let two: Awaited<ReturnType<typeof serve>>;
    let admin: SignedInUser;
    let member: SignedInUser;
    const settled = () => Promise.all([one.app.clubEvents.idle(), two.app.clubEvents.idle()]);

    before(async () => {
      envReceiver = await startReceiver();
      adminReceiver = await startReceiver();
      testDatabase = await createTestDatabase(kind);
      secondDatabase = openDatabase(testDatabase.url, { pgSchema: testDatabase.pgSchema, pgPoolSize: 3 });
      one = await serve(testDatabase.database, { webhookUrl: `${envReceiver.url}/env-hook` });
      two = await serve(secondDatabase, { webhookUrl: `${envReceiver.url}/env-hook` });
      admin = await createUser(one, 'set_admin');
      member = await createUser(one, 'set_member');
      await settled();
    });
    after(async () => {
      await one.app.close();
      await two.app.close();
      await secondDatabase.close();
      await testDatabase.drop();
      await envReceiver.close();
      await adminReceiver.close();
    });

    it("shows the environment's settings until an admin changes them", async () => {
      const reply = await admin.agent.get('/api/admin/settings');
      assert.deepEqual(reply.body, {
        success: true,
        registration: 'open',
        registration_from: 'environment',
        webhook: { url: `${envReceiver.url}/env-hook`, format: 'discord', from: 'environment' },
        language: 'en',
        language_from: 'environment',
      });
      assert.deepEqual(envReceiver.received.map(contentOf), ['set_admin joined the club', 'set_member joined the club']);
    });

    it('refuses a webhook address that is not http or https, changing nothing', async () => {
      for (const webhook_url of ['ftp://example.org/hook', 'discord', 'javascript:alert(1)', 42]) {
        const reply = await admin.agent.put('/api/admin/settings', { webhook_url });
        assert.equal(reply.status, 400, String(webhook_url));
        assert.match(reply.body.error, /^The webhook address must be /);
      }
      const bad = await admin.agent.put('/api/admin/settings', { registration: 'invite-only', webhook_format: 'slack' });
      assert.equal(bad.status, 400);
      assert.equal((await admin.agent.get('/api/admin/settings')).body.webhook.from, 'environment');
      assert.equal((await admin.agent.get('/api/admin/settings')).body.registration, 'open');
    });

    it("sends club events to the admin's webhook after a change, from every server process", async () => {
      const saved = await admin.agent.put('/api/admin/settings', { webhook_url: `${adminReceiver.url}/topic`, webhook_format: 'ntfy' });
      assert.equal(saved.status, 200);
      assert.deepEqual(saved.body.webhook, { url: `${adminReceiver.url}/topic`, format: 'ntfy', from: 'admin' });
      envReceiver.received.length = 0;

      await createUser(one, 'set_via_one');
      await createUser(two, 'set_via_two');
      await settled();
      assert.equal(envReceiver.received.length, 0, "the environment's webhook hears nothing more");
      assert.deepEqual(
        adminReceiver.received.map((entry) => [entry.path, entry.headers.title, entry.body]),
        [
          ['/topic', 'set_via_one joined the club', 'Say hello!'],
          ['/topic', 'set_via_two joined the club', 'Say hello!'],
        ],
        'both processes post in the format the admin chose',
      );
      const seenByTwo = await admin.agent.get('/api/admin/settings');
      assert.equal(seenByTwo.body.webhook.from, 'admin');
    });

    it('sends a test message now and says whether the receiver accepted it', async () => {
      adminReceiver.received.length = 0;
      const accepted = await admin.agent.post('/api/admin/webhook/test');
      assert.equal(accepted.status, 200);
      assert.deepEqual([accepted.body.accepted, accepted.body.status], [true, 204]);
      assert.equal(accepted.body.message, 'The receiver accepted the test message (status 204).');
      assert.equal(adminReceiver.received.length, 1);
      assert.equal(adminReceiver.received[0].headers.title, 'Test message from MovieClub');
      assert.equal(adminReceiver.received[0].headers.click, 'https://club.example.org');

      adminReceiver.script.push({ status: 404 });
      const refused = await admin.agent.post('/api/admin/webhook/test');
      assert.deepEqual([refused.status, refused.body.accepted, refused.body.status], [200, false, 404]);
      assert.match(refused.body.message, /^The receiver refused the test message with status 404/);
    });

    it('says when the receiver cannot be reached', async () => {
      const closed = await startReceiver();
      await closed.close();
      await admin.agent.put('/api/admin/settings', { webhook_url: `${closed.url}/gone` });
      const reply = await admin.agent.post('/api/admin/webhook/test');
      assert.deepEqual([reply.status, reply.body.accepted, reply.body.status], [200, false, null]);
      assert.equal(reply.body.message, 'The receiver could not be reached: check the address.');
    });

    it("goes back to the environment's webhook when the admin clears theirs", async () => {
      const cleared = await admin.agent.put('/api/admin/settings', { webhook_url: null });
      assert.deepEqual(cleared.body.webhook, { url: `${envReceiver.url}/env-hook`, format: 'discord', from: 'environment' });
      envReceiver.received.length = 0;
      await createUser(two, 'set_after_clear');
      await settled();
      assert.deepEqual(envReceiver.received.map(contentOf), ['set_after_clear joined the club']);
    });

    it("posts in the club's language an admin chose, from every process, and refuses a language the site does not speak", async () => {
      const refused = await admin.agent.put('/api/admin/settings', { language: 'fr', registration: 'closed' });
      assert.deepEqual([refused.status, refused.body.error], [400, 'Language must be one of en, de.']);
      const unchanged = await admin.agent.get('/api/admin/settings');
      assert.deepEqual([unchanged.body.language, unchanged.body.language_from, unchanged.body.registration], ['en', 'environment', 'open']);

      const saved = await admin.agent.put('/api/admin/settings', { language: 'de' });
      assert.deepEqual([saved.status, saved.body.language, saved.body.language_from], [200, 'de', 'admin']);
      envReceiver.received.length = 0;
      await createUser(two, 'set_auf_deutsch');
      await settled();
      assert.deepEqual(envReceiver.received.map(contentOf), ['set_auf_deutsch ist dem Club beigetreten'], 'the other process posts in German too');
      const tested = await admin.agent.post('/api/admin/webhook/test');
      assert.equal(tested.body.accepted, true);
      assert.equal(contentOf(envReceiver.received.at(-1)!), 'Testnachricht von MovieClub');

      await admin.agent.put('/api/admin/settings', { language: 'en' });
      envReceiver.received.length = 0;
      await createUser(one, 'set_in_english');
      await settled();
      assert.deepEqual(envReceiver.received.map(contentOf), ['set_in_english joined the club']);
    });

    it('keeps the registration mode an admin chose, seen by every process', async () => {
      const saved = await admin.agent.put('/api/admin/settings', { registration: 'closed' });
      assert.deepEqual([saved.body.registration, saved.body.registration_from], ['closed', 'admin']);
      assert.equal((await two.agent().get('/api/registration')).body.mode, 'closed');
      assert.equal((await two.agent().post('/api/register', { username: 'set_shut_out', password: 'correct horse battery' })).status, 403);
      await admin.agent.put('/api/admin/settings', { registration: 'open' });
    });

    it('lets only admins see or change these settings', async () => {
      assert.equal((await member.agent.get('/api/admin/settings')).status, 403);
      const refused = await member.agent.put('/api/admin/settings', { registration: 'closed' });
      assert.deepEqual([refused.status, refused.body.error], [403, 'Only an admin of this site may do this.']);
      assert.equal((await member.agent.put('/api/admin/settings', { language: 'de' })).status, 403);
      assert.equal((await admin.agent.get('/api/admin/settings')).body.language, 'en');
      assert.equal((await one.agent().get('/api/registration')).body.mode, 'open');
    });
  });

  describe(`a webhook test with no webhook (${kind})`, () => {
    let testDatabase: TestDatabase;
    let one: Awaited<ReturnType<typeof serve>>;
    before(async () => {
      testDatabase = await createTestDatabase(kind);
      one = await serve(testDatabase.database, { webhookUrl: null });
    });
    after(async () => {
      await one.app.close();
      await testDatabase.drop();
    });

    it('says that no webhook is set', async () => {
      const admin = await createUser(one, 'nohook_admin');
      assert.deepEqual((await admin.agent.get('/api/admin/settings')).body.webhook, { url: null, format: 'discord', from: 'environment' });
      const reply = await admin.agent.post('/api/admin/webhook/test');
      assert.deepEqual([reply.status, reply.body.error, reply.body.code], [409, 'No webhook is set: enter its address and save first.', 'no_webhook']);
    });
  });
}
