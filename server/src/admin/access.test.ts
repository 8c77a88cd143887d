import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createUser } from '../testing/factories';
import { startTestApp, TEST_DATABASES, type TestApp } from '../testing/testApp';

for (const kind of TEST_DATABASES) {
  describe(`who is a site admin (${kind})`, () => {
    let app: TestApp;
    before(async () => {
      app = await startTestApp(kind, { config: { adminUsernames: ['carol_admin'] } });
    });
    after(() => app.close());

    it('makes the first account an admin and the second a member, as /api/user says', async () => {
      const first = await createUser(app, 'first_one');
      const second = await createUser(app, 'second_one');
      assert.equal((await first.agent.get('/api/user')).body.user.is_admin, true);
      assert.equal((await second.agent.get('/api/user')).body.user.is_admin, false);
      assert.equal((await second.agent.get('/api/admin/settings')).status, 403);
      assert.equal((await first.agent.get('/api/admin/settings')).status, 200);
    });

    it('makes everyone in ADMIN_USERNAMES an admin, whatever the case of the name', async () => {
      const carol = await createUser(app, 'Carol_Admin');
      const reply = await carol.agent.get('/api/user');
      assert.deepEqual([reply.body.user.username, reply.body.user.is_admin], ['Carol_Admin', true]);
      const settings = await carol.agent.get('/api/admin/settings');
      assert.equal(settings.status, 200);
    });

    it('tells a visitor they are not signed in, not whether they are an admin', async () => {
      const reply = await app.agent().get('/api/user');
      assert.equal(reply.status, 401);
      assert.equal(reply.body.user, undefined);
    });
  });
}
