import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { ApiAgent, ApiResponse } from '../testing/client';
import { createUser, type SignedInUser } from '../testing/factories';
import { startTestApp, TEST_DATABASES, type TestApp } from '../testing/testApp';

/** Who calls: a visitor, a member, or the site's admin (the first account registered). */
type Role = 'anonymous' | 'member' | 'admin';
const ROLES: Role[] = ['anonymous', 'member', 'admin'];
const EXPECTED: Record<Role, number> = { anonymous: 401, member: 403, admin: 200 };

interface Call {
  name: string;
  /** `mappingId` is an existing link the call may name. */
  send(agent: ApiAgent, mappingId: number): Promise<ApiResponse>;
}

for (const kind of TEST_DATABASES) {
  describe(`media-server admin permission matrix (${kind})`, () => {
    let app: TestApp;
    let people: Record<'member' | 'admin', SignedInUser>;

    before(async () => {
      app = await startTestApp(kind);
      people = { admin: await createUser(app, 'ms_admin'), member: await createUser(app, 'ms_member') };
    });
    after(() => app.close());

    /** A fresh state: one link and a secret. */
    const seed = async () => {
      const db = app.database.db;
      await db.deleteFrom('media_server_users').execute();
      await db.deleteFrom('app_meta').where('key', '=', 'media_server_secret_hash').execute();
      await db.insertInto('app_meta').values({ key: 'media_server_secret_hash', value: 'seeded' }).execute();
      const row = await db
        .insertInto('media_server_users')
        .values({ server: 'plex', external_name: 'Seeded', external_name_lower: 'seeded', user_id: people.member.id, created_at: new Date().toISOString() })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    };
    const state = async () => ({
      links: await app.database.db.selectFrom('media_server_users').selectAll().orderBy('id').execute(),
      secret: await app.database.db.selectFrom('app_meta').selectAll().where('key', '=', 'media_server_secret_hash').execute(),
    });

    const calls: Call[] = [
      { name: 'see the media-server settings', send: (agent) => agent.get('/api/admin/media-servers') },
      { name: 'rotate the webhook secret', send: (agent) => agent.post('/api/admin/media-servers/secret', {}) },
      {
        name: 'link a media-server user',
        send: (agent) => agent.post('/api/admin/media-servers/mappings', { server: 'jellyfin', external_name: 'Someone', username: 'ms_member' }),
      },
      { name: 'remove a link', send: (agent, id) => agent.delete(`/api/admin/media-servers/mappings/${id}`) },
    ];

    for (const call of calls) {
      for (const role of ROLES) {
        it(`${call.name}: ${role} → ${EXPECTED[role]}`, async () => {
          const id = await seed();
          const before = await state();
          const agent = role === 'anonymous' ? app.agent() : people[role].agent;
          const reply = await call.send(agent, id);
          assert.equal(reply.status, EXPECTED[role], JSON.stringify(reply.body));
          if (role === 'admin') return;
          assert.equal(reply.body.code, role === 'anonymous' ? 'not_signed_in' : 'admin_only');
          assert.deepEqual(await state(), before, 'a refused call changes nothing');
        });
      }
    }

    it('tells the admin about a name already linked, an unknown member, and a link that is gone', async () => {
      const id = await seed();
      const admin = people.admin.agent;
      const taken = await admin.post('/api/admin/media-servers/mappings', { server: 'plex', external_name: 'SEEDED', username: 'ms_admin' });
      assert.deepEqual([taken.status, taken.body.error], [409, 'The Plex user SEEDED is already linked to a member. Remove that link first.']);
      const nobody = await admin.post('/api/admin/media-servers/mappings', { server: 'plex', external_name: 'Other', username: 'nobody_here' });
      assert.deepEqual([nobody.status, nobody.body.error], [400, 'No member is called nobody_here.']);
      const badServer = await admin.post('/api/admin/media-servers/mappings', { server: 'kodi', external_name: 'Other', username: 'ms_admin' });
      assert.deepEqual([badServer.status, badServer.body.error], [400, 'Choose Jellyfin, Plex or Emby.']);
      const added = await admin.post('/api/admin/media-servers/mappings', { server: 'emby', external_name: '  Seeded ', username: 'MS_ADMIN' });
      assert.equal(added.status, 200);
      assert.deepEqual({ ...added.body.mapping, id: 0 }, { id: 0, server: 'emby', external_name: 'Seeded', username: 'ms_admin' });
      const listed = (await admin.get('/api/admin/media-servers')).body.mappings;
      assert.deepEqual(listed.map((row: { server: string; username: string }) => [row.server, row.username]), [['emby', 'ms_admin'], ['plex', 'ms_member']]);
      assert.equal((await admin.delete(`/api/admin/media-servers/mappings/${id}`)).status, 200);
      const gone = await admin.delete(`/api/admin/media-servers/mappings/${id}`);
      assert.deepEqual([gone.status, gone.body.error], [404, 'That media-server user link does not exist.']);
    });
  });
}
