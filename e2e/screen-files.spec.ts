import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { readScreenFiles, SCREEN_MODULES } from '../server/src/web/screenPreloads';
import { addMovie, createUser } from '../server/src/testing/factories';
import { closeStage, newSignedInPage, openStage, type Site, WEB_DIST } from './support/harness';

/** An address of every screen the client routes to. */
const ADDRESSES = [
  '/',
  '/login',
  '/login/link',
  '/register',
  '/movie/1',
  '/add-movie',
  '/watchlist',
  '/user/profile/ann/year/2026',
  '/user/profile/ann',
  '/import',
  '/screening/1',
  '/club/year/2026',
  '/feed',
  '/club',
  '/admin',
];

describe('the page names the files of the screen it is sent for', () => {
  let site: Site;
  let browser: Browser;

  before(async () => {
    ({ site, browser } = await openStage());
  });
  after(() => closeStage(site, browser));

  it('names the chunk holding each screen, even one the build merged into a shared chunk', async () => {
    // Which chunk holds each module, as the build wrote it (web/build/moduleChunks.ts).
    const chunkOf = JSON.parse(fs.readFileSync(path.join(WEB_DIST, '.vite', 'module-chunks.json'), 'utf8')) as Record<string, string>;
    const covered = new Set<string>();
    for (const address of ADDRESSES) {
      const module = SCREEN_MODULES.find(([pattern]) => pattern.test(address))?.[1];
      assert.ok(module, `${address} is a screen`);
      covered.add(module);
      assert.ok(chunkOf[module], `the build holds ${module}`);
      const html = await (await fetch(site.url + address)).text();
      assert.ok(html.includes(`<link rel="modulepreload" crossorigin href="/${chunkOf[module]}" />`), `${address} names ${chunkOf[module]}`);
    }
    assert.deepEqual([...covered].sort(), SCREEN_MODULES.map(([, module]) => module).sort(), 'every screen is asked for');
  });

  it("fetches a movie screen's scripts and styles with the page, each once", async () => {
    const member = await createUser(site, 'screenfiles');
    const movie = await addMovie(site.database.db, { title: 'Named Files' });
    const { context, page } = await newSignedInPage(browser, site.url, member);
    const requested: string[] = [];
    page.on('request', (request) => requested.push(new URL(request.url()).pathname));
    try {
      const html = (await (await page.goto(`/movie/${movie.id}`))?.text()) ?? '';
      await page.getByRole('button', { name: 'Submit Review' }).waitFor();
      await page.waitForLoadState('networkidle');
      const files = readScreenFiles(WEB_DIST)!(`/movie/${movie.id}`)!;
      assert.ok(files.scripts.length > 0 && files.styles.length > 0, 'the movie screen has scripts and styles of its own');
      for (const file of files.scripts) assert.ok(html.includes(`<link rel="modulepreload" crossorigin href="/${file}" />`), `the page names ${file}`);
      for (const file of files.styles) assert.ok(html.includes(`<link rel="preload" as="style" crossorigin href="/${file}" />`), `the page names ${file}`);
      const assets = requested.filter((pathname) => pathname.startsWith('/assets/'));
      for (const file of [...files.scripts, ...files.styles]) assert.equal(assets.filter((pathname) => pathname === `/${file}`).length, 1, `${file} is fetched once`);
    } finally {
      await context.close();
    }
  });
});
