import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import ICAL from 'ical.js';
import { startTestApp, TEST_DATABASES, type TestApp } from '../testing/testApp';
import { escapeText, foldLine } from './ics';
import { scheduleScreening, screeningWorld, startsIn } from './testing';

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
