import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { ApiAgent, ApiResponse } from '../testing/client';
import { createUser } from '../testing/factories';
import { startTestApp, TEST_DATABASES, type TestApp } from '../testing/testApp';
import { itemIds, watchlistWorld } from './testing';

type Role = 'anonymous' | 'stranger' | 'moderator' | 'owner';
type Kind = 'personal' | 'public';
const ROLES: Role[] = ['anonymous', 'stranger', 'moderator', 'owner'];

interface Call {
  name: string;
  /** Puts the list in the state the call needs (done as the owner or directly in the database). */
  prepare?(listId: number): Promise<void>;
  send(agent: ApiAgent, listId: number): Promise<ApiResponse>;
  /** Expected status per list kind and role. */
  expected: Record<Kind, Record<Role, number>>;
}

// Editors' calls: only the owner on a personal list (others do not see it at all),
// owner or moderator on a public list.
const EDITOR_ONLY: Call['expected'] = {
  personal: { anonymous: 401, stranger: 404, moderator: 404, owner: 200 },
  public: { anonymous: 401, stranger: 403, moderator: 200, owner: 200 },
};
const OWNER_MANAGES_MODERATORS: Call['expected'] = {
  personal: { anonymous: 401, stranger: 404, moderator: 404, owner: 400 },
  public: { anonymous: 401, stranger: 403, moderator: 403, owner: 200 },
};

