import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import Parser from 'rss-parser';
import { addMovie, createUser } from '../testing/factories';
import { startTestApp, TEST_DATABASES, type TestApp } from '../testing/testApp';
import { xmlSafe } from './atom';

/**
 * Characters outside XML 1.0's Char production (§2.2). A parser that meets one must stop; the
 * reader here (rss-parser, on sax) does not check it, so it is checked on the text itself.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const NOT_XML_CHAR = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF\uD800-\uDFFF]/u;

/** The feed's text, after checking a feed reader may read it: only XML characters, and it parses. */
async function wellFormedFeed(url: string) {
  const reply = await fetch(url);
  assert.equal(reply.status, 200);
  const xml = await reply.text();
  const bad = NOT_XML_CHAR.exec(xml);
  assert.equal(bad, null, `a character XML cannot carry: U+${bad?.[0].codePointAt(0)?.toString(16).padStart(4, '0')} at ${bad?.index}`);
  return new Parser().parseString(xml);
}

describe('text for feeds', () => {
  it('keeps what XML can carry and drops the rest', () => {
    assert.equal(xmlSafe('evil \u0001 ctrl \u000b char\u0000\u001f\ufffe\uffff'), 'evil  ctrl  char');
    assert.equal(xmlSafe('tab\there\r\nline 🎬 \u00ad é \u0085'), 'tab\there\r\nline 🎬 \u00ad é \u0085', 'tab, line breaks, emoji and other controls XML allows stay');
    assert.equal(xmlSafe('half \ud83c pair'), 'half  pair', 'half a surrogate pair is no character');
  });
});

for (const kind of TEST_DATABASES) {
  describe(`Atom feeds with characters XML cannot carry (${kind})`, () => {
    let app: TestApp;

    before(async () => {
      app = await startTestApp(kind);
    });
    after(() => app.close());

    it('keeps a diary feed well-formed when a note or title holds control characters, and the rest of the text', async () => {
      const writer = await createUser(app, 'ctrl_diarist');
      const movie = await addMovie(app.database.db, { title: 'Bell\u0007 Film', year: 2001 });
      const logged = await writer.agent.post('/api/viewings', { movie_id: movie.id, watched_on: '2025-01-01', place: 'Den\u0002', note: 'evil \u0001 ctrl \u000b char' });
      assert.equal(logged.status, 200, JSON.stringify(logged.body));

      const atom = await wellFormedFeed(`${app.url}/api/users/ctrl_diarist/diary.atom`);
      const [entry] = atom.items;
      assert.equal(entry?.title, 'Bell Film (2001)');
      assert.equal(entry?.content, '<p>Watched on 1 Jan 2025, at Den.</p><p>evil  ctrl  char</p>');
    });

    it("keeps the club's feed well-formed when a review or title holds control characters, and the rest of the text", async () => {
      const critic = await createUser(app, 'ctrl_critic');
      const movie = await addMovie(app.database.db, { title: 'Form\u000cfeed', year: 2002 });
      const reviewed = await critic.agent.post('/api/review', { movie_id: movie.id, stars: 7, text: 'evil \u0001 ctrl \u000b char\n\nsecond \u001f part' });
      assert.equal(reviewed.status, 200, JSON.stringify(reviewed.body));

      const atom = await wellFormedFeed(`${app.url}/api/feed.atom`);
      const entry = atom.items.find((item) => item.title === 'ctrl_critic rated Formfeed (2002) 7 ★');
      assert.ok(entry, JSON.stringify(atom.items.map((item) => item.title)));
      assert.equal(entry.content, '<p>evil  ctrl  char</p><p>second  part</p>');
    });
  });
}
