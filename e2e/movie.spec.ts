import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { addImdbTitle, addMovie, addReview, createUser } from '../server/src/testing/factories';
import { closeStage, newPage, openStage, registerAndLogin, screenshot, type Site } from './support/harness';

describe('the movie page in the browser', () => {
  let site: Site;
  let browser: Browser;
  let source: { id: number; tconst: string };
  let catalogueNeighbour: { id: number };

  before(async () => {
    ({ site, browser } = await openStage());
    const db = site.database.db;
    // Many votes and the source's exact genres and era, so these lead the recommendations over the bundled sample.
    const index = { genres: 'Horror,Comedy', num_votes: 3_000_000, average_rating: 8, runtime_minutes: 85 };
    await addImdbTitle(db, { tconst: 'tt1500001', primary_title: 'The Cabin Test', start_year: 1987, ...index });
    await addImdbTitle(db, { tconst: 'tt1500002', primary_title: 'Index Only Neighbour', start_year: 1986, ...index });
    await addImdbTitle(db, { tconst: 'tt1500003', primary_title: 'Catalogue Neighbour', start_year: 1988, ...index });
    source = await addMovie(db, {
      tconst: 'tt1500001',
      title: 'The Cabin Test',
      release_date: '1987-03-13',
      year: 1987,
      imdb_rating: 7.7,
      length: 84,
      genres: 'Horror,Comedy',
      plot: 'A man and a chainsaw against the evil in the woods.',
    });
    catalogueNeighbour = await addMovie(db, { tconst: 'tt1500003', title: 'Catalogue Neighbour', year: 1988, genres: 'Horror,Comedy' });
    const old = await createUser(site, 'Old_Reviewer');
    await addReview(db, { user_id: old.id, movie_id: source.id, stars: 6, ttm_rating: 'C', text: 'An older review.', created_at: '2020-01-01T00:00:00.000Z' });
  });
  after(() => closeStage(site, browser));

  /** Alerts are failures here; they are recorded and dismissed. */
  function collectAlerts(page: Page): string[] {
    const alerts: string[] = [];
    page.on('dialog', (dialog) => {
      alerts.push(dialog.message());
      void dialog.dismiss();
    });
    return alerts;
  }
  const field = (page: Page, label: string) => page.locator('.review-field', { has: page.locator('label', { hasText: new RegExp(`^${label}$`) }) });

  it('posts a full review that tops Recent Reviews with its grade image, updates the average and empties the text box', async () => {
    const { page, context, pageErrors } = await newPage(browser, site.url);
    const alerts = collectAlerts(page);
    await registerAndLogin(page, 'Ash_Williams');
    await page.goto(`/movie/${source.id}`);
    await page.locator('.movie-details-title', { hasText: 'The Cabin Test' }).waitFor();
    assert.equal(await page.locator('.app-title').textContent(), 'Movie Details');
    await page.getByText('(1987-03-13)').waitFor();
    await page.getByText('A man and a chainsaw against the evil in the woods.').waitFor();
    assert.equal(await page.getByTestId('average-rating').textContent(), '6.0 (1 rating)');
    assert.equal(await page.getByRole('link', { name: 'View on IMDb' }).getAttribute('href'), 'https://www.imdb.com/title/tt1500001/');
    await page.locator('.review-item', { hasText: 'Old_Reviewer' }).waitFor();

    await page.locator('.review-form .p-rating-item').nth(7).click();
    const ttm = field(page, 'TTM Rating');
    await ttm.locator('.p-button', { hasText: /^S$/ }).click();
    await ttm.locator('.p-button', { hasText: /^A$/ }).click();
    await field(page, 'Pain Level').locator('.p-dropdown').click();
    await page.getByRole('option', { name: '7', exact: true }).click();
    await field(page, 'Smoke Alarms').locator('.p-button', { hasText: 'YES' }).click();
    await field(page, 'Movie Equipment Seen').locator('.p-button', { hasText: 'NO' }).click();
    await field(page, 'Estimated Budget').locator('.p-dropdown').click();
    await page.getByRole('option', { name: '1K - 10K' }).click();
    const text = 'Groovy. <script>window.__pwned = 1</script><b>not bold</b>';
    await page.locator('#review-text').fill(text);
    await screenshot(page, 'movie-review-filled');
    await page.getByRole('button', { name: 'Submit Review' }).click();

    const top = page.locator('.review-item').first();
    await top.locator('.review-author', { hasText: 'Ash_Williams' }).waitFor();
    await page.getByTestId('average-rating').getByText('7.0 (2 ratings)').waitFor();
    assert.equal(await page.locator('#review-text').inputValue(), '', 'the text box is empty again');
    assert.equal(await top.locator('img.rating-letter').getAttribute('src'), '/ratings/rating_A.png');
    assert.equal(await top.locator('img.rating-letter').evaluate((img: HTMLImageElement) => img.naturalWidth > 0), true, 'the grade image loads');
    for (const fact of ['Pain Level: 7/10', 'Smoke Alarms: YES', 'Movie Equipment Seen: NO', 'Estimated Budget: 1K - 10K']) {
      await top.getByText(fact).waitFor();
    }
    assert.equal(await top.locator('.review-text').textContent(), text, 'HTML in a review shows as typed');
    assert.equal(await top.locator('.review-text b, .review-text script').count(), 0);
    assert.equal(await page.evaluate(() => (window as { __pwned?: number }).__pwned), undefined, 'the script never ran');
    assert.equal(await top.locator('.review-author').getAttribute('href'), '/user/profile/Ash_Williams');
    assert.equal(await page.locator('.review-item').nth(1).locator('.review-author').textContent(), 'Old_Reviewer');
    await screenshot(page, 'movie-review-posted');

    // The chosen grade clicked again clears it; posting again updates the one review.
    await ttm.locator('.p-button', { hasText: /^A$/ }).click();
    await page.locator('#review-text').fill('Changed my mind.');
    await page.getByRole('button', { name: 'Submit Review' }).click();
    await top.locator('.review-text', { hasText: 'Changed my mind.' }).waitFor();
    assert.equal(await top.locator('img.rating-letter').count(), 0, 'no grade after clearing it');
    assert.equal(await page.locator('.review-item', { hasText: 'Ash_Williams' }).count(), 1);
    assert.equal(await page.getByTestId('average-rating').textContent(), '7.0 (2 ratings)');

    assert.deepEqual(alerts, []);
    assert.deepEqual(pageErrors, []);
    await context.close();
  });

  it('says Movie not found. for an unknown or non-numeric id', async () => {
    const { page, context } = await newPage(browser, site.url);
    await page.goto('/movie/999999');
    await page.getByText('Movie not found.').waitFor();
    await screenshot(page, 'movie-not-found');
    const calls: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/movies/')) calls.push(request.url());
    });
    await page.goto('/movie/abc');
    await page.getByText('Movie not found.').waitFor();
    await page.getByRole('link', { name: '← Back to Movies' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    assert.deepEqual(calls, [], 'a non-numeric id asks the server nothing');

    // A server that fails for another reason (here: a 503 from a proxy in front of it) reads differently.
    await page.route(`**/api/movies/${source.id}`, (route) => route.fulfill({ status: 503, contentType: 'text/html', body: '<h1>Service Unavailable</h1>' }));
    await page.goto(`/movie/${source.id}`);
    await page.getByRole('alert').getByText('Failed to load movie.').waitFor();
    await context.close();
  });

  it("opens a recommendation's movie page with View, in the catalogue or not yet", async () => {
    const { page, context, pageErrors } = await newPage(browser, site.url);
    await page.goto(`/movie/${source.id}`);
    const carousel = page.locator('.movie-recommendations');
    await carousel.getByText('Recommended Movies').waitFor();
    const inCatalogue = carousel.locator('.recommendation', { hasText: 'Catalogue Neighbour' });
    await inCatalogue.waitFor();
    await screenshot(page, 'movie-recommendations');
    await inCatalogue.getByRole('link', { name: 'View' }).click();
    await page.waitForURL(`**/movie/${catalogueNeighbour.id}`);
    await page.locator('.movie-details-title', { hasText: 'Catalogue Neighbour' }).waitFor();

    await page.goto(`/movie/${source.id}`);
    const indexOnly = page.locator('.recommendation', { hasText: 'Index Only Neighbour' });
    await indexOnly.getByText('Also Horror and Comedy, 1986').waitFor();
    await indexOnly.getByRole('button', { name: 'View' }).click();
    await page.waitForURL((url) => /^\/movie\/\d+$/.test(url.pathname) && url.pathname !== `/movie/${source.id}`);
    await page.locator('.movie-details-title', { hasText: 'Index Only Neighbour' }).waitFor();
    await page.getByText('No reviews yet.').waitFor();
    assert.deepEqual(pageErrors, []);
    await context.close();
  });
});
