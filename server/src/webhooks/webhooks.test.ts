import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { remindGuests } from '../screenings/reminders';
import { scheduleScreening, screeningWorld, startingSoon, startsIn } from '../screenings/testing';
import { addMovie, createUser, type SignedInUser } from '../testing/factories';
import { startTestApp, TEST_DATABASES, type TestApp } from '../testing/testApp';
import { type Received, startReceiver } from './testing';


const discordBody = (entry: Received) =>
  JSON.parse(entry.body) as { username: string; content: string; allowed_mentions?: { parse: string[] }; embeds: { title: string; description: string; url: string }[] };

for (const kind of TEST_DATABASES) {
  describe(`club events to a Discord webhook (${kind})`, () => {
    let receiver: Awaited<ReturnType<typeof startReceiver>>;
    let app: TestApp;
    const settled = () => app.app.clubEvents.idle();
    /** The site's first account, so its admin. */
    let ann: SignedInUser;

    before(async () => {
      receiver = await startReceiver();
      app = await startTestApp(kind, {
        config: { webhookUrl: `${receiver.url}/api/webhooks/1/secret`, webhookFormat: 'discord', webhookRetryMs: 5, publicUrl: 'https://club.example.org' },
      });
    });
    after(async () => {
      await app.close();
      await receiver.close();
    });

    it("posts a new member, a new review (not its updates) and a spoiler's warning instead of its text, in Discord's format", async () => {
      ann = await createUser(app, 'hook_ann');
      const movie = await addMovie(app.database.db, { title: 'Hooked', year: 2001 });
      // Events are prepared one after another after their replies: the review's waits behind this one until the update is saved.
      let release = () => {};
      const held = new Promise<null>((resolve) => (release = () => resolve(null)));
      app.app.clubEvents.post(() => held);
      assert.equal((await ann.agent.post('/api/review', { movie_id: movie.id, stars: 8, text: 'Reeled me in.' })).status, 200);
      assert.equal((await ann.agent.post('/api/review', { movie_id: movie.id, stars: 9 })).status, 200, 'an update');
      release();
      const other = await addMovie(app.database.db, { title: 'Twisted' });
      assert.equal((await ann.agent.post('/api/review', { movie_id: other.id, stars: 6, text: 'The butler did it.', spoiler: true })).status, 200);
      await settled();

      const bodies = receiver.received.map(discordBody);
      assert.deepEqual(
        receiver.received.map((entry) => [entry.path, entry.headers['content-type']]),
        Array(3).fill(['/api/webhooks/1/secret', 'application/json']),
      );
      assert.deepEqual(bodies[0].embeds[0], { title: 'hook_ann joined the club', description: 'Say hello!', url: 'https://club.example.org/user/profile/hook_ann', color: 0x1d4ed8 });
      assert.deepEqual([bodies[1].username, bodies[1].content, bodies[1].embeds[0].description, bodies[1].embeds[0].url], [
        'MovieClub',
        'hook_ann rated Hooked (2001) 8/10',
        'Reeled me in.',
        `https://club.example.org/movie/${movie.id}`,
      ]);
      assert.equal(bodies[2].embeds[0].description, 'The review gives the plot away: read it on the site.');
      assert.ok(!receiver.received[2].body.includes('butler'));
    });

    it('posts movie nights when scheduled, picked, moved and cancelled', async () => {
      receiver.received.length = 0;
      const world = await screeningWorld(app, 'hk');
      receiver.received.length = 0; // the world's sign-ups
      const id = await scheduleScreening(world.owner.agent, { watchlist_id: world.publicId, place: 'The attic' });
      const picked = await world.owner.agent.post(`/api/screenings/${id}/pick`);
      await settled();
      const [scheduled, pick] = receiver.received.map(discordBody);
      assert.equal(scheduled.content, 'Movie night: hk Public List');
      // Names come from members: Discord must not read '@everyone' or a role in them as a ping.
      assert.deepEqual(scheduled.allowed_mentions, { parse: [] });
      assert.match(scheduled.embeds[0].description, /^\w{3}, \d{1,2} \w{3} \d{4}, \d{2}:\d{2} at The attic\.$/);
      assert.equal(scheduled.embeds[0].url, `https://club.example.org/screening/${id}`);
      const year = (await app.database.db.selectFrom('movies').select('year').where('id', '=', picked.body.picked_movie.id).executeTakeFirstOrThrow()).year;
      assert.equal(pick.content, `Movie night pick: ${picked.body.picked_movie.title} (${year})`);

      // A new note is no news; a new place is, and so is cancelling.
      receiver.received.length = 0;
      assert.equal((await world.owner.agent.request('PATCH', `/api/screenings/${id}`, { note: 'Bring snacks.' })).status, 200);
      assert.equal((await world.owner.agent.request('PATCH', `/api/screenings/${id}`, { place: 'The roof' })).status, 200);
      assert.equal((await world.owner.agent.post(`/api/screenings/${id}/cancel`)).status, 200);
      await settled();
      const [moved, cancelled] = receiver.received.map(discordBody);
      assert.equal(receiver.received.length, 2);
      assert.equal(moved.content, 'Movie night moved: hk Public List');
      assert.match(moved.embeds[0].description, /^\w{3}, \d{1,2} \w{3} \d{4}, \d{2}:\d{2} at The roof\.$/);
      assert.equal(cancelled.content, 'Movie night cancelled: hk Public List');
      assert.match(cancelled.embeds[0].description, /^\w{3}, \d{1,2} \w{3} \d{4}, \d{2}:\d{2} is off\.$/);
      assert.equal(cancelled.embeds[0].url, `https://club.example.org/screening/${id}`);
    });

    it('posts a movie night about to start once per start, with its pick and how many are coming', async () => {
      const world = await screeningWorld(app, 'hs');
      const guest = await createUser(app, 'hs_guest');
      const id = await scheduleScreening(world.owner.agent, { watchlist_id: world.publicId, place: 'The attic' });
      const shortNotice = await scheduleScreening(world.owner.agent, { watchlist_id: world.publicId, starts_at: startsIn(2) });
      for (const member of [world.owner, guest]) assert.equal((await member.agent.post(`/api/screenings/${id}/rsvp`, { status: 'yes' })).status, 200);
      await settled();
      receiver.received.length = 0;
      await remindGuests(app.app);
      await settled();
      assert.equal(receiver.received.length, 0, 'two days ahead is too early; a night scheduled at short notice had its news');

      await startingSoon(app, id);
      await remindGuests(app.app);
      await remindGuests(app.app);
      await settled();
      assert.equal(receiver.received.length, 1, 'once, however often the sweep runs');
      const [soon] = receiver.received.map(discordBody);
      assert.equal(soon.content, 'Movie night soon: hs Public List');
      assert.match(soon.embeds[0].description, /^\w{3}, \d{1,2} \w{3} \d{4}, \d{2}:\d{2} at The attic\. The movie is not picked yet\. 2 members are coming\.$/);
      assert.equal(soon.embeds[0].url, `https://club.example.org/screening/${id}`);

      // Moved later, with a pick and one guest fewer: posted again for the new start.
      receiver.received.length = 0;
      const picked = await world.owner.agent.post(`/api/screenings/${id}/pick`);
      assert.equal((await guest.agent.post(`/api/screenings/${id}/rsvp`, { status: 'maybe' })).status, 200);
      assert.equal((await world.owner.agent.request('PATCH', `/api/screenings/${id}`, { starts_at: startsIn(2.5) })).status, 200);
      await remindGuests(app.app);
      await settled();
      const { title, year } = await app.database.db.selectFrom('movies').select(['title', 'year']).where('id', '=', picked.body.picked_movie.id).executeTakeFirstOrThrow();
      const named = year ? `${title} (${year})` : title;
      const posts = receiver.received.map(discordBody);
      assert.deepEqual(posts.map((post) => post.content), [`Movie night pick: ${named}`, 'Movie night moved: hs Public List', 'Movie night soon: hs Public List']);
      assert.ok(posts[2].embeds[0].description.endsWith(` at The attic. Showing ${named}. 1 member is coming.`), posts[2].embeds[0].description);

      // A cancelled night is not posted.
      receiver.received.length = 0;
      const cancelledSoon = await scheduleScreening(world.owner.agent, { watchlist_id: world.publicId });
      assert.equal((await world.owner.agent.post(`/api/screenings/${cancelledSoon}/cancel`)).status, 200);
      await startingSoon(app, cancelledSoon);
      await settled();
      receiver.received.length = 0;
      await remindGuests(app.app);
      await settled();
      assert.equal(receiver.received.length, 0);
      assert.ok(shortNotice);
    });

    it("writes its posts in the club's language once an admin chooses German", async () => {
      assert.equal((await ann.agent.put('/api/admin/settings', { language: 'de' })).status, 200);
      try {
        const world = await screeningWorld(app, 'hd');
        await settled();
        receiver.received.length = 0;
        const id = await scheduleScreening(world.owner.agent, { watchlist_id: world.publicId, place: 'Der Dachboden' });
        const picked = await world.owner.agent.post(`/api/screenings/${id}/pick`);
        const movie = await addMovie(app.database.db, { title: 'Verhext', year: 1999 });
        await world.owner.agent.post('/api/review', { movie_id: movie.id, stars: 7 });
        await world.owner.agent.post('/api/review', { movie_id: picked.body.picked_movie.id, stars: 8, text: 'Der Gärtner war es.', spoiler: true });
        await settled();
        const [scheduled, pick, review, spoiler] = receiver.received.map(discordBody);
        assert.equal(scheduled.content, 'Filmabend: hd Public List');
        // 'So., 20. Dez. 2026, 20:00', as German writes a date.
        assert.match(scheduled.embeds[0].description, /^[A-Z][a-z]\., \d{1,2}\. [A-Z][a-zä]{2,3}\.? \d{4}, \d{2}:\d{2}, Ort: Der Dachboden\.$/);
        assert.match(pick.content, /^Auswahl für den Filmabend: /);
        assert.match(pick.embeds[0].description, /^hd Public List schaut ihn am [A-Z][a-z]\., /);
        assert.deepEqual([review.content, review.embeds[0].description], ['hd_owner hat Verhext (1999) mit 7/10 bewertet', '7 von 10 Sternen.']);
        assert.equal(spoiler.embeds[0].description, 'Die Kritik verrät die Handlung: lies sie auf der Seite.');

        receiver.received.length = 0;
        await startingSoon(app, id);
        await remindGuests(app.app);
        await settled();
        const [soon] = receiver.received.map(discordBody);
        assert.equal(soon.content, 'Filmabend in Kürze: hd Public List');
        assert.match(soon.embeds[0].description, /, Ort: Der Dachboden\. Es läuft .+\. 0 Mitglieder kommen\.$/);
      } finally {
        await ann.agent.put('/api/admin/settings', { language: 'en' });
      }
    });

    it('tries again after no answer, a 5xx or a 429 (waiting as asked), and gives up on other refusals', async () => {
      receiver.received.length = 0;
      receiver.script.push({ status: 500 }, { status: 429, body: JSON.stringify({ retry_after: 0.01 }) }, { status: 204 });
      await createUser(app, 'hook_retry');
      await settled();
      assert.equal(receiver.received.length, 3, 'two failures, then delivered');
      assert.ok(receiver.received.every((entry) => discordBody(entry).content === 'hook_retry joined the club'));

      receiver.received.length = 0;
      receiver.script.push({ status: 400 });
      await createUser(app, 'hook_refused');
      await settled();
      assert.equal(receiver.received.length, 1, 'a refusal is not repeated');

      receiver.received.length = 0;
      receiver.script.push({ status: 503 }, { status: 503 }, { status: 503 }, { status: 503 });
      await createUser(app, 'hook_down');
      await settled();
      assert.equal(receiver.received.length, 4, 'four attempts in all');
    });

    it('answers the request that caused an event without waiting for the webhook', async () => {
      receiver.received.length = 0;
      let release!: () => void;
      const hold = new Promise<void>((resolve) => (release = resolve));
      receiver.script.push({ status: 204, hold });
      const registered = await app.agent().post('/api/register', { username: 'hook_quick', password: 'correct horse battery' });
      assert.equal(registered.status, 200);
      // The reply came while the webhook still holds its request open.
      for (let tries = 0; tries < 100 && receiver.received.length === 0; tries++) await new Promise((resolve) => setTimeout(resolve, 20));
      assert.equal(receiver.received.length, 1, 'the webhook was called');
      release();
      await settled();
    });
  });
}

