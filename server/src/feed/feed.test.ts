import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { FEED_ATOM_ENTRIES, type FeedEvent } from '@movieclub/contract';
import Parser from 'rss-parser';
import { scheduleScreening } from '../screenings/testing';
import type { ApiAgent, ApiResponse } from '../testing/client';
import { addMovie, addReview, createUser } from '../testing/factories';
import { startTestApp, TEST_DATABASES, type TestApp } from '../testing/testApp';
import { watchlistWorld } from '../watchlists/testing';
import { decodeCursor, encodeCursor } from './service';

const BAD_CURSOR = 'Before must be a cursor from an earlier page.';

async function wholeFeed(agent: ApiAgent): Promise<FeedEvent[]> {
  const reply = await agent.get('/api/feed?limit=100');
  assert.equal(reply.status, 200, JSON.stringify(reply.body));
  return reply.body.events as FeedEvent[];
}

/** Every page of `limit` events, following next_before to the end. */
async function pages(agent: ApiAgent, limit: number): Promise<FeedEvent[][]> {
  const all: FeedEvent[][] = [];
  let before: string | null = null;
  do {
    const reply: ApiResponse = await agent.get(`/api/feed?limit=${limit}${before ? `&before=${before}` : ''}`);
    assert.equal(reply.status, 200, JSON.stringify(reply.body));
    all.push(reply.body.events);
    before = reply.body.next_before;
    assert.ok(all.length < 500, 'paging ends');
  } while (before);
  return all;
}

const keyOf = (event: FeedEvent) => `${event.kind}:${event.cursor}`;

