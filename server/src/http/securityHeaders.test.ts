import assert from 'node:assert/strict';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { createUser } from '../testing/factories';
import { startTestApp, TEST_DATABASES, type TestApp } from '../testing/testApp';

/** The CSP as a map of directive → sources. */
function policy(headers: Headers): Map<string, string[]> {
  const header = headers.get('content-security-policy') ?? '';
  return new Map(
    header
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...sources]) => [name, sources]),
  );
}

function assertProtected(headers: Headers, what: string) {
  const csp = policy(headers);
  assert.deepEqual(csp.get('script-src'), ["'self'"], `${what}: scripts from this site only`);
  assert.deepEqual(csp.get('frame-ancestors'), ["'none'"], `${what}: never framed`);
  assert.deepEqual(csp.get('object-src'), ["'none'"], `${what}: no plugins`);
  assert.equal(headers.get('x-frame-options'), 'DENY', what);
  assert.equal(headers.get('x-content-type-options'), 'nosniff', what);
  assert.equal(headers.get('referrer-policy'), 'strict-origin-when-cross-origin', what);
}

/** A data reply's headers: a policy that loads nothing and is never framed, no sniffing, no framing, none of a document's own. */
function assertProtectedData(headers: Headers, what: string) {
  const csp = policy(headers);
  assert.deepEqual([...csp.keys()].sort(), ['default-src', 'frame-ancestors'], `${what}: ${headers.get('content-security-policy')}`);
  assert.deepEqual(csp.get('default-src'), ["'none'"], `${what}: loads nothing, runs no script`);
  assert.deepEqual(csp.get('frame-ancestors'), ["'none'"], `${what}: never framed`);
  assert.equal(headers.get('x-frame-options'), 'DENY', what);
  assert.equal(headers.get('x-content-type-options'), 'nosniff', what);
  assert.equal(headers.get('referrer-policy'), 'strict-origin-when-cross-origin', what);
  assert.equal(headers.get('cross-origin-resource-policy'), 'same-origin', what);
  assert.match(headers.get('strict-transport-security') ?? '', /^max-age=31536000/, what);
  for (const documentOnly of ['cross-origin-opener-policy', 'origin-agent-cluster', 'x-dns-prefetch-control', 'x-xss-protection']) {
    assert.equal(headers.get(documentOnly), null, `${what}: no ${documentOnly}`);
  }
}

