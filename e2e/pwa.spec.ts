import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { APIResponse, Browser, BrowserContext, Page } from 'playwright-core';
import { addMovie } from '../server/src/testing/factories';
import { closeStage, CLUSTER_MODE, launchBrowser, type Site, startSite, WEB_DIST } from './support/harness';
import { checkScreen } from './support/screens';

/** The width and height a PNG declares in its header. */
function pngSize(bytes: Buffer): string {
  assert.equal(bytes.subarray(1, 4).toString('latin1'), 'PNG', 'a PNG file');
  return `${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`;
}

/** A fresh profile that may install the service worker (the harness's pages may not), failing on page errors. */
async function installablePage(browser: Browser, baseURL: string): Promise<{ context: BrowserContext; page: Page; pageErrors: Error[] }> {
  const context = await browser.newContext({ baseURL, viewport: { width: 1400, height: 900 }, serviceWorkers: 'allow' });
  const page = await context.newPage();
  const pageErrors: Error[] = [];
  page.on('pageerror', (error) => pageErrors.push(error));
  return { context, page, pageErrors };
}

/** Waits until the page's service worker has kept the app shell and is activated. */
const workerReady = (page: Page) =>
  page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    const worker = registration.active!;
    if (worker.state !== 'activated') {
      await new Promise<void>((resolve) => worker.addEventListener('statechange', () => worker.state === 'activated' && resolve()));
    }
    return { state: worker.state, scope: registration.scope };
  });

const offlineNotice = (page: Page) => page.getByRole('status').filter({ hasText: 'You are offline.' });

/**
 * The installable app, against its own copy of the built client: the update test
 * changes the service worker the site serves, as a new deployment would.
 */