for (const kind of TEST_DATABASES) {
  describe(`watchlist permission matrix (${kind})`, () => {
    let app: TestApp;
    let world: Awaited<ReturnType<typeof watchlistWorld>>;
    let helper: Awaited<ReturnType<typeof createUser>>;
    let agents: Record<Role, ApiAgent>;

    before(async () => {
      app = await startTestApp(kind);
      world = await watchlistWorld(app, 'perm');
      helper = await createUser(app, 'perm_helper');
      // A moderator row on a personal list (which the API never creates) must grant nothing.
      await app.database.db
        .insertInto('watchlist_moderators')
        .values({ watchlist_id: world.personalId, user_id: world.moderator.id, added_at: new Date().toISOString() })
        .execute();
      agents = { anonymous: app.agent(), stranger: world.stranger.agent, moderator: world.moderator.agent, owner: world.owner.agent };
    });
    after(() => app.close());

    const db = () => app.database.db;
    const spare = () => world.movies[3].id;
    const listOf = (kindOfList: Kind) => (kindOfList === 'personal' ? world.personalId : world.publicId);
    const snapshot = async (listId: number) => {
      const list = await world.owner.agent.get(`/api/watchlists/${listId}`);
      return JSON.stringify(list.body.watchlist);
    };

    const calls: Call[] = [
      {
        name: 'POST /api/watchlists/{id}/items',
        prepare: async (listId) => {
          await db().deleteFrom('watchlist_items').where('watchlist_id', '=', listId).where('movie_id', '=', spare()).execute();
        },
        send: (agent, listId) => agent.post(`/api/watchlists/${listId}/items`, { movie_id: spare() }),
        expected: {
          personal: { anonymous: 401, stranger: 404, moderator: 404, owner: 200 },
          public: { anonymous: 401, stranger: 200, moderator: 200, owner: 200 },
        },
      },
      {
        name: 'DELETE /api/watchlists/{id}/items/{movieId}',
        prepare: async (listId) => {
          await world.owner.agent.post(`/api/watchlists/${listId}/items`, { movie_id: spare() });
        },
        send: (agent, listId) => agent.delete(`/api/watchlists/${listId}/items/${spare()}`),
        expected: EDITOR_ONLY,
      },
      {
        name: 'PUT /api/watchlists/{id}/description',
        send: (agent, listId) => agent.put(`/api/watchlists/${listId}/description`, { description: `<p>Edited ${Math.random()}</p>` }),
        expected: EDITOR_ONLY,
      },
      {
        name: 'PUT /api/watchlists/{id}/items/order',
        send: async (agent, listId) => {
          const order = (await itemIds(world.owner.agent, listId)).reverse();
          return agent.put(`/api/watchlists/${listId}/items/order`, { order });
        },
        expected: EDITOR_ONLY,
      },
      {
        name: 'POST /api/watchlists/{id}/pick',
        send: (agent, listId) => agent.post(`/api/watchlists/${listId}/pick`),
        expected: EDITOR_ONLY,
      },
      {
        name: 'POST /api/add_moderator',
        prepare: async (listId) => {
          await db().deleteFrom('watchlist_moderators').where('watchlist_id', '=', listId).where('user_id', '=', helper.id).execute();
        },
        send: (agent, listId) => agent.post('/api/add_moderator', { username: helper.username, watchlist_id: listId }),
        expected: OWNER_MANAGES_MODERATORS,
      },
      {
        name: 'POST /api/remove_moderator',
        prepare: async (listId) => {
          await db().deleteFrom('watchlist_moderators').where('watchlist_id', '=', listId).where('user_id', '=', helper.id).execute();
          await db().insertInto('watchlist_moderators').values({ watchlist_id: listId, user_id: helper.id, added_at: new Date().toISOString() }).execute();
        },
        send: (agent, listId) => agent.post('/api/remove_moderator', { username: helper.username, watchlist_id: listId }),
        expected: OWNER_MANAGES_MODERATORS,
      },
    ];

    for (const call of calls) {
      for (const listKind of ['personal', 'public'] as Kind[]) {
        for (const role of ROLES) {
          const status = call.expected[listKind][role];
          it(`${call.name} on a ${listKind} list as ${role} → ${status}`, async () => {
            const listId = listOf(listKind);
            await call.prepare?.(listId);
            const before = await snapshot(listId);
            const reply = await call.send(agents[role], listId);
            assert.equal(reply.status, status, JSON.stringify(reply.body));
            if (status === 200) {
              assert.equal(reply.body.success, true);
              return;
            }
            assert.equal(reply.body.success, false);
            assert.equal(typeof reply.body.error, 'string');
            assert.match(reply.body.error, /\.$/, 'errors are sentences');
            assert.equal(await snapshot(listId), before, 'a refused call changes nothing');
          });
        }
      }
    }

    for (const role of ROLES) {
      const status = role === 'anonymous' ? 401 : 200;
      it(`POST /api/watchlists/public as ${role} → ${status}`, async () => {
        const reply = await agents[role].post('/api/watchlists/public', { name: `Made by ${role}` });
        assert.equal(reply.status, status);
        if (status === 200) assert.equal(reply.body.watchlist.name, `Made by ${role}`);
      });
      it(`POST /api/watchlists/mine/items as ${role} → ${status}`, async () => {
        const reply = await agents[role].post('/api/watchlists/mine/items', { movie_id: world.movies[3].id });
        assert.equal(reply.status, status);
        if (status === 200) {
          const mine = await agents[role].get('/api/watchlists/mine');
          assert.ok(mine.body.watchlist.items.some((item: { id: number }) => item.id === world.movies[3].id));
        }
      });
    }

    it('hides a personal list from everyone but its owner, and shows public lists to all', async () => {
      for (const role of ['anonymous', 'stranger', 'moderator'] as Role[]) {
        const reply = await agents[role].get(`/api/watchlists/${world.personalId}`);
        assert.equal(reply.status, 404);
        assert.deepEqual(reply.body, { success: false, error: 'Watchlist not found.', code: 'not_found' });
      }
      const missing = await agents.stranger.get('/api/watchlists/999999');
      assert.deepEqual(missing.body, { success: false, error: 'Watchlist not found.', code: 'not_found' }, 'same answer as a list that does not exist');
      assert.equal((await agents.owner.get(`/api/watchlists/${world.personalId}`)).status, 200);
      for (const role of ROLES) assert.equal((await agents[role].get(`/api/watchlists/${world.publicId}`)).status, 200);
      assert.equal((await agents.anonymous.get('/api/watchlists/mine')).status, 401);
    });

    it("answers a list's add-on addresses (Stremio, Radarr) alike for every role: a public list by any slug, a personal one only with its secret", async () => {
      const secretPath = (await agents.owner.get('/api/watchlists/mine')).body.watchlist.stremio_path as string;
      const secretIdentifier = secretPath.split('/')[3];
      for (const file of ['stremio/manifest.json', 'radarr.json']) {
        for (const role of ROLES) {
          const asked = async (identifier: string) => (await agents[role].get(`/api/watchlist/${identifier}/${file}`)).status;
          assert.equal(await asked(`${world.publicId}-any-slug`), 200, `${file}, public, ${role}`);
          assert.equal(await asked(`${world.personalId}-no-secret`), 404, `${file}, personal without its secret, ${role}`);
          assert.equal(await asked(secretIdentifier), 200, `${file}, personal with its secret, ${role}`);
        }
      }
    });
  });
}
