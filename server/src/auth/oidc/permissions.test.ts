import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { OIDC_LINK_EXPIRED } from '@movieclub/contract';
import type { ApiAgent, ApiResponse } from '../../testing/client';
import { createUser, type SignedInUser } from '../../testing/factories';
import { startTestApp, TEST_DATABASES, type TestApp } from '../../testing/testApp';

/** Who calls: nobody signed in, a member, or the site's admin; none of them has a sign-in waiting on the link page. */
type Role = 'anonymous' | 'member' | 'admin';
const ROLES: Role[] = ['anonymous', 'member', 'admin'];

interface Call {
  name: string;
  send(agent: ApiAgent): Promise<ApiResponse>;
  /** The status for every role, and the sentence of a refusal. */
  expected: number;
  error?: string;
}

for (const kind of TEST_DATABASES) {
  describe(`identity-provider permission matrix (${kind})`, () => {
    let app: TestApp;
    let people: Record<'member' | 'admin', SignedInUser>;

    before(async () => {
      // The provider is never reached: these calls answer before any redirect to it.
      app = await startTestApp(kind, { config: { oidc: { issuer: 'http://127.0.0.1:9', clientId: 'movieclub', clientSecret: null, label: 'Sign in with SSO', only: false, signOutAtProvider: false } } });
      const admin = await createUser(app, 'op_admin');
      people = { admin, member: await createUser(app, 'op_member') };
    });
    after(() => app.close());

    const snapshot = async () => ({
      users: await app.database.db.selectFrom('users').select(['id', 'username', 'password_hash']).orderBy('id').execute(),
      identities: await app.database.db.selectFrom('oidc_identities').selectAll().orderBy('id').execute(),
    });

    const calls: Call[] = [
      { name: 'read the sign-in settings', send: (agent) => agent.get('/api/auth/oidc/config'), expected: 200 },
      { name: 'read the waiting link', send: (agent) => agent.get('/api/auth/oidc/pending'), expected: 400, error: OIDC_LINK_EXPIRED },
      { name: 'link with a password', send: (agent) => agent.post('/api/auth/oidc/link', { password: 'correct horse battery' }), expected: 400, error: OIDC_LINK_EXPIRED },
      { name: 'create an account instead', send: (agent) => agent.post('/api/auth/oidc/create'), expected: 400, error: OIDC_LINK_EXPIRED },
    ];

    for (const call of calls) {
      for (const role of ROLES) {
        it(`${call.name}: ${role} → ${call.expected}`, async () => {
          const agent = role === 'anonymous' ? app.agent() : people[role].agent;
          const before = await snapshot();
          const reply = await call.send(agent);
          assert.equal(reply.status, call.expected, JSON.stringify(reply.body));
          if (call.error) {
            assert.deepEqual([reply.body.error, reply.body.code], [call.error, 'oidc_link_expired']);
          } else {
            assert.deepEqual(reply.body, { success: true, enabled: true, label: 'Sign in with SSO', host: '127.0.0.1', only: false });
          }
          assert.deepEqual(await snapshot(), before, 'nothing changed');
        });
      }
    }

    it('refuses a forged pending-link cookie like a missing one', async () => {
      const agent = app.agent();
      const reply = await agent.request('POST', '/api/auth/oidc/link', { password: 'correct horse battery' }, { cookie: 'oidc_link=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' });
      assert.deepEqual([reply.status, reply.body.code], [400, 'oidc_link_expired']);
    });
  });
}
