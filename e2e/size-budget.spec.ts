import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import zlib from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import { addMovie, addReview, createUser } from '../server/src/testing/factories';
import { closeStage, newPage, openStage, type Site, WEB_DIST } from './support/harness';

/**
 * The budget for a first visit to `/` (a new browser: no session yet), gzipped, as
 * the built files are on disk. docs/performance.md has the figures.
 */
const BUDGET_KB = { script: 150, stylesheet: 50 };

type Kind = keyof typeof BUDGET_KB;

/** Every built script and stylesheet the page asked for, by kind, as gzipped kilobytes of the file on disk. */
async function initialAssets(page: Page): Promise<Record<Kind, { total: number; files: string[] }>> {
  const requested = new Set<string>();
  page.on('request', (request) => {
    const pathname = new URL(request.url()).pathname;
    if (pathname.startsWith('/assets/')) requested.add(pathname);
  });
  await page.goto('/', { waitUntil: 'networkidle' });
  await page.locator('.home-grid .movie-card').first().waitFor();
  // Anything the page asks for once it is settled and idle belongs to the first visit too.
  await page.waitForLoadState('networkidle');
  const totals: Record<Kind, { total: number; files: string[] }> = { script: { total: 0, files: [] }, stylesheet: { total: 0, files: [] } };
  for (const pathname of requested) {
    const kind: Kind | null = pathname.endsWith('.js') ? 'script' : pathname.endsWith('.css') ? 'stylesheet' : null;
    if (!kind) continue;
    const gzipped = zlib.gzipSync(fs.readFileSync(path.join(WEB_DIST, pathname)), { level: 9 }).length / 1024;
    totals[kind].total += gzipped;
    totals[kind].files.push(`${pathname.slice('/assets/'.length)} ${gzipped.toFixed(1)} KB`);
  }
  return totals;
}

function assertWithinBudget(totals: Record<Kind, { total: number; files: string[] }>, who: string, report: (line: string) => void) {
  for (const kind of Object.keys(BUDGET_KB) as Kind[]) {
    const { total, files } = totals[kind];
    report(`${who}: ${kind} ${total.toFixed(1)} KB gzipped of ${BUDGET_KB[kind]} KB (${files.join(', ')})`);
    assert.ok(files.length > 0, `${who}: the home page loaded no ${kind}`);
    assert.ok(
      total <= BUDGET_KB[kind],
      `${who}: the home page's ${kind} is ${total.toFixed(1)} KB gzipped, over its ${BUDGET_KB[kind]} KB budget:\n${files.join('\n')}`,
    );
  }
}

describe('size budget of the home page', () => {
  let site: Site;
  let browser: Browser;

  before(async () => {
    ({ site, browser } = await openStage());
    const member = await createUser(site, 'budgetfan');
    for (let index = 1; index <= 12; index++) {
      const movie = await addMovie(site.database.db, { title: `Budget Movie ${index}`, imdb_rating: 5 + index / 4 });
      if (index % 3 === 0) await addReview(site.database.db, { movie_id: movie.id, user_id: member.id, stars: 7 });
    }
  });
  after(() => closeStage(site, browser));

  it('keeps a first anonymous visit within 150 KB of script and 50 KB of styles, gzipped', async (t) => {
    const { context, page } = await newPage(browser, site.url);
    try {
      const fonts: string[] = [];
      page.on('request', (request) => {
        const pathname = new URL(request.url()).pathname;
        if (pathname.endsWith('.woff2')) fonts.push(pathname.replace(/^.*\//, '').replace(/(-[\w-]{8})?\.woff2$/, ''));
      });
      assertWithinBudget(await initialAssets(page), 'A visitor', (line) => t.diagnostic(line));
      // Text in Latin letters needs only the cut of the font, not the whole Inter.
      t.diagnostic(`fonts: ${fonts.join(', ')}`);
      assert.ok(fonts.includes('InterLatin'), `the Latin Inter is used: ${fonts.join(', ')}`);
      assert.ok(!fonts.some((font) => font.startsWith('InterVariable')), `the whole Inter is not downloaded: ${fonts.join(', ')}`);
      // The header's icons come from PrimeIcons cut to the icons the client names.
      assert.ok(fonts.includes('primeicons-subset'), `the cut icon font is used: ${fonts.join(', ')}`);
      assert.ok(!fonts.includes('primeicons'), `the whole icon font is not downloaded: ${fonts.join(', ')}`);
    } finally {
      await context.close();
    }
  });

  it("sends browsers none of the API's schemas: the client reads the contract's limits and names, not zod", () => {
    // zod cost the movie, profile, feed and admin screens 26 KB of script (gzipped) when a module of
    // schemas held a limit the client showed; such limits live in the contract's modules without zod.
    const assets = path.join(WEB_DIST, 'assets');
    const carrying = fs.readdirSync(assets).filter((name) => name.endsWith('.js') && fs.readFileSync(path.join(assets, name), 'utf8').includes('_zod'));
    assert.deepEqual(carrying, [], 'scripts carrying zod (find the contract module the client imports that defines schemas)');
  });

  it('still shows a title in other scripts in Inter, from the whole font', async () => {
    await addMovie(site.database.db, { title: 'Сталкер', imdb_rating: 9.9 });
    const { context, page } = await newPage(browser, site.url);
    try {
      const fonts = new Set<string>();
      page.on('request', (request) => {
        if (request.url().endsWith('.woff2')) fonts.add(new URL(request.url()).pathname);
      });
      await page.goto('/', { waitUntil: 'networkidle' });
      await page.locator('.movie-card-title', { hasText: 'Сталкер' }).waitFor();
      await page.waitForLoadState('networkidle');
      assert.ok([...fonts].some((font) => font.includes('InterVariable')), `fetched: ${[...fonts].join(', ')}`);
    } finally {
      await context.close();
    }
  });
});