for (const kind of TEST_DATABASES) {
  describe(`security headers (${kind})`, () => {
    let app: TestApp;
    let webDist: string;

    before(async () => {
      webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'movieclub-dist-'));
      fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>MovieClub</title><div id="root"></div>');
      fs.writeFileSync(path.join(webDist, 'logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
      fs.writeFileSync(path.join(webDist, 'sw.js'), 'self.addEventListener("fetch", () => {});');
      fs.writeFileSync(path.join(webDist, 'manifest.webmanifest'), '{"name":"MovieClub"}');
      app = await startTestApp(kind, { config: { webDist } });
    });
    after(async () => {
      await app?.close();
      fs.rmSync(webDist, { recursive: true, force: true });
    });

    it('protects the pages, the API and error replies alike', async () => {
      const agent = app.agent();
      const page = await agent.get('/watchlist/mine');
      assert.equal(page.status, 200);
      assert.match(page.headers.get('content-type') ?? '', /text\/html/);
      assertProtected(page.headers, 'a client page');
      assert.equal(page.headers.get('cross-origin-opener-policy'), 'same-origin', 'a page opened from another site has no handle on it');
      assertProtected((await agent.get('/nothing-here')).headers, 'a page not found');
      assertProtectedData((await agent.get('/api/health')).headers, 'the API');
      assertProtectedData((await agent.get('/api/movies/abc')).headers, 'a 400');
      assertProtectedData((await agent.get('/api/nothing-here')).headers, 'a 404');
      assertProtectedData((await agent.post('/api/login', { username: 'nobody', password: 'wrong password' })).headers, 'a 401');
      const reference = await agent.get('/api/docs');
      assert.match(reference.headers.get('content-type') ?? '', /text\/html/);
      assertProtected(reference.headers, 'the API reference, a page');
      assertProtected((await agent.get('/api/docs/static/index.html')).headers, 'a page of the API reference');
    });

    it('lets the client load images from this site and the poster services, and open its socket', async () => {
      const csp = policy((await app.agent().get('/')).headers);
      assert.deepEqual(csp.get('default-src'), ["'self'"]);
      assert.deepEqual(csp.get('img-src'), ["'self'", 'https://m.media-amazon.com', 'https://image.tmdb.org']);
      const host = new URL(app.url).host;
      assert.deepEqual(csp.get('connect-src'), ["'self'", `ws://${host}`, `wss://${host}`]);
      assert.ok(!csp.get('script-src')?.includes("'unsafe-inline'"));
      assert.ok(!csp.has('upgrade-insecure-requests'), 'plain HTTP installs keep working');
    });

    it('lets the installable app register its service worker and read its manifest, from this site only', async () => {
      const page = policy((await app.agent().get('/')).headers);
      assert.deepEqual(page.get('worker-src'), ["'self'"]);
      assert.deepEqual(page.get('manifest-src'), ["'self'"]);
      assert.ok(!page.get('connect-src')?.includes('https://image.tmdb.org'), 'the page itself fetches nothing from the poster hosts');
      const worker = await app.agent().get('/sw.js');
      assert.equal(worker.status, 200);
      const workerPolicy = policy(worker.headers);
      assertProtected(worker.headers, 'the service worker');
      // The worker fetches posters to keep them; its fetches obey the policy sent with its script.
      assert.deepEqual(workerPolicy.get('connect-src')?.filter((source) => source.startsWith('https:')), ['https://m.media-amazon.com', 'https://image.tmdb.org']);
      assert.ok(!workerPolicy.get('script-src')?.includes("'unsafe-inline'"));
    });

    it('puts nothing from a forged Host header into the policy', async () => {
      const headers = await new Promise<http.IncomingHttpHeaders>((resolve, reject) => {
        const request = http.get(`${app.url}/`, { headers: { host: "evil.example; script-src 'unsafe-inline'" } }, (response) => {
          response.resume();
          resolve(response.headers);
        });
        request.on('error', reject);
      });
      const csp = policy(new Headers({ 'content-security-policy': String(headers['content-security-policy']) }));
      assert.deepEqual(csp.get('script-src'), ["'self'"]);
      assert.deepEqual(csp.get('connect-src'), ["'self'"]);
    });

    it('keeps the Stremio add-on open to every site', async () => {
      const owner = await createUser(app);
      const created = await owner.agent.post('/api/watchlists/public', { name: 'Open Night' });
      const manifestPath = created.body.watchlist.stremio_path as string;
      const manifest = await fetch(app.url + manifestPath, { headers: { origin: 'https://web.stremio.com' } });
      assert.equal(manifest.status, 200);
      assert.equal(manifest.headers.get('access-control-allow-origin'), '*');
      assert.equal(manifest.headers.get('cross-origin-resource-policy'), 'cross-origin');
      const catalogId = ((await manifest.json()) as { catalogs: { id: string }[] }).catalogs[0].id;
      const catalog = await fetch(app.url + manifestPath.replace('manifest.json', `catalog/movie/${catalogId}.json`));
      assert.equal(catalog.status, 200);
      assert.equal(catalog.headers.get('access-control-allow-origin'), '*');
      const logo = await fetch(`${app.url}/logo.svg`);
      assert.equal(logo.headers.get('cross-origin-resource-policy'), 'cross-origin', 'the add-on logo shows in Stremio');
      const poster = await fetch(`${app.url}/api/posters/tt0133093.svg`);
      assert.equal(poster.headers.get('cross-origin-resource-policy'), 'cross-origin', 'drawn posters show in Stremio');
      const page = await fetch(`${app.url}/watchlist/mine`);
      assert.equal(page.headers.get('cross-origin-resource-policy'), 'same-origin');
    });
  });
}
