import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import zlib from 'node:zlib';
import { rawGet } from '../testing/rawGet';
import { startTestApp, type TestApp } from '../testing/testApp';

const BIG_SCRIPT = 'export const movies = ['.concat('"The Thing", '.repeat(2000), '];');

/** The built client's caching as a browser sees it over HTTP. */
describe('serving the built client', () => {
  let app: TestApp;
  let dist: string;

  before(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'movieclub-dist-'));
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>MovieClub</title><script src="/assets/index-Ab12Cd34.js"></script>');
    fs.writeFileSync(path.join(dist, 'assets', 'index-Ab12Cd34.js'), 'console.log("club");');
    fs.writeFileSync(path.join(dist, 'assets', 'index-Ef56Gh78.css'), 'body { margin: 0; }');
    fs.writeFileSync(path.join(dist, 'logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    fs.writeFileSync(path.join(dist, 'sw.js'), 'importScripts("./workbox-Ab12Cd34.js");');
    fs.writeFileSync(path.join(dist, 'manifest.webmanifest'), '{"name":"MovieClub","start_url":"./"}');
    // A large asset with the copies the build writes beside it.
    fs.writeFileSync(path.join(dist, 'assets', 'vendor-Zz99Yy88.js'), BIG_SCRIPT);
    fs.writeFileSync(path.join(dist, 'assets', 'vendor-Zz99Yy88.js.br'), zlib.brotliCompressSync(BIG_SCRIPT));
    fs.writeFileSync(path.join(dist, 'assets', 'vendor-Zz99Yy88.js.gz'), zlib.gzipSync(BIG_SCRIPT));
    app = await startTestApp('sqlite', { config: { webDist: dist } });
  });
  after(async () => {
    await app.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('serves hashed assets as cacheable for a year and never to be revalidated', async () => {
    for (const file of ['/assets/index-Ab12Cd34.js', '/assets/index-Ef56Gh78.css']) {
      const reply = await app.agent().get(file);
      assert.equal(reply.status, 200, file);
      assert.equal(reply.headers.get('cache-control'), 'public, max-age=31536000, immutable', file);
    }
    assert.match((await app.agent().get('/assets/index-Ab12Cd34.js')).headers.get('content-type') ?? '', /javascript/);
  });

  it('serves a build made while it runs: the new page and the files it names', async () => {
    const page = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
    assert.match(String((await app.agent().get('/')).body), /index-Ab12Cd34\.js/);
    try {
      fs.writeFileSync(path.join(dist, 'assets', 'index-Nw00Bd11.js'), 'console.log("rebuilt");');
      fs.writeFileSync(path.join(dist, 'index.html'), page.replace('index-Ab12Cd34.js', 'index-Nw00Bd11.js'));
      // A later modification time than the first page's, however coarse the file system's clock.
      const later = new Date(Date.now() + 5_000);
      fs.utimesSync(path.join(dist, 'index.html'), later, later);
      assert.match(String((await app.agent().get('/movie/12')).body), /index-Nw00Bd11\.js/);
      const script = await app.agent().get('/assets/index-Nw00Bd11.js');
      assert.deepEqual([script.status, String(script.body)], [200, 'console.log("rebuilt");'], 'the new script, not the page in its place');
      assert.equal(script.headers.get('cache-control'), 'public, max-age=31536000, immutable');
      const gone = await app.agent().get('/assets/index-Gone0000.js');
      assert.equal(gone.status, 404, 'a script no build has is missing, not the page in its place');
    } finally {
      fs.writeFileSync(path.join(dist, 'index.html'), page);
      fs.rmSync(path.join(dist, 'assets', 'index-Nw00Bd11.js'));
    }
  });

  it('serves the page itself, at its own address and for every client route, to be revalidated on each visit', async () => {
    for (const address of ['/', '/index.html', '/movie/12', '/watchlist/3-late-night', '/user/profile/Ash']) {
      const reply = await app.agent().get(address);
      assert.equal(reply.status, 200, address);
      assert.equal(reply.headers.get('cache-control'), 'no-cache', address);
      assert.match(String(reply.body), /<title>MovieClub<\/title>/, address);
    }
  });

  it('serves the page at the site root to clients that accept no compression (curl, uptime checks)', async () => {
    const variants: Record<string, string>[] = [{}, { 'accept-encoding': 'identity' }];
    for (const headers of variants) {
      for (const address of ['/', '/movie/12']) {
        const reply = await rawGet(app.url + address, headers);
        assert.equal(reply.status, 200, `${address} ${JSON.stringify(headers)}`);
        assert.match(reply.body.toString(), /<title>MovieClub<\/title>/, address);
      }
    }
  });

  it('serves the service worker and the web app manifest to be revalidated on each visit, with their types', async () => {
    const worker = await app.agent().get('/sw.js');
    assert.equal(worker.status, 200);
    assert.equal(worker.headers.get('cache-control'), 'no-cache');
    assert.match(worker.headers.get('content-type') ?? '', /^(application|text)\/javascript/);
    assert.equal(worker.headers.get('service-worker-allowed'), null, 'its scope is the folder it is in: no wider scope is granted');
    const manifest = await app.agent().get('/manifest.webmanifest');
    assert.equal(manifest.status, 200);
    assert.equal(manifest.headers.get('cache-control'), 'no-cache');
    assert.match(manifest.headers.get('content-type') ?? '', /^application\/manifest\+json/);
    assert.equal((manifest.body as { name: string }).name, 'MovieClub');
  });

  it('serves other files beside the page for a few minutes, and unknown API addresses as JSON 404s', async () => {
    const logo = await app.agent().get('/logo.svg');
    assert.equal(logo.status, 200);
    assert.equal(logo.headers.get('cache-control'), 'public, max-age=300');
    const missing = await app.agent().get('/api/no-such-call');
    assert.equal(missing.status, 404);
    assert.deepEqual(missing.body, { success: false, error: 'Not found.', code: 'not_found' });
  });

  it('sends the compressed copy of an asset that the browser accepts, and the plain file to one that accepts none', async () => {
    const address = `${app.url}/assets/vendor-Zz99Yy88.js`;
    const brotli = await rawGet(address, { 'accept-encoding': 'gzip, deflate, br' });
    assert.equal(brotli.headers['content-encoding'], 'br');
    assert.equal(zlib.brotliDecompressSync(brotli.body).toString(), BIG_SCRIPT);
    assert.equal(brotli.headers['cache-control'], 'public, max-age=31536000, immutable');
    const gzip = await rawGet(address, { 'accept-encoding': 'gzip' });
    assert.equal(gzip.headers['content-encoding'], 'gzip');
    assert.equal(zlib.gunzipSync(gzip.body).toString(), BIG_SCRIPT);
    const plain = await rawGet(address, { 'accept-encoding': 'identity' });
    assert.equal(plain.headers['content-encoding'], undefined);
    assert.equal(plain.body.toString(), BIG_SCRIPT);
  });

  it('compresses large API replies for clients that accept it', async () => {
    const reply = await rawGet(`${app.url}/api/openapi.json`, { 'accept-encoding': 'gzip' });
    assert.equal(reply.status, 200);
    assert.equal(reply.headers['content-encoding'], 'gzip');
    const document = JSON.parse(zlib.gunzipSync(reply.body).toString()) as { openapi: string };
    assert.match(document.openapi, /^3\.1/);
    const small = await rawGet(`${app.url}/api/user`, { 'accept-encoding': 'gzip' });
    assert.equal(small.headers['content-encoding'], undefined, 'a tiny reply goes as it is');
  });
});
