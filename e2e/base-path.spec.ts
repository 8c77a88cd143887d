import assert from 'node:assert/strict';
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { ApiAgent } from '../server/src/testing/client';
import { addMovie, createUser } from '../server/src/testing/factories';
import { freePort } from '../server/src/testing/ports';
import { startTestApp, type TestApp } from '../server/src/testing/testApp';
import { standaloneNginx, waitFor } from './support/cluster';
import { CLUSTER_MODE, launchBrowser, newPage, WEB_DIST } from './support/harness';
import { checkScreen } from './support/screens';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';
const PREFIX = '/movies';

/** nginx with the shipped deploy/nginx-base-path.conf location, pointed at the app; everything else on the host is another site's. */
function nginxConfig(workDir: string, listenPort: number, appPort: number): string {
  const location = fs.readFileSync(path.join(REPO, 'deploy', 'nginx-base-path.conf'), 'utf8').replace('http://127.0.0.1:3000', `http://127.0.0.1:${appPort}`);
  return standaloneNginx(
    workDir,
    `  map $http_upgrade $connection_upgrade {
    default upgrade;
    ''      '';
  }
  server {
    listen 127.0.0.1:${listenPort};
    location / { return 200 'another site'; }
${location}
  }`,
  );
}

/** Calls the API from inside the page with its cookies, at the prefixed address the client uses. */
const callApi = (page: Page, method: string, address: string, body?: unknown): Promise<any> =>
  page.evaluate(
    async ({ method, address, body }) => {
      const response = await fetch(address, {
        method,
        credentials: 'include',
        headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return response.json();
    },
    { method, address, body },
  );

describe('the site under /movies/ behind nginx', { skip: CLUSTER_MODE ? 'one process behind its own nginx; the cluster run adds nothing' : false }, () => {
  let app: TestApp;
  let nginx: ChildProcess | null = null;
  let workDir: string;
  let browser: Browser;
  /** http://127.0.0.1:<nginx>/movies */
  let site: string;

  before(async () => {
    if (!fs.existsSync(path.join(WEB_DIST, 'index.html'))) throw new Error('The client is not built: run `npm run build` before the browser tests.');
    app = await startTestApp('sqlite', { loadImdbSample: true, config: { webDist: WEB_DIST, basePath: PREFIX, trustProxy: true } });
    workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'movieclub-base-path-'));
    const listenPort = await freePort();
    const configFile = path.join(workDir, 'nginx.conf');
    fs.writeFileSync(configFile, nginxConfig(workDir, listenPort, Number(new URL(app.url).port)));
    nginx = spawn(NGINX, ['-c', configFile, '-p', workDir, '-g', 'daemon off;'], { stdio: ['ignore', 'ignore', 'inherit'] });
    site = `http://127.0.0.1:${listenPort}${PREFIX}`;
    await waitFor(async () => (await fetch(`${site}/api/health`)).ok, 'nginx');
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    nginx?.kill('SIGTERM');
    await app?.close();
    if (workDir) fs.rmSync(workDir, { recursive: true, force: true });
  });

  it('leaves the rest of the host alone and sends /movies to /movies/', async () => {
    const root = new URL(site).origin;
    for (const address of ['/', '/api/health', '/socket.io/']) assert.equal(await (await fetch(`${root}${address}`)).text(), 'another site', address);
    const bare = await fetch(site, { redirect: 'manual' });
    assert.equal(bare.status, 301);
    assert.match(bare.headers.get('location') ?? '', /\/movies\/$/);
  });

  it('registers, signs in, opens a movie, sees a list change live and follows its Stremio address, all under the prefix', async () => {
    const movie = await addMovie(app.database.db, { title: 'Under The Path', tconst: 'tt0000101', poster: '/api/posters/tt0000101.svg', date_added: '2001-01-01T00:00:00.000Z' });
    const second = await addMovie(app.database.db, { title: 'Arrives Live', tconst: 'tt0000102' });
    const context = await browser.newContext({ viewport: { width: 1400, height: 900 }, permissions: ['clipboard-read', 'clipboard-write'] });
    const page = await context.newPage();
    const pageErrors: Error[] = [];
    page.on('pageerror', (error) => pageErrors.push(error));
    const outside: string[] = [];
    page.on('request', (request) => {
      const { origin, pathname } = new URL(request.url());
      if (origin === new URL(site).origin && !pathname.startsWith(`${PREFIX}/`)) outside.push(pathname);
    });

    await page.goto(`${site}/`);
    await page.waitForFunction(() => (document.querySelector('.header-logo img') as HTMLImageElement | null)?.naturalWidth);

    await page.locator('.p-menubar .p-menuitem-text', { hasText: /^Register$/ }).click();
    await page.waitForURL(`${site}/register`);
    await page.locator('#register-username').fill('pathfinder');
    await page.locator('#register-password').fill('correct horse battery');
    await page.getByRole('button', { name: 'Register' }).click();
    await page.waitForURL(`${site}/login`);
    await page.locator('#login-username').fill('pathfinder');
    await page.locator('#login-password').fill('correct horse battery');
    await page.locator('.credentials-card').getByRole('button', { name: 'Login' }).click();
    await page.locator('.header-user').getByText('pathfinder').waitFor();
    const cookies = await context.cookies();
    assert.equal(cookies.find((cookie) => cookie.name === 'sid')?.path, PREFIX, 'the session cookie is the prefix’s own');

    // A movie, reached from its card on the home page; its poster comes from under the prefix.
    await page.goto(`${site}/`);
    await page.getByPlaceholder('Search titles...').fill('Under The Path');
    await page.locator(`.movie-card[data-movie-id="${movie.id}"] .movie-card-title`).click();
    await page.waitForURL(`${site}/movie/${movie.id}`);
    const poster = page.locator('.movie-details-poster');
    await poster.waitFor();
    await page.waitForFunction(() => (document.querySelector('.movie-details-poster') as HTMLImageElement | null)?.naturalWidth);
    assert.equal(await poster.getAttribute('src'), `${PREFIX}/api/posters/tt0000101.svg`);
    await checkScreen(page, 'base-path-movie');

    // A public list open in this browser changes live when another member adds to it.
    const created = await callApi(page, 'POST', `${PREFIX}/api/watchlists/public`, { name: 'Path Picks' });
    assert.equal(created.success, true);
    const listId: number = created.watchlist.id;
    await callApi(page, 'POST', `${PREFIX}/api/watchlists/${listId}/items`, { movie_id: movie.id });
    await page.goto(`${site}/watchlist/${listId}-path-picks`);
    await page.locator('.watchlist-item', { hasText: 'Under The Path' }).waitFor();
    const other = await createUser({ agent: () => new ApiAgent(site) });
    const added = await other.agent.post(`/api/watchlists/${listId}/items`, { movie_id: second.id });
    assert.equal(added.status, 200);
    await page.locator('.watchlist-item', { hasText: 'Arrives Live' }).waitFor({ timeout: 10_000 });

    // The Stremio address copied is the prefixed one, and Stremio can follow it.
    await page.getByRole('button', { name: 'Stremio', exact: true }).click();
    await page.getByRole('button', { name: 'Copied!' }).waitFor();
    const address = await page.evaluate(() => navigator.clipboard.readText());
    assert.equal(address, `${site}/api/watchlist/${listId}-path-picks/stremio/manifest.json`);
    const manifest = (await (await fetch(address)).json()) as { logo: string; catalogs: { id: string }[] };
    assert.equal(manifest.logo, `${site}/icons/icon-256.png`);
    const logo = await fetch(manifest.logo);
    assert.equal(logo.status, 200, 'the logo is served from under the prefix');
    assert.equal(logo.headers.get('content-type'), 'image/png');
    const catalog = (await (await fetch(address.replace('manifest.json', `catalog/movie/${manifest.catalogs[0].id}.json`))).json()) as { metas: { name: string; poster: string }[] };
    assert.deepEqual(catalog.metas.map((meta) => meta.name).sort(), ['Arrives Live', 'Under The Path']);
    assert.ok(catalog.metas.every((meta) => meta.poster.startsWith(`${site}/`)), 'posters are fetched from under the prefix');

    assert.deepEqual(outside, [], 'nothing is asked for outside the prefix');
    assert.deepEqual(pageErrors, []);
    await context.close();
  });

  it('keeps the session across a reload at a client route, and signs out for good', async () => {
    const { page, context, pageErrors } = await newPage(browser, `${site}/`);
    await page.goto(`${site}/login`);
    await page.locator('#login-username').fill('pathfinder');
    await page.locator('#login-password').fill('correct horse battery');
    await page.locator('.credentials-card').getByRole('button', { name: 'Login' }).click();
    await page.locator('.header-user').getByText('pathfinder').waitFor();
    await page.reload();
    await page.locator('.header-user').getByText('pathfinder').waitFor();
    assert.equal(new URL(page.url()).pathname.startsWith(`${PREFIX}/`), true);
    await page.locator('.p-menubar .p-menuitem-text', { hasText: /^Logout$/ }).click();
    await page.locator('.p-menubar .p-menuitem-text', { hasText: /^Login$/ }).waitFor();
    await page.reload();
    await page.locator('.p-menubar .p-menuitem-text', { hasText: /^Login$/ }).waitFor();
    assert.equal((await context.cookies()).some((cookie) => cookie.name === 'sid'), false, 'the session cookie is gone');
    assert.deepEqual(pageErrors, []);
    await context.close();
  });
});