describe('the installable app', { skip: CLUSTER_MODE ? 'it serves its own copy of the build (the update test changes it); the cluster serves the shared build' : false }, () => {
  let site: Site;
  let browser: Browser;
  let dist: string;

  before(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'movieclub-pwa-dist-'));
    fs.cpSync(WEB_DIST, dist, { recursive: true });
    site = await startSite({ config: { webDist: dist } });
    browser = await launchBrowser();
    for (let index = 1; index <= 3; index++) await addMovie(site.database.db, { title: `Offline Classic ${index}`, imdb_rating: 7 + index / 10 });
  });
  after(async () => {
    await closeStage(site, browser);
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('links a web app manifest that an installing browser accepts, with icons of the sizes it declares', async () => {
    const { context, page, pageErrors } = await installablePage(browser, site.url);
    try {
      await page.goto('/');
      await page.locator('.app-header').waitFor();
      const head = await page.evaluate(() => ({
        manifest: document.querySelector<HTMLLinkElement>('link[rel="manifest"]')?.href ?? null,
        appleIcon: document.querySelector<HTMLLinkElement>('link[rel="apple-touch-icon"]')?.href ?? null,
        themeColor: document.querySelector<HTMLMetaElement>('meta[name="theme-color"]')?.content ?? null,
        headerColor: getComputedStyle(document.querySelector('.app-header')!).backgroundColor,
      }));
      assert.ok(head.manifest, 'the page links its manifest');
      const reply = await context.request.get(head.manifest);
      assert.equal(reply.status(), 200);
      assert.match(reply.headers()['content-type'] ?? '', /^application\/manifest\+json/);
      const manifest = (await reply.json()) as Record<string, unknown> & { icons: { src: string; sizes: string; type: string; purpose?: string }[] };
      assert.equal(manifest.name, 'MovieClub');
      assert.equal(manifest.short_name, 'MovieClub');
      assert.equal(manifest.display, 'standalone');
      // Relative in the file, so one build serves any BASE_PATH: they resolve against the manifest's address.
      assert.equal(new URL(String(manifest.start_url), head.manifest).href, `${site.url}/`);
      assert.equal(new URL(String(manifest.scope), head.manifest).href, `${site.url}/`);
      // The title bar of the installed app matches the header.
      assert.equal(manifest.theme_color, '#0b1f4b');
      assert.equal(head.themeColor, '#0b1f4b');
      assert.equal(head.headerColor, 'rgb(11, 31, 75)');
      assert.match(String(manifest.background_color), /^#[0-9a-f]{6}$/);

      const declared = manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose ?? 'any'}`).sort();
      assert.deepEqual(declared, ['192x192 any', '512x512 any', '512x512 maskable']);
      for (const icon of manifest.icons) {
        const image: APIResponse = await context.request.get(new URL(icon.src, head.manifest).href);
        assert.equal(image.status(), 200, icon.src);
        assert.equal(icon.type, 'image/png');
        assert.match(image.headers()['content-type'] ?? '', /^image\/png/, icon.src);
        assert.equal(pngSize(await image.body()), icon.sizes, `${icon.src} is the size it is declared as`);
      }
      assert.ok(head.appleIcon, 'iOS has an icon of its own');
      assert.equal(pngSize(await (await context.request.get(head.appleIcon)).body()), '180x180');

      // Chromium's own verdict once the worker controls the page: the manifest parses and the app can be installed.
      await workerReady(page);
      await page.reload();
      await page.locator('.app-header').waitFor();
      const cdp = await context.newCDPSession(page);
      const parsed = (await cdp.send('Page.getAppManifest')) as { url: string; errors: { message: string }[] };
      assert.equal(parsed.url, head.manifest);
      assert.deepEqual(parsed.errors, [], 'the manifest has no errors');
      const installability = (await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: { errorId: string }[] };
      // Every criterion is met; only the test's own private profile stands in the way.
      const errors = installability.installabilityErrors.map((error) => error.errorId);
      assert.deepEqual(errors.filter((errorId) => errorId !== 'in-incognito'), [], 'Chromium would offer to install the app');
      assert.deepEqual(pageErrors, []);
    } finally {
      await context.close();
    }
  });

  it('keeps the app shell when the connection is gone, shows the offline notice, and drops it once back', async () => {
    const { context, page, pageErrors } = await installablePage(browser, site.url);
    try {
      await page.goto('/');
      await page.locator('.movie-card').first().waitFor();
      assert.equal(await offlineNotice(page).count(), 0, 'no notice while the server answers');
      const worker = await workerReady(page);
      assert.equal(worker.state, 'activated');
      assert.equal(worker.scope, `${site.url}/`);
      await page.reload();
      await page.locator('.movie-card').first().waitFor();
      assert.equal(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null), `${site.url}/sw.js`, 'the worker controls the page');

      await context.setOffline(true);
      await page.reload();
      // The page, its scripts and styles come from the worker's copy.
      await page.locator('.app-header').waitFor();
      await page.getByRole('link', { name: 'MovieClub home' }).waitFor();
      await offlineNotice(page).waitFor();
      await checkScreen(page, 'pwa-offline');

      await page.getByRole('button', { name: 'Try again' }).click();
      await offlineNotice(page).filter({ hasText: 'Still no connection.' }).waitFor();

      // The browser says it is back: the app checks, the notice goes, and the movies load again.
      await context.setOffline(false);
      await offlineNotice(page).waitFor({ state: 'detached' });
      await page.locator('.movie-card').first().waitFor();
      assert.deepEqual(pageErrors, []);
    } finally {
      await context.close();
    }
  });

  it('shows the notice when the server cannot be reached, and drops it by itself once the server is back', async () => {
    const { context, page, pageErrors } = await installablePage(browser, site.url);
    try {
      await page.goto('/');
      await page.locator('.movie-card').first().waitFor();
      await workerReady(page);
      await site.restart(async () => {
        // The network is fine, the server is not: the page still opens from the worker's copy.
        await page.reload();
        await page.locator('.app-header').waitFor();
        await offlineNotice(page).waitFor();
        assert.equal(await page.locator('.movie-card').count(), 0);
      });
      // Nobody clicks Try again: the app asks the server again every few seconds while the notice shows.
      await offlineNotice(page).waitFor({ state: 'detached' });
      await page.locator('.movie-card').first().waitFor();
      assert.deepEqual(pageErrors, []);
    } finally {
      await context.close();
    }
  });

  it('offers a new version once it is deployed, and switches to it on Reload to update', async () => {
    const { context, page, pageErrors } = await installablePage(browser, site.url);
    const workerFile = path.join(dist, 'sw.js');
    const original = fs.readFileSync(workerFile, 'utf8');
    try {
      await page.goto('/');
      await page.locator('.movie-card').first().waitFor();
      await workerReady(page);
      const banner = page.getByRole('status').filter({ hasText: 'A new version of MovieClub is ready.' });
      assert.equal(await banner.count(), 0, 'no banner on a first install');

      // A new deployment: another worker script (its compressed copies would still be the old one).
      for (const copy of ['sw.js.br', 'sw.js.gz']) fs.rmSync(path.join(dist, copy), { force: true });
      fs.writeFileSync(workerFile, `${original}\n// The next version.\n`);
      await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());
      await banner.waitFor();
      await checkScreen(page, 'pwa-update');
      assert.ok(await page.evaluate(async () => Boolean((await navigator.serviceWorker.getRegistration())?.waiting)), 'the new version waits');

      await page.evaluate(() => ((window as unknown as { beforeUpdate: boolean }).beforeUpdate = true));
      await Promise.all([page.waitForEvent('load'), banner.getByRole('button', { name: 'Reload to update' }).click()]);
      await page.locator('.movie-card').first().waitFor();
      assert.equal(await page.evaluate(() => (window as unknown as { beforeUpdate?: boolean }).beforeUpdate ?? false), false, 'the page reloaded');
      const after = await page.evaluate(async () => {
        const registration = await navigator.serviceWorker.getRegistration();
        return { waiting: Boolean(registration?.waiting), controlled: Boolean(navigator.serviceWorker.controller) };
      });
      assert.deepEqual(after, { waiting: false, controlled: true }, 'the new version is the one in charge');
      assert.equal(await banner.count(), 0);
      assert.deepEqual(pageErrors, []);
    } finally {
      fs.writeFileSync(workerFile, original);
      await context.close();
    }
  });
});