describe('club events to ntfy', () => {
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let app: TestApp;

  before(async () => {
    receiver = await startReceiver();
    // No PUBLIC_URL: links lead to the address each request came to.
    app = await startTestApp(TEST_DATABASES[0], { config: { webhookUrl: `${receiver.url}/movieclub`, webhookFormat: 'ntfy', webhookRetryMs: 5, publicUrl: null } });
  });
  after(async () => {
    await app.close();
    await receiver.close();
  });

  it("publishes the message as the body, with the title, tags and link in ntfy's headers", async () => {
    const zoe = await createUser(app, 'hook_zoe');
    const movie = await addMovie(app.database.db, { title: 'Amélie', year: 2001 });
    await zoe.agent.post('/api/review', { movie_id: movie.id, stars: 10, text: 'Charming.' });
    await app.app.clubEvents.idle();
    const review = receiver.received.at(-1)!;
    assert.equal(review.path, '/movieclub');
    assert.equal(review.body, 'Charming.');
    assert.equal(decodeURIComponent(String(review.headers.title)), 'hook_zoe rated Amélie (2001) 10/10', 'non-ASCII titles travel percent-encoded');
    assert.equal(review.headers.tags, 'star');
    assert.match(String(review.headers.click), new RegExp(`^http://[^/]+/movie/${movie.id}$`));
  });

  it('links a night about to start to the address it was scheduled through', async () => {
    const world = await screeningWorld(app, 'hn');
    const id = await scheduleScreening(world.owner.agent, { watchlist_id: world.publicId });
    await startingSoon(app, id);
    await app.app.clubEvents.idle();
    receiver.received.length = 0;
    await remindGuests(app.app);
    await app.app.clubEvents.idle();
    const [soon] = receiver.received;
    assert.equal(soon.headers.title, 'Movie night soon: hn Public List');
    assert.equal(soon.headers.tags, 'alarm_clock');
    assert.match(soon.body, /The movie is not picked yet\. 0 members are coming\.$/);
    assert.equal(soon.headers.click, `${app.url}/screening/${id}`);
  });
});
