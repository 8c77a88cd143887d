import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { addImdbTitle } from '../testing/factories';
import { startTestApp, type TestApp } from '../testing/testApp';

/** The text the picture draws: the content of its <text> elements. */
const drawnText = (svg: string) => [...svg.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((match) => match[1]);

describe('drawn posters', () => {
  let app: TestApp;
  before(async () => {
    app = await startTestApp('sqlite');
  });
  after(() => app.close());

  it('draw a film strip with the year, not the title printed beside them', async () => {
    await addImdbTitle(app.database.db, { tconst: 'tt9600001', primary_title: 'Attack of the <Killer> Tomatoes', start_year: 1978 });
    const reply = await app.agent().get('/api/posters/tt9600001.svg');
    assert.equal(reply.status, 200);
    assert.match(reply.headers.get('content-type') ?? '', /^image\/svg\+xml/);
    assert.deepEqual(drawnText(reply.body), ['1978']);
    assert.match(reply.body, /aria-label="Attack of the &#60;Killer&#62; Tomatoes \(1978\)"/, 'the name stays for the picture opened alone');
  });

  it('draw no text at all for a title without a year, and a colour of its own per title', async () => {
    await addImdbTitle(app.database.db, { tconst: 'tt9600002', primary_title: 'Untitled Project', start_year: null });
    await addImdbTitle(app.database.db, { tconst: 'tt9600003', primary_title: 'Untitled Project', start_year: null });
    const first = await app.agent().get('/api/posters/tt9600002.svg');
    const second = await app.agent().get('/api/posters/tt9600003.svg');
    assert.deepEqual(drawnText(first.body), []);
    const hue = (svg: string) => /hsl\((\d+),/.exec(svg)?.[1];
    assert.notEqual(hue(first.body), hue(second.body));
  });
});
