import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import ICAL from 'ical.js';
import { createUser } from '../testing/factories';
import { startTestApp, TEST_DATABASES, type TestApp } from '../testing/testApp';
import { escapeText, foldLine } from './ics';
import { scheduleScreening, screeningWorld, startedHoursAgo, startsIn } from './testing';

/** RFC 5545 §3.1: CRLF only, no line longer than 75 octets, continuation lines start with one space. */
function assertWellFormed(text: string) {
  assert.ok(text.endsWith('\r\n'));
  assert.equal(text.replace(/\r\n/g, '').includes('\n') || text.replace(/\r\n/g, '').includes('\r'), false, 'CRLF line ends only');
  for (const line of text.split('\r\n')) assert.ok(Buffer.byteLength(line, 'utf8') <= 75, `at most 75 octets: ${line}`);
}

function events(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  assert.equal(calendar.name, 'vcalendar');
  assert.equal(calendar.getFirstPropertyValue('version'), '2.0');
  assert.ok(calendar.getFirstPropertyValue('prodid'));
  return { calendar, events: calendar.getAllSubcomponents('vevent').map((component) => ({ component, event: new ICAL.Event(component) })) };
}

describe('iCalendar text', () => {
  it('escapes backslashes, semicolons, commas and line breaks', () => {
    assert.equal(escapeText('a\\b;c,d\ne\r\nf'), 'a\\\\b\\;c\\,d\\ne\\nf');
  });

  it('folds at 75 octets without splitting a character, and unfolds to the same line', () => {
    const line = `SUMMARY:${'Movie night 🎬 Amélie '.repeat(12)}`;
    const folded = foldLine(line);
    for (const part of folded.split('\r\n')) assert.ok(Buffer.byteLength(part, 'utf8') <= 75);
    assert.equal(folded.replace(/\r\n /g, ''), line);
    assert.ok(!folded.includes('\uFFFD'));
    assert.equal(foldLine('SHORT:x'), 'SHORT:x');
  });
});

