import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { io, type Socket } from 'socket.io-client';
import { ApiAgent } from '../testing/client';
import { addMovie, createUser } from '../testing/factories';
import { startTestApp, TEST_DATABASES, type TestApp } from '../testing/testApp';
import { nextEvent } from '../watchlists/socketClient';

const PREFIX = '/movies';
/** The page as the build writes it: files referred to relatively, so one build serves any prefix. */
const BUILT_PAGE =
  '<!doctype html><html><head><link rel="icon" href="./logo.svg" /><script type="module" crossorigin src="./assets/index-Ab12Cd34.js"></script></head><body><div id="root"></div></body></html>';

const openSocket = (origin: string, socketPath: string, cookie = ''): Socket =>
  io(origin, { path: socketPath, transports: ['websocket'], extraHeaders: cookie ? { cookie } : {}, reconnection: false, forceNew: true });

/** What a browser or an app sees of a site served under BASE_PATH=/movies, as a proxy that keeps the prefix passes it on. */
for (const kind of TEST_DATABASES) {
  describe(`the site under a sub-path (${kind})`, () => {
    let app: TestApp;
    let dist: string;
    let site: string;
    const sockets: Socket[] = [];
    const agent = () => new ApiAgent(site);

    before(async () => {
      dist = fs.mkdtempSync(path.join(os.tmpdir(), 'movieclub-base-dist-'));
      fs.mkdirSync(path.join(dist, 'assets'));
      fs.writeFileSync(path.join(dist, 'index.html'), BUILT_PAGE);
      fs.writeFileSync(path.join(dist, 'assets', 'index-Ab12Cd34.js'), 'console.log("club");');
      fs.writeFileSync(path.join(dist, 'logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
      app = await startTestApp(kind, { config: { basePath: PREFIX, webDist: dist } });
      site = `${app.url}${PREFIX}`;
    });
    after(async () => {
      for (const socket of sockets) socket.disconnect();
      await app.close();
      fs.rmSync(dist, { recursive: true, force: true });
    });

    it('answers the API, the client and its files under the prefix', async () => {
      const health = await agent().get('/api/health');
      assert.equal(health.status, 200);
      assert.equal(health.body.status, 'ok');
      const script = await fetch(`${site}/assets/index-Ab12Cd34.js`);
      assert.equal(script.status, 200);
      assert.equal(await script.text(), 'console.log("club");');
      for (const address of ['/', '/movie/12', '/watchlist/3-late-night', '/index.html']) {
        const page = await fetch(`${site}${address}`);
        assert.equal(page.status, 200, address);
        const html = await page.text();
        assert.match(html, /<script type="module" crossorigin src="\/movies\/assets\/index-Ab12Cd34\.js">/, `${address}: the page's files are found from any client route`);
        assert.match(html, /<link rel="icon" href="\/movies\/logo\.svg" \/>/, address);
        assert.match(html, /<meta name="movieclub-base-path" content="\/movies" \/>/, `${address}: the client learns its prefix`);
      }
    });

    it('finds nothing outside the prefix and sends the bare prefix to itself with a slash', async () => {
      for (const address of ['/api/health', '/', '/movie/12', '/moviesX/api/health', '/socket.io/?EIO=4&transport=polling', '/logo.svg']) {
        const reply = await fetch(`${app.url}${address}`, { redirect: 'manual' });
        assert.equal(reply.status, 404, address);
        assert.deepEqual(await reply.json(), { success: false, error: 'Not found: this site lives under /movies/.', code: 'not_found' }, address);
      }
      const bare = await fetch(site, { redirect: 'manual' });
      assert.equal(bare.status, 308);
      assert.equal(bare.headers.get('location'), '/movies/');
      const withQuery = await fetch(`${site}?invite=abc`, { redirect: 'manual' });
      assert.equal(withQuery.headers.get('location'), '/movies/?invite=abc');
      const missing = await agent().get('/api/no-such-call');
      assert.deepEqual([missing.status, missing.body.code], [404, 'not_found']);
    });

    it('scopes the session and device cookies to the prefix, and signs in and out with them', async () => {
      const browser = agent();
      assert.equal((await browser.post('/api/register', { username: 'prefixfan', password: 'correct horse battery' })).status, 200);
      const login = await browser.post('/api/login', { username: 'prefixfan', password: 'correct horse battery' });
      assert.equal(login.status, 200);
      const cookies = login.headers.getSetCookie();
      const session = cookies.find((cookie) => cookie.startsWith('sid='));
      const device = cookies.find((cookie) => cookie.startsWith('device='));
      assert.match(session ?? '', /; Path=\/movies(;|$)/);
      assert.match(device ?? '', /; Path=\/movies\/api\/login(;|$)/);
      assert.equal((await browser.get('/api/user')).body.user.username, 'prefixfan');
      const logout = await browser.post('/api/logout');
      assert.match(logout.headers.getSetCookie().find((cookie) => cookie.startsWith('sid=')) ?? '', /; Path=\/movies(;|$)/, 'the cookie cleared is the one set');
      assert.equal((await browser.get('/api/user')).status, 401);
    });

    it('gives Stremio add-on addresses that carry the prefix', async () => {
      const owner = await createUser({ agent });
      const movie = await addMovie(app.database.db, { title: 'Prefixed', tconst: 'tt0000777', poster: null });
      const list = (await owner.agent.post('/api/watchlists/public', { name: 'Under a path' })).body.watchlist;
      await owner.agent.post(`/api/watchlists/${list.id}/items`, { movie_id: movie.id });
      assert.match(list.stremio_path, /^\/api\/watchlist\/.+\/stremio\/manifest\.json$/, 'the path is relative to the site, as the client expects');
      const manifest = await fetch(`${site}${list.stremio_path}`);
      assert.equal(manifest.status, 200);
      assert.equal(manifest.headers.get('access-control-allow-origin'), '*');
      const { logo, catalogs } = (await manifest.json()) as { logo: string; catalogs: { id: string }[] };
      assert.equal(logo, `${site}/icons/icon-256.png`);
      const catalog = await fetch(`${site}${list.stremio_path.replace('manifest.json', `catalog/movie/${catalogs[0].id}.json`)}`);
      assert.equal(catalog.status, 200);
      const { metas } = (await catalog.json()) as { metas: { poster: string }[] };
      assert.equal(metas[0].poster, `${site}/icons/icon-256.png`, 'a movie without a poster shows the logo from under the prefix');
    });

    it('describes the API with the prefix as its server and shows the reference there', async () => {
      const document = await agent().get('/api/openapi.json');
      assert.deepEqual(document.body.servers, [{ url: PREFIX }]);
      const docs = await fetch(`${site}/api/docs/`);
      assert.equal(docs.status, 200);
      assert.match(await docs.text(), /swagger/i);
    });

    it('connects sockets at the prefixed address, with the session of the prefixed cookie', async () => {
      const member = await createUser({ agent });
      const list = (await member.agent.post('/api/watchlists/public', { name: 'Live under a path' })).body.watchlist;
      const socket = openSocket(app.url, `${PREFIX}/socket.io`, member.agent.cookieHeader);
      sockets.push(socket);
      socket.emit('watchlist:subscribe', { watchlist_id: list.id });
      assert.deepEqual(await nextEvent(socket, 'watchlist:init'), { watchlist_id: list.id, picked_movie: null, picked_at: null });
      const changed = nextEvent(socket, 'watchlist:changed');
      const movie = await addMovie(app.database.db, { title: 'Live', tconst: 'tt0000778' });
      await member.agent.post(`/api/watchlists/${list.id}/items`, { movie_id: movie.id });
      assert.deepEqual(await changed, { watchlist_id: list.id, what: 'items' });

      const outside = openSocket(app.url, '/socket.io');
      sockets.push(outside);
      const error = await new Promise<Error>((resolve) => outside.once('connect_error', resolve));
      assert.ok(error, 'the root socket address is not served');
    });
  });
}
