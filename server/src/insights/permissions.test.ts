import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { ApiAgent, ApiResponse } from '../testing/client';
import { addReview } from '../testing/factories';
import { startTestApp, TEST_DATABASES, type TestApp } from '../testing/testApp';
import { watchlistWorld } from '../watchlists/testing';

/** Who calls: nobody signed in, a member with no role on the list, a moderator of the list, its owner. */
type Role = 'anonymous' | 'member' | 'moderator' | 'owner';
const ROLES: Role[] = ['anonymous', 'member', 'moderator', 'owner'];

const ANYONE = { anonymous: 200, member: 200, moderator: 200, owner: 200 };
const SIGNED_IN = { anonymous: 401, member: 200, moderator: 200, owner: 200 };
/** A personal list does not exist for anyone but its owner. */
const OWNER_ONLY = { anonymous: 404, member: 404, moderator: 404, owner: 200 };

interface Call {
  name: string;
  send(agent: ApiAgent): Promise<ApiResponse>;
  expected: Record<Role, number>;
}

for (const kind of TEST_DATABASES) {
  describe(`insight permission matrix (${kind})`, () => {
    let app: TestApp;
    let world: Awaited<ReturnType<typeof watchlistWorld>>;
    let agents: Record<Role, ApiAgent>;

    before(async () => {
      app = await startTestApp(kind);
      world = await watchlistWorld(app, 'ip');
      agents = { anonymous: app.agent(), member: world.stranger.agent, moderator: world.moderator.agent, owner: world.owner.agent };
      await addReview(app.database.db, { user_id: world.owner.id, movie_id: world.movies[0].id, stars: 8 });
      await addReview(app.database.db, { user_id: world.moderator.id, movie_id: world.movies[0].id, stars: 3 });
    });
    after(() => app.close());

    /** Everything a read could have written by mistake (a personal list made on the way, say). */
    const snapshot = async () => {
      const db = app.database.db;
      return {
        lists: await db.selectFrom('watchlists').select(['id', 'is_personal', 'owner_id']).orderBy('id').execute(),
        items: await db.selectFrom('watchlist_items').select(['watchlist_id', 'movie_id']).orderBy('watchlist_id').orderBy('movie_id').execute(),
        reviews: await db.selectFrom('reviews').select(['id', 'stars']).orderBy('id').execute(),
        viewings: await db.selectFrom('viewings').select('id').orderBy('id').execute(),
      };
    };

    const calls: Call[] = [
      { name: "read a member's statistics", send: (agent) => agent.get('/api/users/ip_owner/stats'), expected: ANYONE },
      { name: "read a member's statistics for a year", send: (agent) => agent.get(`/api/users/ip_mod/stats?year=${new Date().getUTCFullYear()}`), expected: ANYONE },
      { name: 'read the club statistics', send: (agent) => agent.get('/api/club/stats'), expected: ANYONE },
      { name: 'read the club statistics for a year', send: (agent) => agent.get('/api/club/stats?year=2024'), expected: ANYONE },
      { name: 'read a taste match', send: (agent) => agent.get('/api/users/ip_owner/taste/ip_mod'), expected: ANYONE },
      { name: 'read who has seen a movie', send: (agent) => agent.get(`/api/movies/${world.movies[0].id}/seen-by`), expected: ANYONE },
      { name: "read who has seen a public list's movies", send: (agent) => agent.get(`/api/watchlists/${world.publicId}/seen-by`), expected: ANYONE },
      {
        name: "read who has seen a public list's movies by its address",
        send: (agent) => agent.get(`/api/watchlists/${world.publicId}-ip-public-list/seen-by`),
        expected: ANYONE,
      },
      { name: "read who has seen a personal list's movies", send: (agent) => agent.get(`/api/watchlists/${world.personalId}/seen-by`), expected: OWNER_ONLY },
      {
        name: "read who has seen a personal list's movies by an address",
        send: (agent) => agent.get(`/api/watchlists/${world.personalId}-my-watchlist/seen-by`),
        expected: OWNER_ONLY,
      },
      { name: "read who has seen the caller's own personal list", send: (agent) => agent.get('/api/watchlists/mine/seen-by'), expected: SIGNED_IN },
    ];

    for (const call of calls) {
      for (const role of ROLES) {
        it(`${call.name}: ${role} → ${call.expected[role]}`, async () => {
          const before = await snapshot();
          const reply = await call.send(agents[role]);
          assert.equal(reply.status, call.expected[role], JSON.stringify(reply.body));
          if (reply.status >= 400) {
            assert.match(reply.body.error, /^[A-Z].*\.$/, 'a refusal is a sentence');
            const sentence = reply.status === 401 ? 'You must be signed in to do that.' : 'Watchlist not found.';
            assert.equal(reply.body.error, sentence, 'a personal list answers exactly as a missing one');
          }
          assert.deepEqual(await snapshot(), before, 'a read changes nothing');
        });
      }
    }

    it("shows the owner their personal list's movies, and the same answer by id and as 'mine'", async () => {
      const byId = await world.owner.agent.get(`/api/watchlists/${world.personalId}/seen-by`);
      const mine = await world.owner.agent.get('/api/watchlists/mine/seen-by');
      assert.deepEqual(byId.body, mine.body);
      // The owner and the moderator reviewed the first film (so both are members); nobody has seen the others.
      assert.deepEqual(byId.body.seen_by, {
        [world.movies[0].id]: ['ip_mod', 'ip_owner'],
        [world.movies[1].id]: [],
        [world.movies[2].id]: [],
      });
    });
  });
}
