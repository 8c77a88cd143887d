import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { ApiAgent, ApiResponse } from '../testing/client';
import { addMovie, createUser } from '../testing/factories';
import { startTestApp, TEST_DATABASES, type TestApp } from '../testing/testApp';

/** Who calls: nobody signed in, a member with no part in the viewing, a member tagged in it, the viewer who logged it. */
type Role = 'anonymous' | 'member' | 'tagged' | 'owner';
const ROLES: Role[] = ['anonymous', 'member', 'tagged', 'owner'];

interface Call {
  name: string;
  send(agent: ApiAgent, viewingId: number): Promise<ApiResponse>;
  expected: Record<Role, number>;
  /** Whether a refused call must leave the viewing as it was. */
  mutates: boolean;
}

const OWNER_ONLY = { anonymous: 401, member: 403, tagged: 403, owner: 200 };
const SIGNED_IN = { anonymous: 401, member: 200, tagged: 200, owner: 200 };
const ANYONE = { anonymous: 200, member: 200, tagged: 200, owner: 200 };

for (const kind of TEST_DATABASES) {
  describe(`viewing permission matrix (${kind})`, () => {
    let app: TestApp;
    let agents: Record<Role, ApiAgent>;
    let movieId: number;

    before(async () => {
      app = await startTestApp(kind);
      const owner = await createUser(app, 'perm_viewer');
      const tagged = await createUser(app, 'perm_tagged');
      const member = await createUser(app, 'perm_member');
      agents = { anonymous: app.agent(), member: member.agent, tagged: tagged.agent, owner: owner.agent };
      movieId = (await addMovie(app.database.db, { title: 'Permission Feature' })).id;
    });
    after(() => app.close());

    const calls: Call[] = [
      { name: 'log a viewing', send: (agent) => agent.post('/api/viewings', { movie_id: movieId, watched_on: '2025-01-01' }), expected: SIGNED_IN, mutates: false },
      { name: 'change a viewing', send: (agent, id) => agent.request('PATCH', `/api/viewings/${id}`, { note: 'Changed.', with: [] }), expected: OWNER_ONLY, mutates: true },
      { name: 'delete a viewing', send: (agent, id) => agent.delete(`/api/viewings/${id}`), expected: OWNER_ONLY, mutates: true },
      { name: 'read a diary', send: (agent) => agent.get('/api/users/perm_viewer/diary'), expected: ANYONE, mutates: false },
      { name: 'follow a diary in a feed reader', send: (agent) => agent.get('/api/users/perm_viewer/diary.atom'), expected: ANYONE, mutates: false },
      { name: "read a movie's viewings", send: (agent) => agent.get(`/api/movies/${movieId}/viewings`), expected: ANYONE, mutates: false },
      { name: 'look up members to tag', send: (agent) => agent.get('/api/members?q=perm'), expected: SIGNED_IN, mutates: false },
    ];

    for (const call of calls) {
      for (const role of ROLES) {
        it(`${call.name}: ${role} → ${call.expected[role]}`, async () => {
          const logged = await agents.owner.post('/api/viewings', { movie_id: movieId, watched_on: '2024-06-01', with: ['perm_tagged'], note: 'Original.' });
          const id = logged.body.viewing.id as number;
          const before = await app.database.db.selectFrom('viewings').selectAll().where('id', '=', id).executeTakeFirst();
          const reply = await call.send(agents[role], id);
          assert.equal(reply.status, call.expected[role], JSON.stringify(reply.body));
          if (reply.status >= 400) assert.equal(typeof reply.body.error, 'string');
          if (call.mutates && reply.status >= 400) {
            const after = await app.database.db.selectFrom('viewings').selectAll().where('id', '=', id).executeTakeFirst();
            assert.deepEqual(after, before, 'a refused call changes nothing');
            const tags = await app.database.db.selectFrom('viewing_companions').select('user_id').where('viewing_id', '=', id).execute();
            assert.equal(tags.length, 1, 'the tags stay');
          }
        });
      }
    }
  });
}
