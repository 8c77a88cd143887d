import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { ApiAgent, ApiResponse } from '../testing/client';
import { createUser, type SignedInUser } from '../testing/factories';
import { startTestApp, TEST_DATABASES, type TestApp } from '../testing/testApp';
import { notify } from './notify';

/** Who calls: nobody signed in, or one of two members who each have notifications of their own. */
type Role = 'anonymous' | 'ann' | 'bob';
const ROLES: Role[] = ['anonymous', 'ann', 'bob'];
const SIGN_IN = 'You must be signed in to see your notifications.';

interface Call {
  name: string;
  /** `others` are the ids of the other member's notifications. */
  send(agent: ApiAgent, others: number[]): Promise<ApiResponse>;
}

for (const kind of TEST_DATABASES) {
  describe(`notification permission matrix (${kind})`, () => {
    let app: TestApp;
    let people: Record<'ann' | 'bob', SignedInUser>;

    before(async () => {
      app = await startTestApp(kind);
      people = { ann: await createUser(app, 'np_ann'), bob: await createUser(app, 'np_bob') };
    });
    after(() => app.close());

    /** Fresh unread notifications for both members: two for Ann from Bob, one for Bob from Ann. */
    const seed = async () => {
      await app.database.db.deleteFrom('notifications').execute();
      const { ann, bob } = people;
      for (const [user, actor] of [[ann, bob], [ann, bob], [bob, ann]] as const) {
        await notify(app.app, { userId: user.id, kind: 'comment', actorId: actor.id, text: `For ${user.username}.`, link: '/movie/1' });
      }
    };
    const rows = () => app.database.db.selectFrom('notifications').select(['id', 'user_id', 'read_at']).orderBy('id').execute();
    const idsOf = async (userId: number) => (await rows()).filter((row) => row.user_id === userId).map((row) => row.id);

    const calls: Call[] = [
      { name: 'list notifications', send: (agent) => agent.get('/api/notifications') },
      { name: 'list notifications before an id', send: (agent) => agent.get('/api/notifications?before=1000000&limit=100') },
      { name: 'mark all read', send: (agent) => agent.post('/api/notifications/read', {}) },
      { name: "mark the other member's read", send: (agent, others) => agent.post('/api/notifications/read', { ids: others }) },
    ];

    for (const call of calls) {
      for (const role of ROLES) {
        const expected = role === 'anonymous' ? 401 : 200;
        it(`${call.name}: ${role} → ${expected}`, async () => {
          await seed();
          const self = role === 'anonymous' ? null : people[role];
          const other = role === 'bob' ? people.ann : people.bob;
          const before = await rows();
          const reply = await call.send(self ? self.agent : app.agent(), await idsOf(other.id));
          assert.equal(reply.status, expected, JSON.stringify(reply.body));
          const after = await rows();
          if (!self) {
            assert.equal(reply.body.error, SIGN_IN);
            assert.deepEqual(after, before, 'a refused call changes nothing');
            return;
          }
          const own = await idsOf(self.id);
          assert.deepEqual(
            after.filter((row) => row.user_id !== self.id),
            before.filter((row) => row.user_id !== self.id),
            "the other member's notifications are untouched",
          );
          if (reply.body.notifications) {
            assert.deepEqual(reply.body.notifications.map((row: { id: number }) => row.id), [...own].reverse(), 'their own, newest first');
            assert.ok(reply.body.notifications.every((row: { text: string }) => row.text === `For ${self.username}.`), 'only their own');
            assert.equal(reply.body.unread, own.length);
          } else {
            const unread = after.filter((row) => row.user_id === self.id && row.read_at === null).length;
            assert.equal(reply.body.unread, unread);
          }
        });
      }
    }
  });
}
