import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { ApiAgent, ApiResponse } from '../testing/client';
import { startTestApp, TEST_DATABASES, type TestApp } from '../testing/testApp';
import { watchlistWorld } from '../watchlists/testing';

/** Who calls: nobody signed in, a member with no role on the list, a moderator of the list, its owner. */
type Role = 'anonymous' | 'member' | 'moderator' | 'owner';
const ROLES: Role[] = ['anonymous', 'member', 'moderator', 'owner'];

const SIGNED_IN = { anonymous: 401, member: 200, moderator: 200, owner: 200 };
const ANYONE = { anonymous: 200, member: 200, moderator: 200, owner: 200 };

interface Call {
  name: string;
  send(agent: ApiAgent, target: string): Promise<ApiResponse>;
  expected: Record<Role, number>;
}

for (const kind of TEST_DATABASES) {
  describe(`activity feed permission matrix (${kind})`, () => {
    let app: TestApp;
    let world: Awaited<ReturnType<typeof watchlistWorld>>;
    let agents: Record<Role, ApiAgent>;
    let target: string;

    before(async () => {
      app = await startTestApp(kind);
      world = await watchlistWorld(app, 'fpm');
      target = `fpm_target`;
      await app.agent().post('/api/register', { username: target, password: 'correct horse battery' });
      agents = { anonymous: app.agent(), member: world.stranger.agent, moderator: world.moderator.agent, owner: world.owner.agent };
    });
    after(() => app.close());

    const mutes = () => app.database.db.selectFrom('mutes').selectAll().orderBy('user_id').orderBy('muted_id').execute();

    const calls: Call[] = [
      { name: 'read the feed', send: (agent) => agent.get('/api/feed'), expected: ANYONE },
      { name: 'read a page of the feed', send: (agent) => agent.get('/api/feed?limit=2'), expected: ANYONE },
      { name: 'read the Atom feed', send: (agent) => agent.get('/api/feed.atom'), expected: ANYONE },
      { name: 'list muted members', send: (agent) => agent.get('/api/feed/mutes'), expected: SIGNED_IN },
      { name: 'mute a member', send: (agent, name) => agent.request('PUT', `/api/feed/mutes/${name}`), expected: SIGNED_IN },
      { name: 'unmute a member', send: (agent, name) => agent.request('DELETE', `/api/feed/mutes/${name}`), expected: SIGNED_IN },
    ];

    for (const call of calls) {
      for (const role of ROLES) {
        it(`${call.name}: ${role} → ${call.expected[role]}`, async () => {
          const beforeRows = await mutes();
          const reply = await call.send(agents[role], target);
          assert.equal(reply.status, call.expected[role], JSON.stringify(reply.body));
          if (reply.status >= 400) {
            assert.deepEqual(reply.body.error, 'You must be signed in to do that.');
            assert.deepEqual(await mutes(), beforeRows, 'a refused call changes nothing');
          }
        });
      }
    }

    it('answers mutes of a missing member with 404 for members and 401 for visitors', async () => {
      const signedIn = await world.stranger.agent.request('PUT', '/api/feed/mutes/nobody_at_all');
      assert.deepEqual([signedIn.status, signedIn.body.error], [404, 'User not found.']);
      const anonymous = await app.agent().request('PUT', '/api/feed/mutes/nobody_at_all');
      assert.deepEqual([anonymous.status, anonymous.body.error], [401, 'You must be signed in to do that.']);
    });
  });
}
