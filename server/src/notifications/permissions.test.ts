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

    /** Fresh unread notifications for both members (two for Ann from Bob, one for Bob from Ann), both with reactions turned off. */
    const seed = async () => {
      await app.database.db.deleteFrom('notifications').execute();
      await app.database.db.deleteFrom('notification_kinds_off').execute();
      await app.database.db.insertInto('notification_kinds_off').values([{ user_id: people.ann.id, kind: 'reaction' }, { user_id: people.bob.id, kind: 'reaction' }]).execute();
      const { ann, bob } = people;
      for (const [user, actor] of [[ann, bob], [ann, bob], [bob, ann]] as const) {
        await notify(app.app, { userId: user.id, kind: 'comment', actorId: actor.id, text: `For ${user.username}.`, link: '/movie/1' });
      }
    };
    const rows = () => app.database.db.selectFrom('notifications').select(['id', 'user_id', 'read_at']).orderBy('id').execute();
    const kindsOff = () => app.database.db.selectFrom('notification_kinds_off').select(['user_id', 'kind']).orderBy('user_id').orderBy('kind').execute();
    const idsOf = async (userId: number) => (await rows()).filter((row) => row.user_id === userId).map((row) => row.id);

    const calls: Call[] = [
      { name: 'list notifications', send: (agent) => agent.get('/api/notifications') },
      { name: 'list notifications before an id', send: (agent) => agent.get('/api/notifications?before=1000000&limit=100') },
      { name: 'mark all read', send: (agent) => agent.post('/api/notifications/read', {}) },
      { name: "mark the other member's read", send: (agent, others) => agent.post('/api/notifications/read', { ids: others }) },
      { name: 'read the settings', send: (agent) => agent.get('/api/notifications/settings') },
      { name: 'turn a kind off', send: (agent) => agent.put('/api/notifications/settings', { kind: 'comment', on: false }) },
      { name: 'turn a kind on', send: (agent) => agent.put('/api/notifications/settings', { kind: 'reaction', on: true }) },
    ];

    for (const call of calls) {
      for (const role of ROLES) {
        const expected = role === 'anonymous' ? 401 : 200;
        it(`${call.name}: ${role} → ${expected}`, async () => {
          await seed();
          const self = role === 'anonymous' ? null : people[role];
          const other = role === 'bob' ? people.ann : people.bob;
          const before = await rows();
          const kindsBefore = await kindsOff();
          const reply = await call.send(self ? self.agent : app.agent(), await idsOf(other.id));
          assert.equal(reply.status, expected, JSON.stringify(reply.body));
          const after = await rows();
          const kindsAfter = await kindsOff();
          if (!self) {
            assert.equal(reply.body.error, SIGN_IN);
            assert.deepEqual(after, before, 'a refused call changes nothing');
            assert.deepEqual(kindsAfter, kindsBefore, 'a refused call changes no setting');
            return;
          }
          assert.deepEqual(
            kindsAfter.filter((row) => row.user_id !== self.id),
            kindsBefore.filter((row) => row.user_id !== self.id),
            "the other member's settings are untouched",
          );
          if (reply.body.kinds) {
            const ownOff = kindsAfter.filter((row) => row.user_id === self.id).map((row) => row.kind);
            assert.deepEqual(reply.body.kinds.filter((row: { on: boolean }) => !row.on).map((row: { kind: string }) => row.kind).sort(), ownOff, 'their own settings');
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
