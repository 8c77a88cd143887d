import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { ApiResponse } from '../testing/client';
import { addReview, createUser, type SignedInUser } from '../testing/factories';
import { arrives, connectSocket, nextEvent } from '../watchlists/socketClient';
import { startTestApp, TEST_DATABASES, type TestApp } from '../testing/testApp';
import { scheduleScreening, screeningRows, screeningWorld, startedHoursAgo, startsIn } from './testing';

type World = Awaited<ReturnType<typeof screeningWorld>>;
type Candidate = { movie: { id: number }; up_votes: string[]; vetoed_by: string[]; seen_by: string[]; pickable: boolean; predicted_score: number | null };

for (const kind of TEST_DATABASES) {
  describe(`movie nights (${kind})`, () => {
    let app: TestApp;
    let world: World;
    let dan: SignedInUser;

    before(async () => {
      app = await startTestApp(kind);
      world = await screeningWorld(app, 'mn');
      dan = await createUser(app, 'mn_dan');
    });
    after(() => app.close());

    const detail = async (id: number, agent = world.stranger.agent) => {
      const reply = await agent.get(`/api/screenings/${id}`);
      assert.equal(reply.status, 200, JSON.stringify(reply.body));
      return reply.body.screening;
    };
    const candidateIds = (screening: { candidates: Candidate[] }) => screening.candidates.map((candidate) => candidate.movie.id);

    it('lets an editor schedule a screening, keeping its offset and cleaning its text', async () => {
      const startsAt = startsIn(30, -300);
      const reply = await world.moderator.agent.post('/api/screenings', { watchlist_id: world.publicId, starts_at: startsAt, place: '  Ann’s\n  living room ', note: '  Bring snacks.\nAnd a blanket.  ' });
      assert.equal(reply.status, 200, JSON.stringify(reply.body));
      const { screening } = reply.body;
      assert.deepEqual(
        { ...screening, id: 0 },
        {
          id: 0,
          watchlist_id: world.publicId,
          watchlist_name: 'mn Public List',
          starts_at: startsAt,
          place: 'Ann’s living room',
          note: 'Bring snacks.\nAnd a blanket.',
          status: 'planned',
          created_by: 'mn_mod',
          picked_movie: null,
          picked_at: null,
          yes_count: 0,
        },
      );
      const stored = await app.database.db.selectFrom('screenings').selectAll().where('id', '=', screening.id).executeTakeFirstOrThrow();
      assert.equal(stored.starts_at, new Date(Date.parse(startsAt)).toISOString(), 'stored in UTC');
      assert.equal(stored.utc_offset, -300);

      const shown = await detail(screening.id, app.agent());
      assert.deepEqual([shown.rsvps, shown.picked_movie, shown.attendees, shown.my_rsvp, shown.my_votes], [[], null, [], null, null]);
      assert.deepEqual(candidateIds(shown), world.listed.map((movie) => movie.id), 'every item while nobody said yes, in list order');
      assert.deepEqual(shown.permissions, { edit: false, pick: false, record_attendance: false, rsvp: false, vote: false });
      assert.deepEqual((await detail(screening.id, world.owner.agent)).permissions, { edit: true, pick: true, record_attendance: false, rsvp: true, vote: false });
    });

    it('refuses bad schedules with a sentence and writes nothing', async () => {
      const count = async () => (await app.database.db.selectFrom('screenings').select('id').execute()).length;
      const before = await count();
      const refusals: [SignedInUser, unknown, number, string][] = [
        [world.owner, { watchlist_id: world.publicId, starts_at: startsIn(-1) }, 400, 'A screening cannot start in the past.'],
        [world.owner, { watchlist_id: world.publicId, starts_at: startsIn(24 * 800) }, 400, 'A screening can be scheduled at most two years ahead.'],
        [world.owner, { watchlist_id: world.publicId, starts_at: '2030-02-30T20:00:00+01:00' }, 400, 'Start must be a date and time with its offset, written like 2026-12-20T20:00:00+01:00.'],
        [world.owner, { watchlist_id: world.publicId, starts_at: '2030-01-10T20:00:00' }, 400, 'Start must be a date and time with its offset, written like 2026-12-20T20:00:00+01:00.'],
        [world.owner, { watchlist_id: world.publicId, starts_at: startsIn(5), place: 'x'.repeat(101) }, 400, 'Place must be at most 100 characters.'],
        [world.owner, { watchlist_id: world.personalId, starts_at: startsIn(5) }, 400, 'Personal watchlists cannot host screenings.'],
        [world.moderator, { watchlist_id: world.personalId, starts_at: startsIn(5) }, 404, 'Watchlist not found.'],
        [world.stranger, { watchlist_id: world.publicId, starts_at: startsIn(5) }, 403, 'Only the list owner or a moderator can do that.'],
        [world.owner, { watchlist_id: 999_999, starts_at: startsIn(5) }, 404, 'Watchlist not found.'],
      ];
      for (const [user, body, status, error] of refusals) {
        const reply = await user.agent.post('/api/screenings', body);
        assert.deepEqual([reply.status, reply.body.error], [status, error], JSON.stringify(body));
      }
      const anonymous = await app.agent().post('/api/screenings', { watchlist_id: world.publicId, starts_at: startsIn(5) });
      assert.deepEqual([anonymous.status, anonymous.body.error], [401, 'You must be signed in to schedule a screening.']);
      assert.equal(await count(), before);
    });

    it("keeps a night's own clock when a change sends its start again from another time zone, and lets a night under way get a new place", async () => {
      // 23:30 in New York is the next day in UTC: the day a diary and a calendar give the night.
      const day = new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10);
      const startsAt = `${day}T23:30:00-05:00`;
      const id = await scheduleScreening(world.owner.agent, { watchlist_id: world.publicId, starts_at: startsAt });
      const sameMoment = new Date(startsAt).toISOString();
      const changed = await world.moderator.agent.request('PATCH', `/api/screenings/${id}`, { starts_at: sameMoment, place: 'The attic' });
      assert.equal(changed.status, 200, JSON.stringify(changed.body));
      assert.deepEqual([changed.body.screening.starts_at, changed.body.screening.place], [startsAt, 'The attic']);
      assert.equal((await detail(id)).starts_at, startsAt);

      // Under way for an hour: the form sends the start it shows, and the new place is taken.
      await startedHoursAgo(app, id, 1);
      const started = (await detail(id)).starts_at as string;
      const place = await world.owner.agent.request('PATCH', `/api/screenings/${id}`, { starts_at: started, place: "Bob's den" });
      assert.equal(place.status, 200, JSON.stringify(place.body));
      assert.deepEqual([place.body.screening.starts_at, place.body.screening.place], [started, "Bob's den"]);
      // A start moved into the past is still refused.
      const earlier = await world.owner.agent.request('PATCH', `/api/screenings/${id}`, { starts_at: startsIn(-2) });
      assert.deepEqual([earlier.status, earlier.body.error], [400, 'A screening cannot start in the past.']);
    });

    it('refuses to change or cancel a night that is over, and to cancel one whose guests are recorded as having come', async () => {
      const over = await scheduleScreening(world.owner.agent, { watchlist_id: world.publicId });
      await startedHoursAgo(app, over, 7);
      const before = await screeningRows(app, over);
      for (const [method, path, body] of [['PATCH', `/api/screenings/${over}`, { place: 'Later place' }], ['POST', `/api/screenings/${over}/cancel`, undefined]] as const) {
        const reply = await world.owner.agent.request(method, path, body);
        assert.deepEqual([reply.status, reply.body.error, reply.body.code], [409, 'This screening is over.', 'screening_over'], path);
      }
      assert.deepEqual(await screeningRows(app, over), before, 'nothing changed');
      assert.equal((await detail(over, world.owner.agent)).permissions.edit, false);

      const underWay = await scheduleScreening(world.owner.agent, { watchlist_id: world.publicId });
      await startedHoursAgo(app, underWay, 1);
      await world.owner.agent.post(`/api/screenings/${underWay}/pick`);
      // A member of its own, so the viewing it logs leaves the other tests' boards alone.
      const guest = await createUser(app, 'mn_guest');
      assert.equal((await world.owner.agent.post(`/api/screenings/${underWay}/attendance`, { usernames: [guest.username] })).status, 200);
      const cancel = await world.owner.agent.post(`/api/screenings/${underWay}/cancel`);
      assert.deepEqual([cancel.status, cancel.body.error], [409, 'Who came is already recorded; the night stands.']);
      assert.equal((await detail(underWay)).status, 'planned');
      assert.equal((await world.owner.agent.request('PATCH', `/api/screenings/${underWay}`, { note: 'Great night.' })).status, 200, 'under way it still takes a note');
    });

    it('lets editors change and cancel a screening; a cancelled one refuses everything else and leaves the upcoming list', async () => {
      const id = await scheduleScreening(world.owner.agent, { watchlist_id: world.publicId, place: 'Club room' });
      const moved = startsIn(72);
      const changed = await world.moderator.agent.request('PATCH', `/api/screenings/${id}`, { starts_at: moved, place: '', note: 'Moved.' });
      assert.equal(changed.status, 200, JSON.stringify(changed.body));
      assert.deepEqual([changed.body.screening.starts_at, changed.body.screening.place, changed.body.screening.note], [moved, null, 'Moved.']);
      const past = await world.owner.agent.request('PATCH', `/api/screenings/${id}`, { starts_at: startsIn(-2) });
      assert.deepEqual([past.status, past.body.error], [400, 'A screening cannot start in the past.']);

      await world.stranger.agent.post(`/api/screenings/${id}/rsvp`, { status: 'yes' });
      const cancelled = await world.owner.agent.post(`/api/screenings/${id}/cancel`);
      assert.deepEqual([cancelled.status, cancelled.body.screening.status], [200, 'cancelled']);
      const rows = await screeningRows(app, id);
      const refusals = [
        await world.owner.agent.post(`/api/screenings/${id}/cancel`),
        await world.owner.agent.request('PATCH', `/api/screenings/${id}`, { note: 'Again.' }),
        await world.stranger.agent.post(`/api/screenings/${id}/rsvp`, { status: 'no' }),
        await world.stranger.agent.post(`/api/screenings/${id}/votes`, { movie_id: world.listed[0].id, vote: 'up' }),
        await world.owner.agent.post(`/api/screenings/${id}/pick`),
        await world.owner.agent.post(`/api/screenings/${id}/attendance`, { usernames: [] }),
      ];
      for (const reply of refusals) assert.deepEqual([reply.status, reply.body.error, reply.body.code], [409, 'This screening was cancelled.', 'screening_cancelled']);
      assert.deepEqual(await screeningRows(app, id), rows, 'nothing written');

      const upcoming = await app.agent().get('/api/screenings?upcoming=1');
      assert.ok(!upcoming.body.screenings.some((screening: { id: number }) => screening.id === id));
      const others = await app.agent().get(`/api/screenings?upcoming=0&watchlist_id=${world.publicId}`);
      assert.ok(others.body.screenings.some((screening: { id: number }) => screening.id === id));
    });

    it("pages through a list's earlier and upcoming nights, 20 at a time, each night once", async () => {
      const paged = await screeningWorld(app, 'mp');
      const earlier: number[] = [];
      for (let index = 0; index < 43; index++) earlier.push(await scheduleScreening(paged.owner.agent, { watchlist_id: paged.publicId }));
      // Three nights a start, a day apart: ties are ordered by id.
      const dayAgo = Date.now() - 24 * 3_600_000;
      for (const [index, id] of earlier.entries()) {
        const startsAt = new Date(dayAgo - Math.floor(index / 3) * 24 * 3_600_000).toISOString();
        await app.database.db.updateTable('screenings').set({ starts_at: startsAt }).where('id', '=', id).execute();
      }
      // Far ahead, after every other test's nights.
      const coming: number[] = [];
      for (let index = 0; index < 21; index++) coming.push(await scheduleScreening(paged.owner.agent, { watchlist_id: paged.publicId, starts_at: startsIn(24 * (400 + index)) }));

      const pages = async (upcoming: 0 | 1) => {
        const sizes: number[] = [];
        const ids: number[] = [];
        let after: number | null = null;
        do {
          const reply: ApiResponse = await app.agent().get(`/api/screenings?upcoming=${upcoming}&watchlist_id=${paged.publicId}${after === null ? '' : `&after=${after}`}`);
          assert.equal(reply.status, 200, JSON.stringify(reply.body));
          sizes.push(reply.body.screenings.length);
          ids.push(...reply.body.screenings.map((night: { id: number }) => night.id));
          after = reply.body.next_after as number | null;
        } while (after !== null);
        return { sizes, ids };
      };
      // Latest first: the nights a day ago (ids ascending), then two days ago, …
      assert.deepEqual(await pages(0), { sizes: [20, 20, 3], ids: earlier });
      assert.deepEqual(await pages(1), { sizes: [20, 1], ids: coming });

      const refusals = [await app.agent().get('/api/screenings?upcoming=0&after=abc'), await app.agent().get('/api/screenings?upcoming=0&after=99999999')];
      assert.deepEqual(
        refusals.map((reply) => [reply.status, reply.body.error]),
        [
          [400, 'The screening id is not valid.'],
          [404, 'Screening not found.'],
        ],
      );
    });

    it('lists upcoming screenings soonest first, keeping one for six hours after it started', async () => {
      const later = await scheduleScreening(world.owner.agent, { watchlist_id: world.publicId, starts_at: startsIn(24 * 20) });
      const sooner = await scheduleScreening(world.owner.agent, { watchlist_id: world.publicId, starts_at: startsIn(24 * 10) });
      const justStarted = await scheduleScreening(world.owner.agent, { watchlist_id: world.publicId });
      const longAgo = await scheduleScreening(world.owner.agent, { watchlist_id: world.publicId });
      await startedHoursAgo(app, justStarted, 5);
      await startedHoursAgo(app, longAgo, 7);
      const reply = await app.agent().get('/api/screenings?upcoming=1');
      assert.equal(reply.status, 200);
      const ids = reply.body.screenings.map((screening: { id: number }) => screening.id);
      assert.ok(ids.indexOf(justStarted) < ids.indexOf(sooner) && ids.indexOf(sooner) < ids.indexOf(later), JSON.stringify(ids));
      assert.ok(!ids.includes(longAgo));
      const starts = reply.body.screenings.map((screening: { starts_at: string }) => Date.parse(screening.starts_at));
      assert.deepEqual(starts, [...starts].sort((a, b) => a - b));
      assert.equal((await app.agent().get('/api/screenings?upcoming=2')).body.error, 'Upcoming must be 1 or 0.');
      // Over: members can no longer answer or vote.
      const over = await world.stranger.agent.post(`/api/screenings/${longAgo}/rsvp`, { status: 'yes' });
      assert.deepEqual([over.status, over.body.error], [409, 'This screening is over.']);
    });

    it("takes RSVPs and votes: only 'yes' attendees vote, 3 up-votes and 1 veto each, candidates only", async () => {
      const id = await scheduleScreening(world.owner.agent, { watchlist_id: world.publicId });
      const [a, b, c, d] = world.listed.map((movie) => movie.id);
      const vote = (user: SignedInUser, movieId: number, kind: 'up' | 'veto') => user.agent.post(`/api/screenings/${id}/votes`, { movie_id: movieId, vote: kind });

      const early = await vote(dan, a, 'up');
      assert.deepEqual([early.status, early.body.error], [409, "Answer 'yes' to the screening before voting."]);
      const rsvp = await dan.agent.post(`/api/screenings/${id}/rsvp`, { status: 'yes' });
      assert.equal(rsvp.status, 200, JSON.stringify(rsvp.body));
      assert.deepEqual([rsvp.body.my_rsvp, rsvp.body.rsvps], ['yes', [{ username: 'mn_dan', profile_picture: null, status: 'yes' }]]);
      assert.equal((await dan.agent.post(`/api/screenings/${id}/rsvp`, { status: 'sure' })).body.error, "RSVP must be 'yes', 'maybe' or 'no'.");

      for (const movieId of [a, b, c]) assert.equal((await vote(dan, movieId, 'up')).status, 200);
      const before = await screeningRows(app, id);
      const fourth = await vote(dan, d, 'up');
      assert.deepEqual([fourth.status, fourth.body.error, fourth.body.code], [409, 'You can vote for at most 3 movies; take one back first.', 'vote_limit']);
      assert.equal((await vote(dan, a, 'up')).status, 200, 'voting again for the same movie changes nothing');
      const veto = await vote(dan, d, 'veto');
      assert.deepEqual(veto.body.my_votes, { up: [a, b, c], veto: d });
      const secondVeto = await vote(dan, world.listed[4].id, 'veto');
      assert.deepEqual([secondVeto.status, secondVeto.body.error], [409, 'You can veto only one movie; take your veto back first.']);
      const notListed = await vote(dan, world.movies[3].id, 'up');
      assert.deepEqual([notListed.status, notListed.body.error], [400, 'That movie is not a candidate for this screening.']);
      assert.equal((await vote(dan, a, 'sideways' as 'up')).body.error, "Vote must be 'up' or 'veto'.");
      assert.deepEqual((await screeningRows(app, id)).votes.length, before.votes.length + 1, 'only the veto was written');

      // Turning an up-vote into the veto is refused while another veto stands; taking it back frees it.
      assert.equal((await vote(dan, a, 'veto')).status, 409);
      const taken = await dan.agent.delete(`/api/screenings/${id}/votes/${d}`);
      assert.deepEqual([taken.status, taken.body.my_votes], [200, { up: [a, b, c], veto: null }]);
      assert.deepEqual((await dan.agent.delete(`/api/screenings/${id}/votes/${d}`)).body.error, 'You have no vote for that movie.');
      const switched = await vote(dan, a, 'veto');
      assert.deepEqual(switched.body.my_votes, { up: [b, c], veto: a });

      const shown = await detail(id, dan.agent);
      const byId = new Map<number, Candidate>(shown.candidates.map((candidate: Candidate) => [candidate.movie.id, candidate]));
      assert.deepEqual([byId.get(b)!.up_votes, byId.get(a)!.vetoed_by, byId.get(a)!.pickable, byId.get(b)!.pickable], [['mn_dan'], ['mn_dan'], false, true]);
      assert.deepEqual([shown.my_rsvp, shown.my_votes, shown.permissions.vote], ['yes', { up: [b, c], veto: a }, true]);

      // Saying maybe takes the votes back.
      await dan.agent.post(`/api/screenings/${id}/rsvp`, { status: 'maybe' });
      assert.deepEqual((await screeningRows(app, id)).votes, []);
    });

    it('counts only votes on movies still on the board: one taken off the list frees its place, and counts again when it returns', async () => {
      const listId = (await world.owner.agent.post('/api/watchlists/public', { name: 'mn board list' })).body.watchlist.id as number;
      const movies = world.listed.slice(0, 5).map((movie) => movie.id);
      for (const movieId of movies) assert.equal((await world.owner.agent.post(`/api/watchlists/${listId}/items`, { movie_id: movieId })).status, 200);
      const id = await scheduleScreening(world.owner.agent, { watchlist_id: listId });
      const vote = (movieId: number, kind: 'up' | 'veto') => dan.agent.post(`/api/screenings/${id}/votes`, { movie_id: movieId, vote: kind });
      await dan.agent.post(`/api/screenings/${id}/rsvp`, { status: 'yes' });
      const [a, b, c, d, e] = movies;
      for (const movieId of [a, b, c]) assert.equal((await vote(movieId, 'up')).status, 200);
      assert.equal((await vote(d, 'veto')).status, 200);

      // The vetoed movie and an up-voted one leave the list: their votes no longer count.
      for (const movieId of [a, d]) assert.equal((await world.owner.agent.delete(`/api/watchlists/${listId}/items/${movieId}`)).status, 200);
      assert.deepEqual((await detail(id, dan.agent)).my_votes, { up: [b, c], veto: null });
      const veto = await vote(e, 'veto');
      assert.deepEqual([veto.status, veto.body.my_votes], [200, { up: [b, c], veto: e }], 'the veto is free again');
      assert.deepEqual((await vote(e, 'up')).body.my_votes, { up: [b, c, e], veto: null }, 'and a third up-vote');

      // Back on the list, the old up-vote counts again.
      assert.equal((await world.owner.agent.post(`/api/watchlists/${listId}/items`, { movie_id: a })).status, 200);
      assert.deepEqual((await detail(id, dan.agent)).my_votes.up.sort(), [a, b, c, e].sort());
    });

    it("tells a night's page when its list's movies change, since its board is drawn from the list", async () => {
      const id = await scheduleScreening(world.owner.agent, { watchlist_id: world.publicId });
      const visitor = connectSocket(app.url);
      try {
        visitor.emit('screening:subscribe', { screening_id: id });
        await nextEvent(visitor, 'screening:init');
        const update = nextEvent(visitor, 'screening:update');
        const extra = world.movies[3].id;
        assert.equal((await world.owner.agent.post(`/api/watchlists/${world.publicId}/items`, { movie_id: extra })).status, 200);
        assert.equal(((await update) as { what: string }).what, 'list');
        const removed = nextEvent(visitor, 'screening:update');
        await world.owner.agent.delete(`/api/watchlists/${world.publicId}/items/${extra}`);
        assert.equal(((await removed) as { what: string }).what, 'list');
      } finally {
        visitor.disconnect();
      }
    });

    it("offers what not every 'yes' attendee has seen and shows who has, with their predicted group score", async () => {
      const id = await scheduleScreening(world.owner.agent, { watchlist_id: world.publicId });
      const [a, b, c] = world.listed.map((movie) => movie.id);
      const eve = await createUser(app, 'mn_eve');
      const fay = await createUser(app, 'mn_fay');
      for (const user of [eve, fay]) await user.agent.post(`/api/screenings/${id}/rsvp`, { status: 'yes' });
      // Both saw a (a review, a viewing) and c (a viewing, a tag); only Eve saw b.
      await addReview(app.database.db, { user_id: eve.id, movie_id: a, stars: 8 });
      await fay.agent.post('/api/viewings', { movie_id: a, watched_on: '2025-01-01' });
      await addReview(app.database.db, { user_id: eve.id, movie_id: b, stars: 4 });
      await fay.agent.post('/api/viewings', { movie_id: c, watched_on: '2025-01-02', with: ['mn_eve'] });
      const shown = await detail(id);
      assert.ok(!candidateIds(shown).includes(a), 'everyone coming has seen it');
      const byId = new Map<number, Candidate>(shown.candidates.map((candidate: Candidate) => [candidate.movie.id, candidate]));
      assert.deepEqual(byId.get(b)!.seen_by, ['mn_eve']);
      assert.ok(!candidateIds(shown).includes(c), "Fay's viewing of c, with Eve tagged, counts for both");
      assert.equal(byId.get(b)!.pickable, false);
      // Eve's own stars for b count as her prediction; Fay has no ratings and adds nothing.
      assert.equal(byId.get(b)!.predicted_score, 4);
      const unseen = shown.candidates.find((candidate: Candidate) => candidate.seen_by.length === 0);
      assert.equal(typeof unseen.predicted_score, 'number');
      assert.ok(unseen.predicted_score >= 1 && unseen.predicted_score <= 10);

      // A veto by an attendee who has seen everything still stands.
      const voteForSeen = await eve.agent.post(`/api/screenings/${id}/votes`, { movie_id: a, vote: 'up' });
      assert.deepEqual([voteForSeen.status, voteForSeen.body.error], [400, 'That movie is not a candidate for this screening.']);
    });

    it('says how many movies the list holds, and refuses a pick on a list with none', async () => {
      assert.equal((await detail(await scheduleScreening(world.owner.agent, { watchlist_id: world.publicId }))).list_movies, world.listed.length);
      const created = await world.owner.agent.post('/api/watchlists/public', { name: 'mn Empty List' });
      const id = await scheduleScreening(world.owner.agent, { watchlist_id: created.body.watchlist.id });
      await world.owner.agent.post(`/api/screenings/${id}/rsvp`, { status: 'yes' });
      const shown = await detail(id);
      assert.deepEqual([shown.list_movies, shown.candidates], [0, []]);
      const before = await screeningRows(app, id);
      const refused = await world.owner.agent.post(`/api/screenings/${id}/pick`);
      assert.deepEqual(
        [refused.status, refused.body.code, refused.body.error],
        [409, 'nothing_to_pick', 'The list has no movies yet: add some to it before picking.'],
      );
      assert.deepEqual(await screeningRows(app, id), before);
    });

    it('picks among unseen, unvetoed candidates weighted by votes, purely at random without votes, and says so when nothing is left', async () => {
      const id = await scheduleScreening(world.owner.agent, { watchlist_id: world.publicId });
      const ids = world.listed.map((movie) => movie.id);
      const seen = new Set<number>();
      // 150 draws among 6 leave one out about once in 10^11 runs (40 did about once in 250).
      for (let round = 0; round < 150; round++) {
        const reply = await world.moderator.agent.post(`/api/screenings/${id}/pick`);
        assert.equal(reply.status, 200, JSON.stringify(reply.body));
        seen.add(reply.body.picked_movie.id);
      }
      assert.equal(seen.size, ids.length, 'every candidate can come up when nobody voted');

      const gus = await createUser(app, 'mn_gus');
      await gus.agent.post(`/api/screenings/${id}/rsvp`, { status: 'yes' });
      await gus.agent.post(`/api/screenings/${id}/votes`, { movie_id: ids[1], vote: 'up' });
      await gus.agent.post(`/api/screenings/${id}/votes`, { movie_id: ids[2], vote: 'up' });
      await gus.agent.post(`/api/screenings/${id}/votes`, { movie_id: ids[0], vote: 'veto' });
      const picks = new Set<number>();
      for (let round = 0; round < 30; round++) picks.add((await world.owner.agent.post(`/api/screenings/${id}/pick`)).body.picked_movie.id);
      assert.deepEqual([...picks].sort(), [ids[1], ids[2]].sort(), 'only voted movies when there are votes');
      const shown = await detail(id);
      assert.ok([ids[1], ids[2]].includes(shown.picked_movie.id));
      assert.equal(typeof shown.picked_at, 'string');

      // Gus has seen both voted films and everything else but the vetoed one.
      for (const movieId of ids.slice(1)) await addReview(app.database.db, { user_id: gus.id, movie_id: movieId, stars: 6 });
      const before = await screeningRows(app, id);
      const nothing = await world.owner.agent.post(`/api/screenings/${id}/pick`);
      assert.deepEqual([nothing.status, nothing.body.code, nothing.body.error], [
        409,
        'nothing_to_pick',
        'Nothing is left to pick: every candidate is vetoed or already seen by someone who is coming.',
      ]);
      assert.deepEqual(await screeningRows(app, id), before);
    });

    it("records who came: a viewing each on the screening's own day, watched with the others, and a prompt to rate it", async () => {
      const id = await scheduleScreening(world.owner.agent, { watchlist_id: world.publicId, place: 'The attic', starts_at: startsIn(2, 600) });
      const early = await world.owner.agent.post(`/api/screenings/${id}/attendance`, { usernames: ['mn_dan'] });
      assert.deepEqual([early.status, early.body.error], [409, 'Record who came once the screening has started.']);
      await startedHoursAgo(app, id, 1);
      const unpicked = await world.owner.agent.post(`/api/screenings/${id}/attendance`, { usernames: ['mn_dan'] });
      assert.deepEqual([unpicked.status, unpicked.body.error], [409, 'Pick the movie before recording who came.']);
      const picked = (await world.owner.agent.post(`/api/screenings/${id}/pick`)).body.picked_movie;

      const before = await screeningRows(app, id);
      const unknown = await world.owner.agent.post(`/api/screenings/${id}/attendance`, { usernames: ['mn_dan', 'nobody_here'] });
      assert.deepEqual([unknown.status, unknown.body.error], [400, 'No member is called nobody_here.']);
      assert.deepEqual(await screeningRows(app, id), before);

      const recorded = await world.moderator.agent.post(`/api/screenings/${id}/attendance`, { usernames: ['MN_DAN', 'mn_stranger', 'mn_dan'] });
      assert.equal(recorded.status, 200, JSON.stringify(recorded.body));
      assert.deepEqual([recorded.body.attendees.map((member: { username: string }) => member.username), recorded.body.viewings_logged], [['mn_dan', 'mn_stranger'], 2]);
      const stored = await app.database.db.selectFrom('screenings').select(['starts_at', 'utc_offset']).where('id', '=', id).executeTakeFirstOrThrow();
      const localDay = new Date(Date.parse(stored.starts_at) + 600 * 60_000).toISOString().slice(0, 10);
      const diary = await app.agent().get('/api/users/mn_dan/diary');
      const entry = diary.body.viewings.find((viewing: { movie_id: number; tagged: boolean }) => viewing.movie_id === picked.id && !viewing.tagged);
      assert.deepEqual([entry.watched_on, entry.place, entry.with.map((member: { username: string }) => member.username)], [localDay, 'The attic', ['mn_stranger']]);
      assert.equal((await world.owner.agent.post(`/api/screenings/${id}/pick`)).body.error, 'Who came is already recorded; the pick stands.');
      // The night is settled: votes are closed too, and nothing is written.
      assert.equal((await dan.agent.post(`/api/screenings/${id}/rsvp`, { status: 'yes' })).status, 200);
      const settled = await screeningRows(app, id);
      const lateVote = await dan.agent.post(`/api/screenings/${id}/votes`, { movie_id: world.listed[5].id, vote: 'up' });
      assert.deepEqual([lateVote.status, lateVote.body.error], [409, 'Who came is already recorded; the votes are closed.']);
      const lateUnvote = await dan.agent.delete(`/api/screenings/${id}/votes/${world.listed[5].id}`);
      assert.deepEqual([lateUnvote.status, lateUnvote.body.error], [409, 'Who came is already recorded; the votes are closed.']);
      assert.deepEqual(await screeningRows(app, id), settled);
      assert.equal((await dan.agent.get(`/api/screenings/${id}`)).body.screening.permissions.vote, false);

      const prompts = await dan.agent.get('/api/screenings/prompts');
      assert.equal(prompts.status, 200, JSON.stringify(prompts.body));
      const prompt = prompts.body.prompts.find((item: { screening_id: number }) => item.screening_id === id);
      assert.deepEqual([prompt.movie.id, prompt.movie.title, prompt.watchlist_id], [picked.id, picked.title, world.publicId]);
      // Rating it clears the prompt; dismissing clears another's.
      assert.equal((await dan.agent.post('/api/review', { movie_id: picked.id, stars: 7 })).status, 200);
      assert.ok(!(await dan.agent.get('/api/screenings/prompts')).body.prompts.some((item: { screening_id: number }) => item.screening_id === id));
      assert.ok((await world.stranger.agent.get('/api/screenings/prompts')).body.prompts.some((item: { screening_id: number }) => item.screening_id === id));
      assert.equal((await world.stranger.agent.post(`/api/screenings/${id}/prompt/dismiss`)).status, 200);
      assert.ok(!(await world.stranger.agent.get('/api/screenings/prompts')).body.prompts.some((item: { screening_id: number }) => item.screening_id === id));
      const notAttended = await world.owner.agent.post(`/api/screenings/${id}/prompt/dismiss`);
      assert.deepEqual([notAttended.status, notAttended.body.error], [404, 'You have no rating prompt for this screening.']);

      // Recording again replaces the record: Dan loses the viewing it gave him, the owner gets one.
      const again = await world.owner.agent.post(`/api/screenings/${id}/attendance`, { usernames: ['mn_stranger', 'mn_owner'] });
      assert.deepEqual([again.body.attendees.map((member: { username: string }) => member.username), again.body.viewings_logged], [['mn_owner', 'mn_stranger'], 1]);
      const dansViewings = await app.database.db.selectFrom('viewings').select('id').where('user_id', '=', dan.id).where('movie_id', '=', picked.id).execute();
      assert.equal(dansViewings.length, 0);
      const strangers = await app.agent().get('/api/users/mn_stranger/diary');
      const strangerEntry = strangers.body.viewings.find((viewing: { movie_id: number; tagged: boolean }) => viewing.movie_id === picked.id && !viewing.tagged);
      assert.deepEqual(strangerEntry.with.map((member: { username: string }) => member.username), ['mn_owner']);
    });

    it('lets anyone on the page follow a screening live, and refuses bad or unknown ids on the socket', async () => {
      const id = await scheduleScreening(world.owner.agent, { watchlist_id: world.publicId });
      const visitor = connectSocket(app.url);
      try {
        visitor.emit('screening:subscribe', { screening_id: 'abc' });
        assert.deepEqual(await nextEvent(visitor, 'screening:error'), { message: 'The screening id is not valid.' });
        visitor.emit('screening:subscribe', 999_999);
        assert.deepEqual(await nextEvent(visitor, 'screening:error'), { message: 'Screening not found.' });
        visitor.emit('screening:subscribe', { screening_id: id });
        assert.deepEqual(await nextEvent(visitor, 'screening:init'), { screening_id: id, what: 'subscribed', status: 'planned', picked_movie: null, picked_at: null });
        const changed = nextEvent(visitor, 'screening:update');
        await world.owner.agent.request('PATCH', `/api/screenings/${id}`, { note: 'Popcorn.' });
        assert.equal((await changed).what, 'details');
        visitor.emit('screening:unsubscribe', { screening_id: id });
        visitor.emit('screening:subscribe', 999_999); // a round trip so the unsubscribe has landed
        await nextEvent(visitor, 'screening:error');
        const silent = arrives(visitor, 'screening:update', 500);
        await world.owner.agent.post(`/api/screenings/${id}/cancel`);
        assert.equal(await silent, false, 'no events after unsubscribing');
      } finally {
        visitor.disconnect();
      }
    });

    it("tells the list's page when one of its movie nights is scheduled, answered, picked for or cancelled, but not for votes", async () => {
      const visitor = connectSocket(app.url);
      try {
        visitor.emit('watchlist:subscribe', { watchlist_id: world.publicId });
        await nextEvent(visitor, 'watchlist:init');
        const listChange = () => nextEvent(visitor, 'watchlist:changed');
        let changed = listChange();
        const id = await scheduleScreening(world.owner.agent, { watchlist_id: world.publicId });
        assert.deepEqual(await changed, { watchlist_id: world.publicId, what: 'screenings' });
        changed = listChange();
        await world.stranger.agent.post(`/api/screenings/${id}/rsvp`, { status: 'yes' });
        assert.deepEqual(await changed, { watchlist_id: world.publicId, what: 'screenings' });
        const silent = arrives(visitor, 'watchlist:changed', 500);
        // A movie on this night's board: an earlier night's pick may have left the list's first movie seen by everyone coming.
        const onTheBoard = candidateIds(await detail(id, world.stranger.agent))[0];
        assert.equal((await world.stranger.agent.post(`/api/screenings/${id}/votes`, { movie_id: onTheBoard, vote: 'up' })).status, 200);
        assert.equal(await silent, false, 'a vote is not on the list page');
        for (const action of ['pick', 'cancel']) {
          changed = listChange();
          assert.equal((await world.owner.agent.post(`/api/screenings/${id}/${action}`)).status, 200, action);
          assert.deepEqual(await changed, { watchlist_id: world.publicId, what: 'screenings' }, action);
        }
      } finally {
        visitor.disconnect();
      }
    });

    it('answers 404 for a screening that does not exist and 400 for an id that is not one', async () => {
      assert.deepEqual((await app.agent().get('/api/screenings/999999')).body.error, 'Screening not found.');
      assert.deepEqual((await app.agent().get('/api/screenings/abc')).body.error, 'The screening id is not valid.');
      assert.equal((await dan.agent.post('/api/screenings/999999/rsvp', { status: 'yes' })).status, 404);
    });
  });
}
