import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { bumpMoviesVersion } from '../server/src/movies/catalogueCache';
import { describeViolations, seriousViolations } from './support/a11y';
import { closeStage, newPage, openStage, registerAndLogin, screenshot, type Site } from './support/harness';

const DESKTOP = { width: 1400, height: 900 };
const PHONE = { width: 390, height: 844 };

const scrollsSideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);

async function assertAccessible(page: Page) {
  const violations = await seriousViolations(page);
  assert.equal(violations.length, 0, describeViolations(violations));
}

describe('the home page of a new install', () => {
  let site: Site;
  let browser: Browser;

  before(async () => {
    ({ site, browser } = await openStage());
  });
  after(() => closeStage(site, browser));
  /** Each test starts from a new install's empty catalogue (a new version, so no copy of the old one is served). */
  const emptyCatalogue = async () => {
    await site.database.db.deleteFrom('movies').execute();
    await bumpMoviesVersion(site.database.db);
  };

  for (const [name, viewport] of [['desktop', DESKTOP], ['phone', PHONE]] as const) {
    it(`asks a visitor to log in or register to add the first movies (${name})`, async () => {
      await emptyCatalogue();
      const { page, context, pageErrors } = await newPage(browser, site.url, viewport);
      await page.goto('/');
      await page.getByRole('heading', { name: 'No movies in the catalogue yet' }).waitFor();
      await page.getByText('Log in or register to add the first movies.').waitFor();
      assert.equal(await page.getByText('No movies found.').count(), 0, 'not the empty search text');
      assert.equal(await page.getByPlaceholder('Search titles...').count(), 0, 'nothing to search yet');
      const welcome = page.locator('.first-run');
      assert.equal(await welcome.getByRole('link', { name: 'Register' }).getAttribute('href'), '/register');
      assert.equal(await scrollsSideways(page), false);
      await assertAccessible(page);
      await screenshot(page, `home-first-run-visitor-${name}`);
      await welcome.getByRole('link', { name: 'Login' }).click();
      await page.waitForURL('**/login');
      assert.deepEqual(pageErrors, []);
      await context.close();
    });

    it(`offers a member well-known titles to add with one click, and points to the search (${name})`, async () => {
      await emptyCatalogue();
      const { page, context, pageErrors } = await newPage(browser, site.url, DESKTOP);
      await registerAndLogin(page, `First_Member_${name}`);
      await page.setViewportSize(viewport);
      await page.goto('/');
      await page.getByRole('heading', { name: 'Start the catalogue' }).waitFor();
      await page.getByText('find any other title with the search box at the top of the page').waitFor();
      const suggestions = page.getByRole('list', { name: 'Popular on IMDb' }).getByRole('listitem');
      await suggestions.first().waitFor();
      assert.equal(await suggestions.count(), 12);
      assert.match((await suggestions.first().textContent()) ?? '', /The Shawshank Redemption/);
      assert.equal(await page.getByText('No movies found.').count(), 0);
      for (const tile of await suggestions.evaluateAll((items) => items.map((item) => item.getBoundingClientRect().right))) {
        assert.ok(tile <= viewport.width, 'every suggestion is on screen');
      }
      assert.equal(await scrollsSideways(page), false);
      await assertAccessible(page);
      await screenshot(page, `home-first-run-member-${name}`);

      await page.getByRole('button', { name: 'Add The Shawshank Redemption (1994)' }).click();
      await page.locator('.home-grid .movie-card-title', { hasText: 'The Shawshank Redemption' }).waitFor();
      await page.locator('.recent-carousel .recent-item-title', { hasText: 'The Shawshank Redemption' }).first().waitFor();
      await page.getByRole('status').filter({ hasText: 'The Shawshank Redemption was added to the catalogue.' }).waitFor({ state: 'attached' });
      assert.equal(await suggestions.count(), 11, 'the added title leaves the row');

      // The suggestions stay for the visit: a second title is one more click.
      await page.getByRole('button', { name: 'Add The Dark Knight (2008)' }).click();
      await page.locator('.home-grid .movie-card-title', { hasText: 'The Dark Knight' }).waitFor();
      // 'Club activity' shows each of the member's own additions as it happens, without a reload.
      const activity = page.locator('.home-feed');
      for (const title of ['The Shawshank Redemption (1994)', 'The Dark Knight (2008)']) {
        await activity.locator('.feed-item', { hasText: `First_Member_${name} added ${title} to the catalogue` }).waitFor();
      }
      const catalogue = (await (await fetch(`${site.url}/api/movies`)).json()) as { movies: { tconst: string }[] };
      assert.deepEqual(catalogue.movies.map((movie) => movie.tconst).sort(), ['tt0111161', 'tt0468569']);
      await screenshot(page, `home-first-run-added-${name}`);

      // An empty search result still says so.
      await page.getByPlaceholder('Search titles...').fill('zzqx');
      await page.getByText('No movies found.').waitFor();

      // Once the catalogue has movies, the page opens on them.
      await page.reload();
      await page.locator('.home-grid .movie-card').first().waitFor();
      assert.equal(await page.getByRole('heading', { name: 'Start the catalogue' }).count(), 0);
      assert.deepEqual(pageErrors, []);
      await context.close();
    });
  }
});
