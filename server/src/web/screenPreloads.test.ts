import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { REPO_ROOT } from '../config';
import { startTestApp, type TestApp } from '../testing/testApp';
import { SCREEN_MODULES } from './screenPreloads';

/**
 * A build's manifest in Vite's shape: the entry with its own imports, two screens sharing a chunk,
 * and two screens merged into one chunk, which the manifest names by the chunk, not the screen.
 */
const MANIFEST = {
  'index.html': { file: 'assets/index-A1.js', isEntry: true, imports: ['_react-B2.js'], css: ['assets/index-C3.css'] },
  '_react-B2.js': { file: 'assets/react-B2.js' },
  '_cards-D4.js': { file: 'assets/cards-D4.js', imports: ['_react-B2.js'], css: ['assets/cards-E5.css'] },
  'src/pages/movie/MoviePage.tsx': { file: 'assets/MoviePage-F6.js', isDynamicEntry: true, imports: ['index.html', '_cards-D4.js'], css: ['assets/MoviePage-G7.css'] },
  'src/pages/home/HomePage.tsx': { file: 'assets/HomePage-H8.js', isDynamicEntry: true, imports: ['index.html', '_cards-D4.js'], dynamicImports: ['src/pages/home/FirstRun.tsx'] },
  'src/pages/home/FirstRun.tsx': { file: 'assets/FirstRun-J9.js', isDynamicEntry: true },
  '_RegisterPage-K1.js': { file: 'assets/RegisterPage-K1.js', isDynamicEntry: true, imports: ['index.html', '_cards-D4.js'], css: ['assets/RegisterPage-L2.css'] },
};
/** Which chunk holds each module, as web/build/moduleChunks.ts writes it. */
const MODULE_CHUNKS = {
  'src/pages/register/RegisterPage.tsx': 'assets/RegisterPage-K1.js',
  'src/pages/login/LinkAccountPage.tsx': 'assets/RegisterPage-K1.js',
  'src/pages/movie/MoviePage.tsx': 'assets/MoviePage-F6.js',
};

const linksOf = (html: string) =>
  [...html.matchAll(/<link rel="(modulepreload|preload)"(?! as="fetch")[^>]*href="([^"]+)"/g)].map((match) => `${match[1]} ${match[2]}`);
const callsOf = (html: string) => [...html.matchAll(/<link rel="preload" as="fetch" crossorigin="use-credentials" href="([^"]+)"/g)].map((match) => match[1].replace(/&amp;/g, '&'));

describe("naming a screen's files in the page", () => {
  let dist: string;
  const apps: TestApp[] = [];

  before(() => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'movieclub-preload-'));
    fs.mkdirSync(path.join(dist, '.vite'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html><head><title>MovieClub</title><script type="module" crossorigin src="./assets/index-A1.js"></script></head><body></body></html>');
    fs.writeFileSync(path.join(dist, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
    fs.writeFileSync(path.join(dist, '.vite', 'module-chunks.json'), JSON.stringify(MODULE_CHUNKS));
  });
  after(async () => {
    for (const app of apps) await app.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it("names the screen's chunk, the chunks it imports and their styles, but nothing the entry loads or that loads later", async () => {
    const app = await startTestApp('sqlite', { config: { webDist: dist } });
    apps.push(app);
    assert.deepEqual(linksOf(String((await app.agent().get('/movie/12')).body)), [
      'modulepreload /assets/MoviePage-F6.js',
      'modulepreload /assets/cards-D4.js',
      'preload /assets/MoviePage-G7.css',
      'preload /assets/cards-E5.css',
    ]);
    assert.deepEqual(linksOf(String((await app.agent().get('/?from=share')).body)), [
      'modulepreload /assets/HomePage-H8.js',
      'modulepreload /assets/cards-D4.js',
      'preload /assets/cards-E5.css',
    ]);
    // Screens merged into a shared chunk are found through it.
    for (const address of ['/register', '/login/link']) {
      assert.deepEqual(linksOf(String((await app.agent().get(address)).body)), [
        'modulepreload /assets/RegisterPage-K1.js',
        'modulepreload /assets/cards-D4.js',
        'preload /assets/RegisterPage-L2.css',
        'preload /assets/cards-E5.css',
      ], address);
    }
    // A screen the build does not hold, and an address no screen draws, get the page as built.
    for (const address of ['/watchlist', '/no/such/screen']) {
      const html = String((await app.agent().get(address)).body);
      assert.deepEqual(linksOf(html), [], address);
      assert.match(html, /<title>MovieClub<\/title>/, address);
    }
    for (const address of ['/.vite/manifest.json', '/%2Evite/manifest.json', '/assets/../.vite/manifest.json']) {
      const manifest = await app.agent().get(address);
      assert.doesNotMatch(JSON.stringify(manifest.body), /MoviePage-F6/, `the manifest itself is not served: ${address}`);
    }
  });

  it('puts the links under the prefix the site is served at', async () => {
    const app = await startTestApp('sqlite', { config: { webDist: dist, basePath: '/movies' } });
    apps.push(app);
    const html = String((await app.agent().get('/movies/movie/12')).body);
    assert.ok(linksOf(html).includes('modulepreload /movies/assets/MoviePage-F6.js'), html);
  });

  it('names the calls a screen makes first, with the movie id as the screen reads it', async () => {
    const app = await startTestApp('sqlite', { config: { webDist: dist } });
    apps.push(app);
    const calls = async (address: string) => callsOf(String((await app.agent().get(address)).body));
    assert.deepEqual(await calls('/movie/12'), ['/api/user', '/api/movies/12', '/api/movies/12/reviews?limit=20']);
    assert.deepEqual(await calls('/movie/007/'), ['/api/user', '/api/movies/7', '/api/movies/7/reviews?limit=20']);
    for (const address of ['/watchlist', '/watchlist/4-film-club']) {
      assert.deepEqual(await calls(address), ['/api/user', '/api/watchlists/public?q=&limit=8&offset=0'], address);
    }
    for (const address of ['/movie/0', '/movie/abc', '/movie/1234567890123456', '/movie/2147483648', '/']) assert.deepEqual(await calls(address), ['/api/user'], address);
    const prefixed = await startTestApp('sqlite', { config: { webDist: dist, basePath: '/movies' } });
    apps.push(prefixed);
    assert.deepEqual(callsOf(String((await prefixed.agent().get('/movies/movie/3')).body)), ['/movies/api/user', '/movies/api/movies/3', '/movies/api/movies/3/reviews?limit=20']);
  });

  it("knows every screen web/src/App.tsx routes to, at the addresses it routes them", () => {
    const app = fs.readFileSync(path.join(REPO_ROOT, 'web/src/App.tsx'), 'utf8');
    const modules = new Map([...app.matchAll(/const (\w+) = lazy\(\(\) => import\('\.\/(pages\/[^']+)'\)/g)].map((match) => [match[1], `src/${match[2]}.tsx`]));
    const routes = [...app.matchAll(/<Route path="([^"]+)" element=\{.*?<(\w+) \/>/g)].map((match) => ({ path: match[1], screen: match[2] }));
    assert.ok(routes.length >= 15, `routes read from App.tsx: ${routes.length}`);
    for (const route of routes) {
      if (route.path === '*') continue;
      const address = route.path.replace(/:\w+/g, 'x1');
      const found = SCREEN_MODULES.find(([pattern]) => pattern.test(address))?.[1];
      assert.equal(found, modules.get(route.screen), `${route.path} draws ${route.screen}`);
    }
  });
});