for (const kind of TEST_DATABASES) {
  describe(`activity feed (${kind})`, () => {
    let app: TestApp;
    before(async () => {
      app = await startTestApp(kind);
    });
    after(() => app.close());

    it('shows every kind of event with its fields, newest first', async () => {
      const world = await watchlistWorld(app, 'fk');
      const db = app.database.db;
      const added = await addMovie(db, { title: 'Fk Added', year: 1999, added_by: world.stranger.id, date_added: new Date().toISOString() });

      const reviewed = await world.stranger.agent.post('/api/review', { movie_id: added.id, stars: 8, text: 'Great fun.', spoiler: true });
      assert.equal(reviewed.status, 200, JSON.stringify(reviewed.body));
      const logged = await world.moderator.agent.post('/api/viewings', { movie_id: world.movies[3].id, with: [world.stranger.username], place: 'Home' });
      assert.equal(logged.status, 200, JSON.stringify(logged.body));
      const listed = await world.moderator.agent.post(`/api/watchlists/${world.publicId}/items`, { movie_id: added.id });
      assert.equal(listed.status, 200, JSON.stringify(listed.body));
      // A moderator draws the list's pick; the owner draws the pick of a night the moderator planned.
      const picked = await world.moderator.agent.post(`/api/watchlists/${world.publicId}/pick`);
      assert.equal(picked.status, 200, JSON.stringify(picked.body));
      const screeningId = await scheduleScreening(world.moderator.agent, { watchlist_id: world.publicId });
      const screeningPicked = await world.owner.agent.post(`/api/screenings/${screeningId}/pick`);
      assert.equal(screeningPicked.status, 200, JSON.stringify(screeningPicked.body));

      const events = await wholeFeed(app.agent());
      const sorted = [...events].sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : 0));
      assert.deepEqual(events.map((event) => event.at), sorted.map((event) => event.at), 'newest first');
      const one = (kind: FeedEvent['kind'], match: (event: FeedEvent) => boolean = () => true) => {
        const found = events.filter((event) => event.kind === kind && match(event));
        assert.equal(found.length, 1, `${kind}: ${JSON.stringify(events.filter((event) => event.kind === kind))}`);
        return found[0];
      };

      const review = one('review');
      assert.equal(review.actor?.username, world.stranger.username);
      assert.deepEqual(review.movie, { id: added.id, title: 'Fk Added', year: 1999, poster: null });
      assert.deepEqual({ ...review.review, id: 0 }, { id: 0, stars: 8, text: 'Great fun.', spoiler: true, comment_count: 0 });
      assert.deepEqual([review.with, review.list, review.screening], [[], null, null]);

      // The first review logged a viewing of its own: not a second event.
      const viewing = one('viewing');
      assert.equal(viewing.actor?.username, world.moderator.username);
      assert.equal(viewing.movie?.id, world.movies[3].id);
      assert.deepEqual(viewing.with, [{ username: world.stranger.username, profile_picture: null }]);
      assert.equal(viewing.review, null);

      const movieAdded = one('movie_added', (event) => event.movie?.id === added.id);
      assert.equal(movieAdded.actor?.username, world.stranger.username);
      assert.equal(events.filter((event) => event.kind === 'movie_added').length, 5, 'the factory movies have no adder');
      assert.equal(events.filter((event) => event.kind === 'movie_added' && event.actor === null).length, 4);

      const addition = one('list_addition', (event) => event.movie?.id === added.id);
      assert.equal(addition.actor?.username, world.moderator.username);
      assert.deepEqual(addition.list, { id: world.publicId, name: 'fk Public List' });
      // Three on the public list and the added one; the personal list's three are not there.
      assert.equal(events.filter((event) => event.kind === 'list_addition').length, 4);

      const pick = one('pick');
      assert.deepEqual([pick.list?.id, pick.movie?.id, pick.actor?.username], [world.publicId, picked.body.picked_movie.id, world.moderator.username]);

      const scheduled = one('screening_scheduled');
      assert.equal(scheduled.actor?.username, world.moderator.username);
      assert.equal(scheduled.screening?.id, screeningId);
      assert.equal(scheduled.list?.id, world.publicId);
      const screeningPick = one('screening_picked');
      assert.deepEqual(
        [screeningPick.screening?.id, screeningPick.movie?.id, screeningPick.actor?.username],
        [screeningId, screeningPicked.body.picked_movie.id, world.owner.username],
      );
      assert.ok(screeningPick.screening?.starts_at);

      const joined = events.filter((event) => event.kind === 'member_joined').map((event) => event.actor?.username);
      assert.deepEqual(joined.sort(), [world.owner.username, world.moderator.username, world.stranger.username].sort());

      // Editing the review is no new event; a comment counts.
      await world.stranger.agent.post('/api/review', { movie_id: added.id, stars: 9, text: 'Even better.' });
      const comment = await world.owner.agent.post(`/api/reviews/${review.review!.id}/comments`, { text: 'Agreed.' });
      const again = (await wholeFeed(app.agent())).filter((event) => event.kind === 'review');
      assert.equal(again.length, 1);
      assert.equal(again[0].review?.stars, 9);
      assert.equal(comment.status, 200, JSON.stringify(comment.body));
      assert.equal(again[0].review?.comment_count, 1);
    });

    it("serves the newest events as an Atom feed a reader parses: the client's sentences, links, a review's text escaped and a spoiler's withheld", async () => {
      const critic = await createUser(app, 'atom_critic');
      const plain = await addMovie(app.database.db, { title: 'Atom <Plain> & Co', year: 2001 });
      const twist = await addMovie(app.database.db, { title: 'Atom Twist', year: null });
      await critic.agent.post('/api/review', { movie_id: plain.id, stars: 7, text: 'Loved <b>every</b> minute & more.\n\nSecond thought.' });
      await critic.agent.post('/api/review', { movie_id: twist.id, stars: 4, text: 'The butler did it.', spoiler: true });

      const reply = await fetch(`${app.url}/api/feed.atom`);
      assert.equal(reply.status, 200);
      assert.match(reply.headers.get('content-type') ?? '', /^application\/atom\+xml/);
      const atom = await new Parser().parseString(await reply.text());
      const events = await wholeFeed(app.agent());
      assert.equal(atom.title, 'MovieClub: what the club is up to');
      assert.deepEqual(
        atom.items.map((item) => item.id),
        events.slice(0, FEED_ATOM_ENTRIES).map((event) => `${app.url}/feed#${event.cursor}`),
        'one entry per event, newest first',
      );
      const entry = (title: string) => atom.items.find((item) => item.title === title);
      // Titles are HTML in the feed: a movie's title is escaped, and a reader shows it as it is.
      const loved = entry('atom_critic rated Atom &lt;Plain&gt; &amp; Co (2001) 7 ★');
      assert.ok(loved, JSON.stringify(atom.items.map((item) => item.title)));
      assert.equal(loved.link, `${app.url}/movie/${plain.id}`);
      assert.equal(loved.author, 'atom_critic');
      assert.equal(loved.content, '<p>Loved &lt;b&gt;every&lt;/b&gt; minute &amp; more.</p><p>Second thought.</p>');
      const spoiled = entry('atom_critic rated Atom Twist 4 ★');
      assert.equal(spoiled?.content, '<p>The review gives the plot away: read it on the site.</p>');
      assert.ok(entry('atom_critic joined the club'));

      const german = await new Parser().parseString(await (await fetch(`${app.url}/api/feed.atom?lang=de`)).text());
      assert.equal(german.title, 'MovieClub: was im Club los ist');
      assert.ok(german.items.some((item) => item.title === 'atom_critic hat Atom &lt;Plain&gt; &amp; Co (2001) mit 7 ★ bewertet'));
      assert.ok(german.items.some((item) => item.title === 'atom_critic ist dem Club beigetreten'));
      const refused = await app.agent().get('/api/feed.atom?lang=fr');
      assert.deepEqual([refused.status, refused.body.error], [400, 'Language must be one of en, de.']);
    });

    it('leaves out private things, cancelled movie nights and imported viewings', async () => {
      const world = await watchlistWorld(app, 'fv');
      const db = app.database.db;
      const before = await wholeFeed(app.agent());
      const secret = await addMovie(db, { title: 'Fv Secret' });
      await world.owner.agent.post('/api/watchlists/mine/items', { movie_id: secret.id });
      const personalPick = await world.owner.agent.post(`/api/watchlists/${world.personalId}/pick`);
      const cancelled = await scheduleScreening(world.owner.agent, { watchlist_id: world.publicId });
      assert.equal((await world.owner.agent.post(`/api/screenings/${cancelled}/cancel`)).status, 200);
      const personalScreening = await world.owner.agent.post('/api/screenings', { watchlist_id: world.personalId, starts_at: new Date(Date.now() + 86_400_000).toISOString() });
      assert.notEqual(personalScreening.status, 200, 'personal lists host no movie nights');

      // Imported: a dated row is stamped noon of its day; an undated one during its import.
      const importedAt = new Date().toISOString();
      const runStart = new Date(Date.now() - 60_000).toISOString();
      const runEnd = new Date(Date.now() + 60_000).toISOString();
      await db
        .insertInto('imports')
        .values({ user_id: world.stranger.id, status: 'done', file_name: 'x.csv', created_at: runStart, updated_at: runEnd })
        .execute();
      await db
        .insertInto('viewings')
        .values([
          { user_id: world.stranger.id, movie_id: secret.id, watched_on: '2020-05-05', rewatch: 0, place: null, note: null, created_at: '2020-05-05T12:00:00.000Z', updated_at: importedAt },
          { user_id: world.stranger.id, movie_id: secret.id, watched_on: null, rewatch: 1, place: null, note: null, created_at: importedAt, updated_at: importedAt },
        ])
        .execute();

      const after = await wholeFeed(app.agent());
      const fresh = after.filter((event) => !before.some((old) => old.cursor === event.cursor));
      assert.deepEqual(
        fresh.map((event) => event.kind),
        ['movie_added'],
        JSON.stringify(fresh),
      );
      assert.ok(personalPick.status === 200 || personalPick.status === 409);
      assert.ok(!after.some((event) => event.list?.id === world.personalId));
      assert.ok(!after.some((event) => event.screening?.id === cancelled));
    });

    it('pages with cursors: no duplicates, no gaps, ties at one moment kept apart', async () => {
      const db = app.database.db;
      const member = await createUser(app, 'fp_member');
      const at = '2001-02-03T04:05:06.789Z';
      const movies = [];
      for (let index = 0; index < 5; index++) movies.push(await addMovie(db, { date_added: at, added_by: member.id }));
      for (const movie of movies.slice(0, 3)) await addReview(db, { user_id: member.id, movie_id: movie.id, stars: 5, created_at: at, updated_at: at });
      // Movies without a review: a viewing at the review's moment would be the one the review logged.
      for (const movie of [movies[3], movies[4], movies[4]]) {
        await db.insertInto('viewings').values({ user_id: member.id, movie_id: movie.id, watched_on: '2001-01-01', rewatch: 0, place: null, note: null, created_at: at, updated_at: at }).execute();
      }
      const everything = (await pages(app.agent(), 100)).flat();
      assert.equal(everything.filter((event) => event.at === at).length, 11);
      for (const limit of [1, 2, 3, 7]) {
        const paged = await pages(app.agent(), limit);
        assert.ok(paged.slice(0, -1).every((page) => page.length === limit));
        const flat = paged.flat();
        assert.equal(new Set(flat.map(keyOf)).size, flat.length, 'no duplicates');
        assert.deepEqual(flat.map(keyOf), everything.map(keyOf), `limit ${limit}: the same events in the same order`);
      }
      const last = await app.agent().get(`/api/feed?limit=100`);
      assert.equal(last.body.next_before, null);
    });

    it('leaves a muted member out as actor, not as a companion', async () => {
      const viewer = await createUser(app, 'fm_viewer');
      const noisy = await createUser(app, 'fm_noisy');
      const friend = await createUser(app, 'fm_friend');
      const movie = await addMovie(app.database.db, { title: 'Fm Film' });
      await noisy.agent.post('/api/viewings', { movie_id: movie.id });
      await friend.agent.post('/api/viewings', { movie_id: movie.id, with: [noisy.username] });

      const muted = await viewer.agent.request('PUT', `/api/feed/mutes/${noisy.username.toUpperCase()}`);
      assert.deepEqual(muted.body, { success: true, muted: [{ username: noisy.username, profile_picture: null }] });
      assert.deepEqual((await viewer.agent.request('PUT', `/api/feed/mutes/${noisy.username}`)).body, muted.body, 'again: no change');
      assert.deepEqual((await viewer.agent.get('/api/feed/mutes')).body, muted.body);

      const seen = await wholeFeed(viewer.agent);
      assert.ok(!seen.some((event) => event.actor?.username === noisy.username));
      const tagged = seen.find((event) => event.kind === 'viewing' && event.actor?.username === friend.username);
      assert.deepEqual(tagged?.with.map((member) => member.username), [noisy.username]);
      assert.ok((await wholeFeed(app.agent())).some((event) => event.actor?.username === noisy.username), 'others still see them');

      const self = await viewer.agent.request('PUT', `/api/feed/mutes/${viewer.username}`);
      assert.deepEqual([self.status, self.body.error], [400, 'You cannot mute yourself.']);
      const nobody = await viewer.agent.request('DELETE', '/api/feed/mutes/nobody_here');
      assert.deepEqual([nobody.status, nobody.body.error], [404, 'User not found.']);

      const unmuted = await viewer.agent.request('DELETE', `/api/feed/mutes/${noisy.username}`);
      assert.deepEqual(unmuted.body, { success: true, muted: [] });
      assert.deepEqual((await viewer.agent.request('DELETE', `/api/feed/mutes/${noisy.username}`)).body, unmuted.body);
      assert.ok((await wholeFeed(viewer.agent)).some((event) => event.actor?.username === noisy.username));
    });

    it('refuses bad cursors and limits with the sentence', async () => {
      const good = encodeCursor({ at: '2020-01-01T00:00:00.000Z', kind: 'review', id1: 5, id2: 0 });
      assert.deepEqual(decodeCursor(good), { at: '2020-01-01T00:00:00.000Z', kind: 'review', id1: 5, id2: 0 });
      assert.equal((await app.agent().get(`/api/feed?before=${good}`)).status, 200);
      const bad = [
        'nonsense!',
        'x',
        Buffer.from('2020-01-01T00:00:00.000Z|party|1|0').toString('base64url'),
        Buffer.from('yesterday|review|1|0').toString('base64url'),
        Buffer.from('2020-01-01T00:00:00.000Z|review|-1|0').toString('base64url'),
        Buffer.from('2020-01-01T00:00:00.000Z|review|1').toString('base64url'),
        Buffer.from("2020-01-01T00:00:00.000Z|review|1|0' or 1=1").toString('base64url'),
        `${good}=`,
        'a'.repeat(101),
      ];
      for (const before of bad) {
        const reply = await app.agent().get(`/api/feed?before=${encodeURIComponent(before)}`);
        assert.deepEqual([reply.status, reply.body.error], [400, BAD_CURSOR], before);
      }
      for (const limit of ['0', '101', 'ten', '1.5']) {
        const reply = await app.agent().get(`/api/feed?limit=${limit}`);
        assert.deepEqual([reply.status, reply.body.error], [400, 'Limit must be a whole number from 1 to 100.'], limit);
      }
    });
  });
}
