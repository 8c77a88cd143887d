import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { addMovie } from '../server/src/testing/factories';
import { describeViolations, seriousViolations } from './support/a11y';
import { closeStage, newPage, openStage, type Site } from './support/harness';

describe('accessibility of the shell screens', () => {
  let site: Site;
  let browser: Browser;
  before(async () => ({ site, browser } = await openStage()));
  after(() => closeStage(site, browser));

  for (const path of ['/login', '/register', '/no-such-page']) {
    it(`${path} has no serious or critical axe violations`, async () => {
      const { page, context } = await newPage(browser, site.url);
      await page.goto(path);
      await page.locator('.app-title').waitFor();
      const violations = await seriousViolations(page);
      assert.equal(violations.length, 0, describeViolations(violations));
      await context.close();
    });
  }

  it('puts the focus on a new screen\'s heading, unless the screen focused a field of its own', async () => {
    const { page, context } = await newPage(browser, site.url);
    const focused = () => page.evaluate(() => {
      const element = document.activeElement as HTMLElement | null;
      return element?.matches('h1') ? `h1: ${element.textContent}` : ((element as HTMLInputElement | null)?.labels?.[0]?.textContent ?? element?.tagName ?? '');
    });
    await page.goto('/no-such-page');
    const home = page.getByRole('link', { name: 'Back to all movies' });
    await home.focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(`${site.url}/`);
    await home.waitFor({ state: 'detached' });
    assert.match(await focused(), /^h1: /, 'a followed link leaves the focus on the new screen\'s heading');
    const heading = await page.locator('.app-title').textContent();
    assert.equal(await focused(), `h1: ${heading}`);
    // Back: the screen before, the focus back on the link that was followed from it.
    await page.goBack();
    await page.waitForURL(`${site.url}/no-such-page`);
    await page.getByRole('link', { name: 'Back to all movies' }).waitFor();
    await page.waitForFunction(() => document.activeElement?.tagName === 'A');
    assert.equal(await page.evaluate(() => document.activeElement?.textContent), 'Back to all movies');
    // The login screen puts the focus in its first field: it keeps it.
    await page.goto('/login');
    await page.locator('main').getByRole('link', { name: 'Register' }).click();
    await page.waitForURL(`${site.url}/register`);
    await page.getByLabel('Username').waitFor();
    await page.waitForFunction(() => document.activeElement?.tagName === 'INPUT');
    assert.equal(await focused(), 'Username');
    // Signing in replaces the login screen with the next one: its heading takes the focus.
    assert.equal((await site.agent().post('/api/register', { username: 'focus_fay', password: 'correct horse battery' })).status, 200);
    await page.goto('/login');
    await page.locator('#login-username').fill('focus_fay');
    await page.locator('#login-password').fill('correct horse battery');
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    await page.waitForFunction(() => document.activeElement?.matches('h1'));
    assert.match(await focused(), /^h1: /);
    await context.close();
  });

  it('outlines each screen with headings: the app, then the screen, then its cards, no level skipped', async () => {
    const movieId = (await addMovie(site.database.db, { title: 'Outline Feature' })).id;
    const { page, context } = await newPage(browser, site.url);
    const outline = () => page.evaluate(() =>
      Array.from(document.querySelectorAll<HTMLElement>('h1, h2, h3, h4, h5, h6, [role="heading"]'))
        .filter((heading) => heading.getClientRects().length > 0)
        .map((heading) => `${heading.getAttribute('aria-level') ?? heading.tagName.slice(1)} ${heading.textContent?.trim()}`));
    const withoutSkips = (headings: string[]) => headings.every((heading, index) => index === 0 || Number(heading[0]) <= Number(headings[index - 1][0]) + 1);

    await page.goto('/login');
    await page.getByLabel('Username').waitFor();
    const login = await outline();
    assert.match(login[0], /^1 /, "the app's name comes first");
    assert.deepEqual(login.slice(1), ['2 Login'], 'the login card heads its screen');

    await page.goto(`/movie/${movieId}`);
    await page.locator('.movie-viewings .p-card-title').waitFor();
    // A part of a card is headed under it.
    await page.locator('.movie-seen-by').getByRole('heading', { name: 'Seen it (0)', level: 4 }).waitFor();
    await page.locator('.movie-reviews').getByText('No reviews yet.').waitFor();
    const movie = await outline();
    assert.ok(movie.some((heading) => heading.startsWith('2 Outline Feature')), movie.join(' | '));
    for (const card of ['Club Viewings', 'Who has seen it', 'Recent Reviews']) assert.ok(movie.includes(`3 ${card}`), `${card} in ${movie.join(' | ')}`);
    assert.ok(withoutSkips(movie), movie.join(' | '));
    await context.close();
  });

  it('gives the focus back to the followed link after Back, and the next Tab goes on from there', async () => {
    for (const title of ['Back Focus One', 'Back Focus Two', 'Back Focus Three']) await addMovie(site.database.db, { title });
    const { page, context, pageErrors } = await newPage(browser, site.url);
    // What has the focus, told apart from its look-alikes: the poster links to the same movie.
    const focused = () => page.evaluate(() => {
      const element = document.activeElement as HTMLElement | null;
      if (!element || element === document.body) return 'the page';
      const same = Array.from(document.querySelectorAll(element.tagName)).filter((other) => other.getAttribute('href') === element.getAttribute('href'));
      return `${element.tagName} ${element.getAttribute('href') ?? ''} #${same.indexOf(element)} ${element.getAttribute('aria-label') ?? element.textContent?.trim() ?? ''}`;
    });
    await page.goto('/');
    const link = page.locator('.home-grid .movie-card-title', { hasText: 'Back Focus Two' });
    await link.focus();
    const followed = await focused();
    await page.keyboard.press('Tab');
    const next = await focused();
    assert.notEqual(next, followed);
    await link.focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/movie\/\d+$/);
    await page.waitForFunction(() => document.activeElement?.matches('h1'));
    await page.goBack();
    await page.waitForURL(`${site.url}/`);
    await link.waitFor();
    // The screen draws its cards from the cache or after a load: the focus follows once they are there.
    await page.waitForFunction((href) => document.activeElement?.getAttribute('href') === href, await link.getAttribute('href'), { timeout: 3000 }).catch(() => {});
    assert.equal(await focused(), followed, 'Back puts the focus on the link followed, not on the heading');
    await page.keyboard.press('Tab');
    assert.equal(await focused(), next, 'the next Tab goes on from the link');
    // Forward: the movie screen was left with its heading focused, so the heading takes it again.
    await page.goForward();
    await page.waitForURL(/\/movie\/\d+$/);
    await link.waitFor({ state: 'detached' });
    await page.waitForFunction(() => document.activeElement?.matches('h1'));
    assert.match(await focused(), /^H1 /);
    assert.deepEqual(pageErrors, []);
    await context.close();
  });
});
