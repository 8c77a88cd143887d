import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import sharp from 'sharp';
import { addImdbTitle } from '../testing/factories';
import { startTestApp, TEST_DATABASES, type TestApp } from '../testing/testApp';

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

for (const kind of TEST_DATABASES) {
  describe(`drawn posters as PNG (${kind})`, () => {
    let app: TestApp;
    before(async () => {
      app = await startTestApp(kind);
      await addImdbTitle(app.database.db, { tconst: 'tt9600011', primary_title: 'Plan 9 from Outer Space', start_year: 1957 });
    });
    after(() => app.close());

    it('answer the same drawing as a 300×450 PNG, cached as the SVG is', async () => {
      const reply = await fetch(`${app.url}/api/posters/tt9600011.png`);
      assert.equal(reply.status, 200);
      assert.equal(reply.headers.get('content-type'), 'image/png');
      assert.equal(reply.headers.get('cache-control'), (await fetch(`${app.url}/api/posters/tt9600011.svg`)).headers.get('cache-control'));
      assert.equal(reply.headers.get('cache-control'), 'public, max-age=86400');
      const png = Buffer.from(await reply.arrayBuffer());
      const { format, width, height } = await sharp(png).metadata();
      assert.deepEqual([format, width, height], ['png', 300, 450]);
      // The strip's middle is coloured by the id, not left blank: the SVG was really drawn.
      const { data } = await sharp(png).extract({ left: 150, top: 40, width: 1, height: 1 }).raw().toBuffer({ resolveWithObject: true });
      assert.ok(data[0] + data[1] + data[2] > 60, `a drawn colour, not black: ${[...data]}`);
      const again = Buffer.from(await (await fetch(`${app.url}/api/posters/tt9600011.png`)).arrayBuffer());
      assert.ok(again.equals(png), 'the same picture the second time');
    });

    it("answer 404 'Poster not found.' for an unknown title and for any other name", async () => {
      assert.equal((await fetch(`${app.url}/api/posters/tt9600011.png`)).status, 200, 'the name done right is found');
      for (const file of ['tt0000000.png', 'tt12.png', 'tt9600011.PNG', 'tt9600011.gif', 'tt9600011.png.svg', 'tt9600011.svg.png', 'xtt9600011.png', 'tt9600011']) {
        const reply = await fetch(`${app.url}/api/posters/${file}`);
        assert.equal(reply.status, 404, file);
        assert.equal(((await reply.json()) as { error: string }).error, 'Poster not found.', file);
      }
    });
  });
}
