import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { addMovie, addReview } from '../server/src/testing/factories';
import { closeStage, newPage, openStage, registerAndLogin, screenshot, type Site } from './support/harness';
import { assertLaidOutFromStylesheet } from './support/layout';

/** Titles with their IMDb rating and the day they were added (January 2025). */
const CATALOGUE: [string, number, number][] = [
  ['The Godfather Returns', 9.1, 2],
  ['Gods and Fathers', 5.0, 3],
  ['Heat Wave', 8.0, 4],
  ['Alien Harbor', 7.9, 5],
  ['Quiet Lake', 7.5, 6],
  ['Paper Moon Rising', 7.2, 7],
  ['Blue Velvet Sky', 6.9, 8],
  ['Night Train', 6.6, 9],
  ['Summer Cloud', 6.1, 10],
  ['Iron Coast', 5.8, 11],
  ['Silent Orchard', 4.2, 12],
  ['Newest Arrival', 3.0, 20],
];

const cardTitles = (page: Page) => page.locator('.home-grid .movie-card-title').allTextContents();
const card = (page: Page, title: string) => page.locator('.movie-card', { has: page.locator('.movie-card-title', { hasText: title }) });

async function chooseOption(page: Page, dropdown: string, option: string) {
  await page.locator(dropdown).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

describe('home page in the browser', () => {
  let site: Site;
  let browser: Browser;
  const ids: Record<string, number> = {};

  before(async () => {
    ({ site, browser } = await openStage());
    for (const [title, imdb_rating, day] of CATALOGUE) {
      const movie = await addMovie(site.database.db, {
        title,
        imdb_rating,
        date_added: `2025-01-${String(day).padStart(2, '0')}T12:00:00.000Z`,
        length: 90 + day,
      });
      ids[title] = movie.id;
    }
  });
  after(() => closeStage(site, browser));

  it('shows the newest added movie first in the carousel and the top 10 by IMDb rating', async () => {
    const { page, context, pageErrors } = await newPage(browser, site.url);
    await page.goto('/');
    await page.getByRole('heading', { name: 'Recently Added Movies' }).waitFor();
    const carouselItems = page.locator('.recent-carousel .p-carousel-item:not(.p-carousel-item-cloned) .recent-item');
    await carouselItems.first().waitFor();
    assert.equal(await carouselItems.count(), 10, 'ten recently added movies');
    assert.equal(await carouselItems.first().getAttribute('data-movie-id'), String(ids['Newest Arrival']));
    assert.equal(await carouselItems.nth(1).getAttribute('data-movie-id'), String(ids['Silent Orchard']));
    // Each slide is named by its movie's title (the carousel's own names are indexes from 0).
    await page.locator('.recent-carousel').getByRole('group', { name: 'Newest Arrival' }).waitFor();

    await page.locator('.home-grid .movie-card').first().waitFor();
    const titles = await cardTitles(page);
    assert.equal(titles.length, 10, 'the top 10 only');
    assert.deepEqual(titles.slice(0, 3), ['The Godfather Returns', 'Heat Wave', 'Alien Harbor']);
    const first = card(page, 'The Godfather Returns');
    assert.equal(await first.locator('.movie-card-title').getAttribute('href'), `/movie/${ids['The Godfather Returns']}`);
    assert.match((await first.textContent()) ?? '', /2000-01-01.*92 min.*IMDb 9\.1.*Users N\/A \(0\)/);
    assert.equal(await first.locator('.p-rating-item').count(), 10, 'ten stars');
    assert.equal(await first.locator('.p-rating-cancel-item').count(), 0, 'no cancel');
    assert.match((await first.locator('.movie-card-imdb-link').getAttribute('href')) ?? '', /imdb\.com\/title\/tt\d+/);
    assert.deepEqual(pageErrors, []);
    await context.close();
  });

  it('autoplays the carousel every 5 seconds until the user touches it', async () => {
    const { page, context } = await newPage(browser, site.url);
    // A controlled clock makes the 5-second steps exact instead of waited for.
    await page.clock.install();
    await page.goto('/');
    const start = page.locator('.recent-carousel .p-carousel-item-start:not(.p-carousel-item-cloned) .recent-item');
    await start.waitFor();
    assert.equal(await start.getAttribute('data-movie-id'), String(ids['Newest Arrival']));

    await page.clock.runFor(4_000);
    assert.equal(await start.getAttribute('data-movie-id'), String(ids['Newest Arrival']), 'not before 5 s');
    await page.clock.runFor(1_100);
    await page.locator(`.recent-carousel .p-carousel-item-start:not(.p-carousel-item-cloned) .recent-item[data-movie-id="${ids['Silent Orchard']}"]`).waitFor();
    const slide = await page.locator('.recent-carousel .p-carousel-items-container').getAttribute('style');
    assert.match(slide ?? '', /transition: transform 500ms/);

    await page.locator('.recent-carousel h2').dispatchEvent('pointerdown');
    await page.clock.runFor(15_000);
    assert.equal(await start.getAttribute('data-movie-id'), String(ids['Silent Orchard']), 'autoplay stopped');
    await context.close();
  });

  it('keeps the header in place while a phone loads the page', async () => {
    const { page, context, pageErrors } = await newPage(browser, site.url, { width: 390, height: 844 });
    // Every layout shift that moved something in the header, as the browser reports it.
    await page.addInitScript(() => {
      const moved: number[] = [];
      Object.assign(window, { headerShifts: moved });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { value: number; sources?: { node?: Node | null }[] })[]) {
          const inHeader = (entry.sources ?? []).some((source) => source.node instanceof Element && source.node.closest('header'));
          if (inHeader) moved.push(entry.value);
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await page.goto('/');
    await page.locator('.home-grid .movie-card').first().waitFor();
    await page.waitForLoadState('networkidle');
    const shifts = await page.evaluate(() => (window as unknown as { headerShifts: number[] }).headerShifts);
    // An icon font arriving may nudge a glyph by a pixel (a score near 0.00001); the menubar rearranging scored 0.1.
    assert.ok(shifts.reduce((sum, value) => sum + value, 0) < 0.001, `the header moved: ${shifts.join(', ')}`);
    assert.deepEqual(pageErrors, []);
    await context.close();
  });

  it("lays the page out from its stylesheet, not from the rules PrimeReact adds once its components mount", async () => {
    // The screen renders in the background and is painted before PrimeReact's components add their
    // rules: whatever those rules alone placed would jump a moment after the first paint.
    await assertLaidOutFromStylesheet((viewport) => newPage(browser, site.url, viewport), '/', '.home-grid .movie-card', [
      'header',
      '.recent-carousel',
      '.recent-carousel .p-carousel-item',
      '.home-list',
      '.movie-card',
      '.movie-card .p-rating',
    ]);
  });

  it('tells an anonymous visitor to sign in when rating', async () => {
    const { page, context } = await newPage(browser, site.url);
    const alerts: string[] = [];
    page.on('dialog', (dialog) => {
      alerts.push(dialog.message());
      void dialog.accept();
    });
    await page.goto('/');
    await card(page, 'Heat Wave').locator('.p-rating-item').nth(4).click();
    await waitUntil(() => alerts.length > 0);
    assert.deepEqual(alerts, ['You must be signed in to rate movies.']);
    await context.close();
  });

  it('rates as two users: the average, the count and both avatars update', async () => {
    const first = await newPage(browser, site.url);
    await registerAndLogin(first.page, 'Reel_Rita');
    const godfather = card(first.page, 'The Godfather Returns');
    await godfather.locator('.movie-card-average', { hasText: 'N/A (0)' }).waitFor();
    await godfather.locator('.p-rating-item').nth(7).click();
    await godfather.locator('.movie-card-average', { hasText: '8.0 (1)' }).waitFor();
    await godfather.locator('.movie-card-reviewers a[title="Reel_Rita"]').waitFor();
    assert.equal(await godfather.locator('.p-rating-item-active').count(), 8, 'my rating shows at once');

    const second = await newPage(browser, site.url);
    await registerAndLogin(second.page, 'Cinema_Sam');
    const again = card(second.page, 'The Godfather Returns');
    await again.locator('.movie-card-average', { hasText: '8.0 (1)' }).waitFor();
    await again.locator('.movie-card-reviewers a[title="Reel_Rita"]').waitFor();
    await again.locator('.p-rating-item').nth(5).click();
    await again.locator('.movie-card-average', { hasText: '7.0 (2)' }).waitFor();
    await again.locator('.movie-card-reviewers a[title="Cinema_Sam"]').waitFor();
    const reviewers = await again.locator('.movie-card-reviewers a').evaluateAll((links) => links.map((link) => link.getAttribute('title')));
    assert.deepEqual(reviewers, ['Cinema_Sam', 'Reel_Rita'], 'newest reviewer first');
    assert.equal(await again.locator('.movie-card-reviewers a').first().getAttribute('href'), '/user/profile/Cinema_Sam');
    await screenshot(second.page, 'home-rated');

    // The first user sees both after reloading; their own rating is kept.
    await first.page.reload();
    await godfather.locator('.movie-card-average', { hasText: '7.0 (2)' }).waitFor();
    await godfather.locator('.movie-card-reviewers a[title="Cinema_Sam"]').waitFor();
    assert.equal(await godfather.locator('.p-rating-item-active').count(), 8);

    assert.deepEqual([...first.pageErrors, ...second.pageErrors], []);
    await first.context.close();
    await second.context.close();
  });

  it('narrows the grid with a fuzzy query', async () => {
    const { page, context } = await newPage(browser, site.url);
    await page.goto('/');
    await page.locator('.home-grid .movie-card').first().waitFor();
    const search = page.getByPlaceholder('Search titles...');
    await search.fill('gdfth');
    await waitUntil(async () => (await cardTitles(page)).length === 2);
    assert.deepEqual(await cardTitles(page), ['The Godfather Returns', 'Gods and Fathers']);
    await screenshot(page, 'home-search');
    await search.fill('OAST');
    await waitUntil(async () => (await cardTitles(page)).length === 1);
    assert.deepEqual(await cardTitles(page), ['Iron Coast']);
    await search.fill('zzqx');
    await page.getByText('No movies found.').waitFor();
    await search.fill('');
    await waitUntil(async () => (await cardTitles(page)).length === 10);
    await context.close();
  });

  it('keeps a sort dropdown closed that was closed while it opened, and opens the next one alone', async () => {
    const { page, context } = await newPage(browser, site.url);
    await page.goto('/');
    await page.locator('.home-grid .movie-card').first().waitFor();
    await page.locator('.home-sort-field').click();
    await page.locator('.p-dropdown-panel').waitFor();
    // Escape at once, before the panel has finished appearing.
    await page.keyboard.press('Escape');
    await page.locator('.p-dropdown-panel').waitFor({ state: 'detached' });
    await page.locator('.home-sort-order').click();
    await page.getByRole('option', { name: 'Ascending' }).waitFor();
    // Longer than the panel's own wait for its entrance: nothing else comes back meanwhile.
    await page.waitForTimeout(1500);
    assert.deepEqual(await page.locator('.p-dropdown-panel').evaluateAll((panels) => panels.map((panel) => panel.textContent)), ['DescendingAscending']);
    await context.close();
  });

  it('sorts by My Rating, descending and ascending, unrated movies last', async () => {
    const { page, context } = await newPage(browser, site.url);
    await registerAndLogin(page, 'Sorting_Sue');
    const user = await site.database.db.selectFrom('users').select('id').where('username_lower', '=', 'sorting_sue').executeTakeFirstOrThrow();
    await addReview(site.database.db, { user_id: user.id, movie_id: ids['Silent Orchard'], stars: 10 });
    await addReview(site.database.db, { user_id: user.id, movie_id: ids['Night Train'], stars: 3 });
    const catalogue = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/movies' && response.request().method() === 'GET');
    await page.reload();
    await page.locator('.home-grid .movie-card').first().waitFor();
    // The member's catalogue comes gzipped (its shared part compressed once), and their own stars read from it below.
    assert.equal((await catalogue).headers()['content-encoding'], 'gzip');
    // Rate one more in the page itself.
    await card(page, 'Heat Wave').locator('.p-rating-item').nth(6).click();
    await card(page, 'Heat Wave').locator('.movie-card-average', { hasText: '7.0 (1)' }).waitFor();

    await chooseOption(page, '.home-sort-field', 'My Rating');
    // The code the first dropdown fetched made the order's stand-in the real Dropdown as well.
    await page.locator('.home-sort-order[data-pc-name="dropdown"]').waitFor();
    await waitUntil(async () => (await cardTitles(page))[0] === 'Silent Orchard');
    assert.deepEqual((await cardTitles(page)).slice(0, 4), ['Silent Orchard', 'Heat Wave', 'Night Train', 'Alien Harbor']);

    await chooseOption(page, '.home-sort-order', 'Ascending');
    await waitUntil(async () => (await cardTitles(page))[0] === 'Night Train');
    assert.deepEqual((await cardTitles(page)).slice(0, 3), ['Night Train', 'Heat Wave', 'Silent Orchard']);
    await context.close();
  });
});

/** Polls a condition (for list contents, which locators cannot wait on directly). */
async function waitUntil(condition: () => boolean | Promise<boolean>, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('Timed out waiting for the page.');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