for (const kind of TEST_DATABASES) {
  describe(`screening calendars (${kind})`, () => {
    let app: TestApp;
    let world: Awaited<ReturnType<typeof screeningWorld>>;

    before(async () => {
      app = await startTestApp(kind, { config: { publicUrl: 'https://club.example.org' } });
      world = await screeningWorld(app, 'ics');
      await app.database.db.updateTable('watchlists').set({ name: 'Ünïcode; Nights, Vol. 1 🎬 with a name long enough to fold twice over' }).where('id', '=', world.publicId).execute();
    });
    after(() => app.close());

    it('serves one screening as a calendar file a parser reads: UID, start in UTC, summary, place, link', async () => {
      const startsAt = startsIn(50, 330);
      const id = await scheduleScreening(world.owner.agent, { watchlist_id: world.publicId, starts_at: startsAt, place: 'Room 4; back, left', note: 'Line one.\nLine two, with a comma.' });
      const reply = await app.agent().get(`/api/screenings/${id}.ics`);
      assert.equal(reply.status, 200);
      assert.equal(reply.headers.get('content-type'), 'text/calendar; charset=utf-8');
      const text = reply.body as string;
      assertWellFormed(text);
      const parsed = events(text);
      assert.equal(parsed.events.length, 1);
      const { event, component } = parsed.events[0];
      assert.equal(event.uid, `screening-${id}@club.example.org`);
      assert.equal(event.startDate.toJSDate().getTime(), Date.parse(startsAt));
      assert.equal(event.startDate.zone?.tzid, 'UTC');
      assert.equal(event.summary, 'Movie night: Ünïcode; Nights, Vol. 1 🎬 with a name long enough to fold twice over');
      assert.equal(event.location, 'Room 4; back, left');
      assert.equal(event.description, 'Line one.\nLine two, with a comma.');
      assert.equal(component.getFirstPropertyValue('url'), `https://club.example.org/screening/${id}`);
      assert.equal(component.getFirstPropertyValue('status'), 'CONFIRMED');
      assert.equal(event.endDate.toJSDate().getTime() - Date.parse(startsAt), 120 * 60_000, 'two hours before a pick');
      assert.ok(component.getFirstPropertyValue('dtstamp'));

      const picked = (await world.owner.agent.post(`/api/screenings/${id}/pick`)).body.picked_movie;
      const after = events((await app.agent().get(`/api/screenings/${id}.ics`)).body as string).events[0];
      assert.equal(after.event.summary, `Movie night: ${picked.title} (Ünïcode; Nights, Vol. 1 🎬 with a name long enough to fold twice over)`);
      assert.equal(after.event.endDate.toJSDate().getTime() - Date.parse(startsAt), 100 * 60_000, "the picked movie's length");
      assert.ok(Number(after.component.getFirstPropertyValue('sequence')) > Number(parsed.events[0].component.getFirstPropertyValue('sequence')));
    });

    it("serves a list's feed calendar apps subscribe to, whatever the slug, with cancelled screenings marked", async () => {
      const kept = await scheduleScreening(world.owner.agent, { watchlist_id: world.publicId, starts_at: startsIn(100) });
      const dropped = await scheduleScreening(world.owner.agent, { watchlist_id: world.publicId, starts_at: startsIn(120) });
      await world.owner.agent.post(`/api/screenings/${dropped}/cancel`);
      for (const address of [`${world.publicId}-unicode-nights`, `${world.publicId}-anything`, String(world.publicId)]) {
        const reply = await app.agent().get(`/api/watchlists/${address}/screenings.ics`);
        assert.equal(reply.status, 200, address);
        assertWellFormed(reply.body as string);
        const parsed = events(reply.body as string);
        assert.match(String(parsed.calendar.getFirstPropertyValue('x-wr-calname')), /: movie nights$/);
        const byUid = new Map(parsed.events.map(({ event, component }) => [event.uid, component]));
        assert.equal(byUid.get(`screening-${kept}@club.example.org`)?.getFirstPropertyValue('status'), 'CONFIRMED');
        assert.equal(byUid.get(`screening-${dropped}@club.example.org`)?.getFirstPropertyValue('status'), 'CANCELLED');
      }
      for (const address of [`${world.personalId}-my-watchlist`, '999999-nothing', 'not-a-list']) {
        const reply = await app.agent().get(`/api/watchlists/${address}/screenings.ics`);
        assert.deepEqual([reply.status, reply.body.error], [404, 'Watchlist not found.'], address);
      }
    });

    it("serves the club's calendar of every public list's nights, and each member's of the nights they are coming to", async () => {
      const second = await world.moderator.agent.post('/api/watchlists/public', { name: 'Second Sundays' });
      assert.equal(second.status, 200, JSON.stringify(second.body));
      const secondId = second.body.watchlist.id as number;
      const guest = await createUser(app, 'ics_Guest');
      const going = await scheduleScreening(world.owner.agent, { watchlist_id: world.publicId, starts_at: startsIn(30) });
      const maybe = await scheduleScreening(world.moderator.agent, { watchlist_id: secondId, starts_at: startsIn(60) });
      const notGoing = await scheduleScreening(world.moderator.agent, { watchlist_id: secondId, starts_at: startsIn(90) });
      const cancelled = await scheduleScreening(world.owner.agent, { watchlist_id: world.publicId, starts_at: startsIn(110) });
      const longAgo = await scheduleScreening(world.owner.agent, { watchlist_id: world.publicId, starts_at: startsIn(20) });
      for (const [id, status] of [[going, 'yes'], [maybe, 'maybe'], [notGoing, 'no'], [cancelled, 'yes'], [longAgo, 'yes']] as const) {
        assert.equal((await guest.agent.post(`/api/screenings/${id}/rsvp`, { status })).status, 200);
      }
      await world.owner.agent.post(`/api/screenings/${cancelled}/cancel`);
      await startedHoursAgo(app, longAgo, 91 * 24);
      const uids = (text: string) => new Map(events(text).events.map(({ event, component }) => [event.uid.replace(/^screening-(\d+)@club\.example\.org$/, '$1'), String(component.getFirstPropertyValue('status'))]));

      const club = await app.agent().get('/api/screenings.ics');
      assert.equal(club.status, 200);
      assert.equal(club.headers.get('content-type'), 'text/calendar; charset=utf-8');
      assertWellFormed(club.body as string);
      assert.equal(events(club.body as string).calendar.getFirstPropertyValue('x-wr-calname'), 'MovieClub: movie nights');
      const clubNights = uids(club.body as string);
      for (const id of [going, maybe, notGoing]) assert.equal(clubNights.get(String(id)), 'CONFIRMED', `night ${id} of either list`);
      assert.equal(clubNights.get(String(cancelled)), 'CANCELLED');
      assert.equal(clubNights.has(String(longAgo)), false, 'more than 90 days ago');

      // Asked for in any case, named as the member writes their name.
      const mine = await app.agent().get('/api/users/ICS_GUEST/screenings.ics');
      assert.equal(mine.status, 200);
      assertWellFormed(mine.body as string);
      assert.equal(events(mine.body as string).calendar.getFirstPropertyValue('x-wr-calname'), "ics_Guest's movie nights");
      assert.deepEqual(
        [...uids(mine.body as string)].sort(),
        [[String(going), 'CONFIRMED'], [String(maybe), 'CONFIRMED'], [String(cancelled), 'CANCELLED']].sort(),
        "'yes' and 'maybe', a cancelled one marked so calendars drop it",
      );
      // A night the member stops coming to leaves their calendar.
      assert.equal((await guest.agent.post(`/api/screenings/${going}/rsvp`, { status: 'no' })).status, 200);
      assert.equal(uids((await app.agent().get('/api/users/ics_guest/screenings.ics')).body as string).has(String(going)), false);
      assert.equal(events((await app.agent().get('/api/users/ics_guest/screenings.ics?lang=de')).body as string).calendar.getFirstPropertyValue('x-wr-calname'), 'Filmabende von ics_Guest');
      assert.equal(events((await app.agent().get('/api/screenings.ics?lang=de')).body as string).calendar.getFirstPropertyValue('x-wr-calname'), 'MovieClub: Filmabende');

      const unknown = await app.agent().get('/api/users/nobody_here/screenings.ics');
      assert.deepEqual([unknown.status, unknown.body.error], [404, 'User not found.']);
      for (const address of ['/api/screenings.ics?lang=fr', '/api/users/ics_guest/screenings.ics?lang=xx']) {
        const refused = await app.agent().get(address);
        assert.deepEqual([refused.status, refused.body.error], [400, 'Language must be one of en, de.'], address);
      }
    });

    it('writes its words in the language the client asks for; names, titles and notes as they are', async () => {
      const id = await scheduleScreening(world.owner.agent, { watchlist_id: world.publicId, starts_at: startsIn(140), note: 'Bring snacks.' });
      const one = events((await app.agent().get(`/api/screenings/${id}.ics?lang=de`)).body as string).events[0].event;
      assert.equal(one.summary, 'Filmabend: Ünïcode; Nights, Vol. 1 🎬 with a name long enough to fold twice over');
      assert.equal(one.description, 'Bring snacks.');
      const picked = (await world.owner.agent.post(`/api/screenings/${id}/pick`)).body.picked_movie;
      const feed = events((await app.agent().get(`/api/watchlists/${world.publicId}/screenings.ics?lang=de`)).body as string);
      assert.match(String(feed.calendar.getFirstPropertyValue('x-wr-calname')), /: Filmabende$/);
      assert.ok(feed.events.some(({ event }) => event.summary === `Filmabend: ${picked.title} (Ünïcode; Nights, Vol. 1 🎬 with a name long enough to fold twice over)`));
      // English when asked for, or left out; a language it does not speak is refused.
      assert.match(events((await app.agent().get(`/api/screenings/${id}.ics?lang=en`)).body as string).events[0].event.summary, /^Movie night: /);
      for (const address of [`/api/screenings/${id}.ics?lang=fr`, `/api/watchlists/${world.publicId}/screenings.ics?lang=xx`]) {
        const refused = await app.agent().get(address);
        assert.deepEqual([refused.status, refused.body.error], [400, 'Language must be one of en, de.'], address);
      }

      // A calendar added without a language (an address copied from elsewhere) speaks the club's.
      assert.equal((await world.owner.agent.put('/api/admin/settings', { language: 'de' })).status, 200, 'the first account is the admin');
      try {
        assert.match(events((await app.agent().get(`/api/screenings/${id}.ics`)).body as string).events[0].event.summary, /^Filmabend: /);
        const subscribed = events((await app.agent().get(`/api/watchlists/${world.publicId}/screenings.ics`)).body as string);
        assert.match(String(subscribed.calendar.getFirstPropertyValue('x-wr-calname')), /: Filmabende$/);
        assert.match(events((await app.agent().get(`/api/screenings/${id}.ics?lang=en`)).body as string).events[0].event.summary, /^Movie night: /);
      } finally {
        await world.owner.agent.put('/api/admin/settings', { language: 'en' });
      }
    });
  });
}
