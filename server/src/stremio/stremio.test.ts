import assert from 'node:assert/strict';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { addImdbTitle, addMovie, createUser, type SignedInUser } from '../testing/factories';
import { startTestApp, TEST_DATABASES, type TestApp } from '../testing/testApp';

// Both are CommonJS packages without types: the linter Stremio publishes, and the client its apps use.
const require = createRequire(import.meta.url);
const { lintManifest } = require('stremio-addon-linter') as { lintManifest(manifest: unknown): { valid: boolean; errors: unknown[]; warnings: unknown[] } };
/** The client's public files (the build copies them as they are), for the logo the add-on names. */
const WEB_PUBLIC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../web/public');

const addonClient = require('stremio-addon-client') as {
  detectFromURL(url: string): Promise<{ addon: { manifest: any; get(resource: string, type: string, id: string, extra?: unknown): Promise<any> } }>;
};

for (const kind of TEST_DATABASES) {
  describe(`Stremio add-on (${kind})`, () => {
    let app: TestApp;
    let publicPath: string;
    let personalPath: string;
    let personalId: number;
    let movies: Awaited<ReturnType<typeof addMovie>>[];
    let owner: SignedInUser;
    let webDist: string;

    before(async () => {
      webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'stremio-web-'));
      fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><html><head><title>MovieClub</title></head><body></body></html>');
      fs.cpSync(path.join(WEB_PUBLIC, 'icons'), path.join(webDist, 'icons'), { recursive: true });
      app = await startTestApp(kind, { config: { webDist } });
      owner = await createUser(app, 'stremio_owner');
      movies = [
        await addMovie(app.database.db, { title: 'Alpha', tconst: 'tt0111161', imdb_rating: 9.3, year: 1994, plot: 'Hope.', poster: 'https://img.example/a.jpg' }),
        await addMovie(app.database.db, { title: 'Beta', tconst: 'tt0068646', imdb_rating: 9, year: 1972, poster: null }),
        await addMovie(app.database.db, { title: 'Gamma', tconst: 'tt0468569', imdb_rating: null, year: null }),
      ];
      const list = (await owner.agent.post('/api/watchlists/public', { name: 'Friday Frights!' })).body.watchlist;
      for (const movie of [movies[1], movies[0], movies[2]]) await owner.agent.post(`/api/watchlists/${list.id}/items`, { movie_id: movie.id });
      publicPath = list.stremio_path;
      await owner.agent.post('/api/watchlists/mine/items', { movie_id: movies[0].id });
      const mine = (await owner.agent.get('/api/watchlists/mine')).body.watchlist;
      personalPath = mine.stremio_path;
      personalId = mine.id;
    });
    after(async () => {
      await app.close();
      fs.rmSync(webDist, { recursive: true, force: true });
    });

    it('serves a manifest that passes the Stremio linter, with CORS and a short cache', async () => {
      assert.equal(publicPath, `/api/watchlist/${publicPath.split('/')[3].split('-')[0]}-friday-frights/stremio/manifest.json`);
      const reply = await fetch(app.url + publicPath);
      assert.equal(reply.status, 200);
      assert.equal(reply.headers.get('access-control-allow-origin'), '*');
      assert.equal(reply.headers.get('content-type'), 'application/json; charset=utf-8');
      assert.match(reply.headers.get('cache-control') ?? '', /max-age=60/);
      const manifest = (await reply.json()) as any;
      const lint = lintManifest(manifest);
      assert.deepEqual(lint.errors, []);
      assert.equal(lint.valid, true);
      assert.deepEqual(manifest.resources, ['catalog']);
      assert.deepEqual(manifest.types, ['movie']);
      assert.deepEqual(manifest.idPrefixes, ['tt']);
      assert.equal(manifest.catalogs[0].type, 'movie');
      assert.ok(JSON.stringify(manifest).length < 8 * 1024);
      assert.deepEqual([manifest.name, manifest.description], ['MovieClub: Friday Frights!', 'Public watchlist by stremio_owner on MovieClub.']);
    });

    it('names a 256×256 PNG logo that the site serves, and shows it for a film without a poster', async () => {
      const manifest = (await (await fetch(app.url + publicPath)).json()) as any;
      assert.match(manifest.logo, /^http:\/\/127\.0\.0\.1:\d+\/.+\.png$/);
      const logo = await fetch(manifest.logo);
      assert.equal(logo.status, 200);
      assert.equal(logo.headers.get('content-type'), 'image/png');
      const { format, width, height } = await sharp(Buffer.from(await logo.arrayBuffer())).metadata();
      assert.deepEqual([format, width, height], ['png', 256, 256]);
      const folder = app.url + publicPath.replace(/manifest\.json$/, '');
      const catalog = (await (await fetch(`${folder}catalog/movie/${manifest.catalogs[0].id}.json`)).json()) as any;
      assert.equal(catalog.metas.find((meta: any) => meta.name === 'Beta').poster, manifest.logo);
    });

    it('shows the PNG of a poster the server draws (an offline club), which the site then serves', async () => {
      await addImdbTitle(app.database.db, { tconst: 'tt9700001', primary_title: 'Carnival of Souls', start_year: 1962 });
      const added = await owner.agent.post('/api/movies', { imdb_id: 'tt9700001' });
      assert.equal(added.body.movie.poster, '/api/posters/tt9700001.svg', 'no OMDb or TMDB key: the drawn poster');
      const list = (await owner.agent.post('/api/watchlists/public', { name: 'Offline Nights' })).body.watchlist;
      await owner.agent.post(`/api/watchlists/${list.id}/items`, { movie_id: added.body.movie.id });
      await owner.agent.post(`/api/watchlists/${list.id}/items`, { movie_id: movies[0].id });
      const { addon } = await addonClient.detectFromURL(app.url + list.stremio_path);
      const { metas } = await addon.get('catalog', 'movie', addon.manifest.catalogs[0].id);
      assert.deepEqual(
        metas.map((meta: any) => meta.poster),
        [`${app.url}/api/posters/tt9700001.png`, 'https://img.example/a.jpg'],
        "the drawn poster as PNG, a service's poster as it is",
      );
      const poster = await fetch(metas[0].poster);
      assert.equal(poster.status, 200);
      assert.equal(poster.headers.get('content-type'), 'image/png');
      const { format, width, height } = await sharp(Buffer.from(await poster.arrayBuffer())).metadata();
      assert.deepEqual([format, width, height], ['png', 300, 450]);
    });

    it("describes its list in the club's language", async () => {
      assert.equal((await owner.agent.put('/api/admin/settings', { language: 'de' })).status, 200, 'the first account is the admin');
      try {
        const shared = (await (await fetch(app.url + publicPath)).json()) as any;
        assert.deepEqual([shared.name, shared.description], ['MovieClub: Friday Frights!', 'Öffentliche Liste von stremio_owner auf MovieClub.']);
        assert.equal(lintManifest(shared).valid, true);
        const personal = (await (await fetch(app.url + personalPath)).json()) as any;
        assert.equal(personal.description, 'Persönliche Merkliste von stremio_owner auf MovieClub.');
      } finally {
        await owner.agent.put('/api/admin/settings', { language: 'en' });
      }
    });

    it('is read by stremio-addon-client as the Stremio app reads it, metas in list order', async () => {
      const { addon } = await addonClient.detectFromURL(app.url + publicPath);
      const catalog = addon.manifest.catalogs[0];
      const reply = await addon.get('catalog', 'movie', catalog.id);
      assert.deepEqual(
        reply.metas.map((meta: any) => meta.id),
        ['tt0068646', 'tt0111161', 'tt0468569'],
      );
      const alpha = reply.metas[1];
      assert.deepEqual(
        { ...alpha },
        { id: 'tt0111161', type: 'movie', name: 'Alpha', poster: 'https://img.example/a.jpg', posterShape: 'poster', releaseInfo: '1994', imdbRating: '9.3', description: 'Hope.', genres: ['Drama'] },
      );
      assert.equal(reply.metas[0].imdbRating, '9.0', 'a string with one decimal');
      assert.match(reply.metas[0].poster, /^http:\/\/127\.0\.0\.1:\d+\//, 'a missing poster becomes an absolute fallback image');
      assert.equal(reply.metas[2].imdbRating, undefined);
    });

    it('pages by skip in the /catalog/movie/{id}/{extra}.json form', async () => {
      const manifest = (await (await fetch(app.url + publicPath)).json()) as any;
      const folder = app.url + publicPath.replace(/manifest\.json$/, '');
      const id = manifest.catalogs[0].id;
      const skipped = (await (await fetch(`${folder}catalog/movie/${id}/skip=2.json`)).json()) as any;
      assert.deepEqual(skipped.metas.map((meta: any) => meta.name), ['Gamma']);
      const beyond = await fetch(`${folder}catalog/movie/${id}/skip=100.json`);
      assert.equal(beyond.headers.get('access-control-allow-origin'), '*');
      assert.deepEqual(((await beyond.json()) as any).metas, []);
      const wrong = await fetch(`${folder}catalog/movie/other.json`);
      assert.equal(wrong.status, 404);
      assert.equal(wrong.headers.get('access-control-allow-origin'), '*');
    });

    it('serves a personal list only at its secret address', async () => {
      const good = await fetch(app.url + personalPath);
      assert.equal(good.status, 200);
      const manifest = (await good.json()) as any;
      assert.equal(lintManifest(manifest).valid, true);
      const { addon } = await addonClient.detectFromURL(app.url + personalPath);
      const reply = await addon.get('catalog', 'movie', addon.manifest.catalogs[0].id);
      assert.deepEqual(reply.metas.map((meta: any) => meta.id), ['tt0111161']);

      for (const slug of ['my-watchlist', 'list', '', personalPath.split('/')[3].slice(String(personalId).length + 1, -1)]) {
        const wrong = await fetch(`${app.url}/api/watchlist/${personalId}-${slug}/stremio/manifest.json`);
        assert.equal(wrong.status, 404, slug);
        assert.deepEqual(await wrong.json(), { success: false, error: 'Watchlist not found.', code: 'not_found' });
        const catalog = await fetch(`${app.url}/api/watchlist/${personalId}-${slug}/stremio/catalog/movie/${manifest.catalogs[0].id}.json`);
        assert.equal(catalog.status, 404);
        assert.ok(!(await catalog.text()).includes('tt0111161'), 'nothing of the list leaks');
        // A refusal is not kept: the list may be found at that address a minute later.
        assert.equal(catalog.headers.get('cache-control'), null, slug);
        assert.equal(wrong.headers.get('cache-control'), null, slug);
      }
      const none = await fetch(`${app.url}/api/watchlist/999999-x/stremio/manifest.json`);
      assert.equal(none.status, 404);
      const radarr = await fetch(`${app.url}/api/watchlist/999999-x/radarr.json`);
      assert.deepEqual([radarr.status, radarr.headers.get('cache-control')], [404, null]);
    });

    it('lets other origins read a 404 for an address the add-on does not serve', async () => {
      const folder = app.url + publicPath.replace('manifest.json', '');
      for (const path of ['meta/movie/tt0111161.json', 'stream/movie/tt0111161.json', '']) {
        const reply = await fetch(folder + path);
        assert.equal(reply.status, 404, path);
        assert.equal(reply.headers.get('access-control-allow-origin'), '*', path);
      }
    });
  });
}
