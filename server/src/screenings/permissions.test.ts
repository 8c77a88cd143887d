import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { ApiAgent, ApiResponse } from '../testing/client';
import { startTestApp, TEST_DATABASES, type TestApp } from '../testing/testApp';
import { scheduleScreening, screeningRows, screeningWorld, startedHoursAgo, startsIn } from './testing';

/** Who calls: nobody signed in, a member with no role on the list, a moderator of the list, its owner. */
type Role = 'anonymous' | 'member' | 'moderator' | 'owner';
const ROLES: Role[] = ['anonymous', 'member', 'moderator', 'owner'];

const EDITORS = { anonymous: 401, member: 403, moderator: 200, owner: 200 };
const SIGNED_IN = { anonymous: 401, member: 200, moderator: 200, owner: 200 };
const ANYONE = { anonymous: 200, member: 200, moderator: 200, owner: 200 };

interface Call {
  name: string;
  /** What has to be true first (an RSVP before a vote, a pick before attendance); `agent` is the caller's, null when anonymous. */
  prepare?(screeningId: number, agent: ApiAgent | null): Promise<void>;
  send(agent: ApiAgent, screeningId: number): Promise<ApiResponse>;
  expected: Record<Role, number>;
}

for (const kind of TEST_DATABASES) {
  describe(`movie night permission matrix (${kind})`, () => {
    let app: TestApp;
    let world: Awaited<ReturnType<typeof screeningWorld>>;
    let agents: Record<Role, ApiAgent>;

    before(async () => {
      app = await startTestApp(kind);
      world = await screeningWorld(app, 'sp');
      agents = { anonymous: app.agent(), member: world.stranger.agent, moderator: world.moderator.agent, owner: world.owner.agent };
    });
    after(() => app.close());

    const movieId = () => world.listed[0].id;
    const startAndPick = async (id: number) => {
      await startedHoursAgo(app, id, 1);
      const picked = await world.owner.agent.post(`/api/screenings/${id}/pick`);
      assert.equal(picked.status, 200, JSON.stringify(picked.body));
    };

    const calls: Call[] = [
      { name: 'schedule a screening', send: (agent) => agent.post('/api/screenings', { watchlist_id: world.publicId, starts_at: startsIn(24) }), expected: EDITORS },
      { name: 'list upcoming screenings', send: (agent) => agent.get('/api/screenings?upcoming=1'), expected: ANYONE },
      { name: 'read a screening', send: (agent, id) => agent.get(`/api/screenings/${id}`), expected: ANYONE },
      { name: 'change a screening', send: (agent, id) => agent.request('PATCH', `/api/screenings/${id}`, { note: 'Changed.', starts_at: startsIn(30) }), expected: EDITORS },
      { name: 'cancel a screening', send: (agent, id) => agent.post(`/api/screenings/${id}/cancel`), expected: EDITORS },
      { name: 'RSVP', send: (agent, id) => agent.post(`/api/screenings/${id}/rsvp`, { status: 'yes' }), expected: SIGNED_IN },
      {
        name: 'vote',
        prepare: async (id, agent) => {
          if (agent) await agent.post(`/api/screenings/${id}/rsvp`, { status: 'yes' });
        },
        send: (agent, id) => agent.post(`/api/screenings/${id}/votes`, { movie_id: movieId(), vote: 'up' }),
        expected: SIGNED_IN,
      },
      {
        name: 'take a vote back',
        prepare: async (id, agent) => {
          if (!agent) return;
          await agent.post(`/api/screenings/${id}/rsvp`, { status: 'yes' });
          await agent.post(`/api/screenings/${id}/votes`, { movie_id: movieId(), vote: 'veto' });
        },
        send: (agent, id) => agent.delete(`/api/screenings/${id}/votes/${movieId()}`),
        expected: SIGNED_IN,
      },
      { name: 'pick the movie', send: (agent, id) => agent.post(`/api/screenings/${id}/pick`), expected: EDITORS },
      {
        name: 'record who came',
        prepare: (id) => startAndPick(id),
        send: (agent, id) => agent.post(`/api/screenings/${id}/attendance`, { usernames: [world.stranger.username, world.moderator.username] }),
        expected: EDITORS,
      },
      { name: 'read rating prompts', send: (agent) => agent.get('/api/screenings/prompts'), expected: SIGNED_IN },
      {
        name: 'dismiss a rating prompt',
        prepare: async (id) => {
          await startAndPick(id);
          const recorded = await world.owner.agent.post(`/api/screenings/${id}/attendance`, { usernames: [world.stranger.username, world.moderator.username, world.owner.username] });
          assert.equal(recorded.status, 200, JSON.stringify(recorded.body));
        },
        send: (agent, id) => agent.post(`/api/screenings/${id}/prompt/dismiss`),
        expected: SIGNED_IN,
      },
      { name: 'download a screening calendar', send: (agent, id) => agent.get(`/api/screenings/${id}.ics`), expected: ANYONE },
      { name: "subscribe to a list's calendar", send: (agent) => agent.get(`/api/watchlists/${world.publicId}-sp-public-list/screenings.ics`), expected: ANYONE },
      { name: "subscribe to the club's calendar", send: (agent) => agent.get('/api/screenings.ics'), expected: ANYONE },
      { name: "subscribe to a member's calendar", send: (agent) => agent.get(`/api/users/${world.moderator.username}/screenings.ics`), expected: ANYONE },
    ];

    for (const call of calls) {
      for (const role of ROLES) {
        it(`${call.name}: ${role} → ${call.expected[role]}`, async () => {
          const id = await scheduleScreening(world.owner.agent, { watchlist_id: world.publicId, place: 'Before' });
          await call.prepare?.(id, role === 'anonymous' ? null : agents[role]);
          const before = await screeningRows(app, id);
          const screeningCount = (await app.database.db.selectFrom('screenings').select('id').execute()).length;
          const reply = await call.send(agents[role], id);
          assert.equal(reply.status, call.expected[role], JSON.stringify(reply.body));
          if (reply.status >= 400) {
            assert.match(reply.body.error, /^[A-Z].*\.$/, 'a refusal is a sentence');
            assert.deepEqual(await screeningRows(app, id), before, 'a refused call changes nothing');
            assert.equal((await app.database.db.selectFrom('screenings').select('id').execute()).length, screeningCount);
          }
        });
      }
    }

    it('answers every screening call about a missing screening with 404 for members and 401 for visitors where signing in is needed', async () => {
      const signedIn = await world.stranger.agent.post('/api/screenings/999999/votes', { movie_id: movieId(), vote: 'up' });
      assert.deepEqual([signedIn.status, signedIn.body.error], [404, 'Screening not found.']);
      const anonymous = await app.agent().post('/api/screenings/999999/rsvp', { status: 'yes' });
      assert.deepEqual([anonymous.status, anonymous.body.error], [401, 'You must be signed in to RSVP.']);
      assert.equal((await app.agent().get('/api/screenings/999999.ics')).status, 404);
      assert.equal((await app.agent().get(`/api/watchlists/${world.personalId}/screenings.ics`)).body.error, 'Watchlist not found.');
    });
  });
}
