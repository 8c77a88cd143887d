import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import type { ApiAgent, ApiResponse } from '../testing/client';
import { createUser, type SignedInUser } from '../testing/factories';
import { startTestApp, TEST_DATABASES, type TestApp } from '../testing/testApp';
import { SETTING_KEYS } from './settings';

type Role = 'anonymous' | 'member' | 'admin';
const ROLES: Role[] = ['anonymous', 'member', 'admin'];
const EXPECTED: Record<Role, number> = { anonymous: 401, member: 403, admin: 200 };

interface Call {
  name: string;
  /** `inviteId` is an invitation made for this call, `member` a member registered for it. */
  send(agent: ApiAgent, inviteId: number, member: string): Promise<ApiResponse>;
}

const calls: Call[] = [
  { name: 'read the settings', send: (agent) => agent.get('/api/admin/settings') },
  { name: 'change the settings', send: (agent) => agent.put('/api/admin/settings', { registration: 'invite', webhook_format: 'ntfy' }) },
  { name: 'clear the webhook', send: (agent) => agent.put('/api/admin/settings', { webhook_url: null }) },
  { name: "choose the club's language", send: (agent) => agent.put('/api/admin/settings', { language: 'de' }) },
  { name: 'send a test message', send: (agent) => agent.post('/api/admin/webhook/test') },
  { name: 'create an invitation', send: (agent) => agent.post('/api/admin/invites', { expires_in_days: 3, note: 'For Eve' }) },
  { name: 'list invitations', send: (agent) => agent.get('/api/admin/invites') },
  { name: 'revoke an invitation', send: (agent, inviteId) => agent.delete(`/api/admin/invites/${inviteId}`) },
  { name: 'remove a member', send: (agent, _inviteId, member) => agent.delete(`/api/admin/members/${member}`) },
];

for (const kind of TEST_DATABASES) {
  describe(`admin permission matrix (${kind})`, () => {
    let app: TestApp;
    let people: Record<'member' | 'admin', SignedInUser>;
    let hits = 0;
    let receiver: http.Server;

    before(async () => {
      receiver = http.createServer((request, response) => {
        hits++;
        request.resume().on('end', () => response.writeHead(204).end());
      });
      await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
      const hook = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
      app = await startTestApp(kind, { config: { webhookUrl: hook } });
      people = { admin: await createUser(app, 'pm_admin'), member: await createUser(app, 'pm_member') };
      await app.app.clubEvents.idle();
    });
    after(async () => {
      await app.close();
      await new Promise((resolve) => receiver.close(resolve));
    });

    const snapshot = async () => ({
      settings: await app.database.db.selectFrom('app_meta').select(['key', 'value']).where('key', 'in', Object.values(SETTING_KEYS)).orderBy('key').execute(),
      invites: await app.database.db.selectFrom('invites').selectAll().orderBy('id').execute(),
      members: await app.database.db.selectFrom('users').select('username').orderBy('id').execute(),
      hits,
    });

    for (const call of calls) {
      for (const role of ROLES) {
        const expected = EXPECTED[role];
        it(`${call.name}: ${role} → ${expected}`, async () => {
          await app.database.db.deleteFrom('app_meta').where('key', 'in', Object.values(SETTING_KEYS)).execute();
          const made = await people.admin.agent.post('/api/admin/invites', {});
          const member = await createUser(app);
          const before = await snapshot();
          const agent = role === 'anonymous' ? app.agent() : people[role].agent;
          const reply = await call.send(agent, made.body.invite.id, member.username);
          assert.equal(reply.status, expected, JSON.stringify(reply.body));
          if (role === 'admin') {
            assert.equal(reply.body.success, true);
            return;
          }
          assert.equal(reply.body.success, false);
          assert.equal(reply.body.code, role === 'anonymous' ? 'not_signed_in' : 'admin_only');
          if (role === 'member') assert.equal(reply.body.error, 'Only an admin of this site may do this.');
          assert.deepEqual(await snapshot(), before, 'a refused call changes nothing and posts nothing');
        });
      }
    }

    it('lets anyone read the registration rule', async () => {
      for (const agent of [app.agent(), people.member.agent, people.admin.agent]) {
        assert.deepEqual((await agent.get('/api/registration')).body, { success: true, mode: 'open' });
      }
    });
  });
}
