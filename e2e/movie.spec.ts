import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { addImdbTitle, addMovie, addReview, createUser } from '../server/src/testing/factories';
import { closeStage, newPage, newSignedInPage, openStage, registerAndLogin, screenshot, type Site } from './support/harness';
import { assertLaidOutFromStylesheet, layoutProblems } from './support/layout';
import { assertCallsTakenFromPage } from './support/pageCalls';
import { DESKTOP, PHONE } from './support/screens';

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
    const boxHeight = () => page.locator('#review-text').evaluate((box) => Math.round(box.getBoundingClientRect().height));
    const emptyHeight = await boxHeight();
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
    // A long text grows the box; once the form empties it, it is back to its rows.
    await page.locator('#review-text').fill(`Changed my mind.${'\n'.repeat(12)}Really.`);
    assert.ok((await boxHeight()) > emptyHeight, 'the box grows with its text');
    await page.getByRole('button', { name: 'Submit Review' }).click();
    await top.locator('.review-text', { hasText: 'Changed my mind.' }).waitFor();
    assert.equal(await page.locator('#review-text').inputValue(), '');
    assert.equal(await boxHeight(), emptyHeight, 'the emptied box is back to its rows');
    assert.equal(await top.locator('img.rating-letter').count(), 0, 'no grade after clearing it');
    assert.equal(await page.locator('.review-item', { hasText: 'Ash_Williams' }).count(), 1);
    assert.equal(await page.getByTestId('average-rating').textContent(), '7.0 (2 ratings)');
    // New stars with the box left empty keep the words.
    await page.locator('.review-form .p-rating-item').nth(9).click();
    await page.getByRole('button', { name: 'Submit Review' }).click();
    await page.getByTestId('average-rating').getByText('8.0 (2 ratings)').waitFor();
    assert.match(await top.locator('.review-text').innerText(), /^Changed my mind\.\s+Really\.$/);
    // The pain level cleared from the keyboard: a named clear button, then the focus back on the field.
    await page.locator('#review-pain').focus();
    await page.keyboard.press('Tab');
    assert.equal(await page.evaluate(() => [document.activeElement?.getAttribute('role'), document.activeElement?.getAttribute('aria-label')].join(' ')), 'button Clear Pain Level');
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => document.activeElement?.id === 'review-pain');
    assert.equal(await field(page, 'Pain Level').locator('.p-dropdown-label').innerText(), '1-10');

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

    // The server's own 503 asking to be tried again (its database restarting) is read again after
    // its Retry-After, while the screen says it is loading: the movie shows, no error.
    await page.unroute(`**/api/movies/${source.id}`);
    const asked: number[] = [];
    await page.route(`**/api/movies/${source.id}`, (route) => {
      asked.push(Date.now());
      if (asked.length > 1) return route.continue();
      const body = JSON.stringify({ success: false, error: 'The database is not answering. Try again in a moment.', code: 'unavailable' });
      return route.fulfill({ status: 503, contentType: 'application/json', headers: { 'retry-after': '1' }, body });
    });
    await page.goto(`/movie/${source.id}`);
    await page.getByText('Loading...').waitFor();
    await page.locator('.movie-details-title', { hasText: 'The Cabin Test' }).waitFor();
    assert.equal(asked.length, 2);
    assert.ok(asked[1] - asked[0] >= 900, `read again ${asked[1] - asked[0]} ms later, after Retry-After`);
    assert.equal(await page.getByText('Failed to load movie.').count(), 0);
    await context.close();
  });

  for (const [name, viewport, visible] of [['desktop', DESKTOP, 4], ['phone', PHONE, 1]] as const) {
    it(`shows ${visible} recommendation${visible === 1 ? '' : 's'} at a time on a ${name} screen, as its width asks`, async () => {
      const { page, context, pageErrors } = await newPage(browser, site.url, viewport);
      await page.goto(`/movie/${source.id}`);
      const active = page.locator('.movie-recommendations .p-carousel-item-active .recommendation');
      await active.first().waitFor();
      assert.ok((await page.locator('.movie-recommendations .recommendation').count()) > visible, 'more recommendations than fit at once');
      await page.waitForFunction(({ expected }) => document.querySelectorAll('.movie-recommendations .p-carousel-item-active').length === expected, { expected: visible }, { timeout: 5_000 }).catch(() => undefined);
      assert.equal(await active.count(), visible);
      assert.deepEqual(pageErrors, []);
      await context.close();
    });
  }

  it("opens a recommendation's movie page with View, in the catalogue or not yet", async () => {
    const { page, context, pageErrors } = await newPage(browser, site.url);
    await page.goto(`/movie/${source.id}`);
    const carousel = page.locator('.movie-recommendations');
    await carousel.getByText('Recommended Movies').waitFor();
    const inCatalogue = carousel.locator('.recommendation', { hasText: 'Catalogue Neighbour' });
    await inCatalogue.waitFor();
    // A screen reader hears each slide by its movie's title, not by an index from 0.
    await carousel.getByRole('group', { name: 'Catalogue Neighbour' }).waitFor();
    await screenshot(page, 'movie-recommendations');
    // Each slide's 'View' names its movie for a screen reader.
    await inCatalogue.getByRole('link', { name: 'View Catalogue Neighbour', exact: true }).click();
    await page.waitForURL(`**/movie/${catalogueNeighbour.id}`);
    await page.locator('.movie-details-title', { hasText: 'Catalogue Neighbour' }).waitFor();

    await page.goto(`/movie/${source.id}`);
    const indexOnly = page.locator('.recommendation', { hasText: 'Index Only Neighbour' });
    await indexOnly.getByText('Also Horror and Comedy, 1986').waitFor();
    await indexOnly.getByRole('button', { name: 'View Index Only Neighbour', exact: true }).click();
    await page.waitForURL((url) => /^\/movie\/\d+$/.test(url.pathname) && url.pathname !== `/movie/${source.id}`);
    await page.locator('.movie-details-title', { hasText: 'Index Only Neighbour' }).waitFor();
    await page.getByText('No reviews yet.').waitFor();
    assert.deepEqual(pageErrors, []);
    await context.close();
  });

  it("alerts the spec's sentence when the review request fails, or the server's own when it answers", async () => {
    const user = await createUser(site, 'Offline_Reviewer');
    const { page, context, pageErrors } = await newSignedInPage(browser, site.url, user);
    const alerts = collectAlerts(page);
    await page.goto(`/movie/${source.id}`);
    await page.locator('.movie-details-title', { hasText: 'The Cabin Test' }).waitFor();
    await page.locator('.review-form .p-rating-item').nth(4).click();
    const submit = page.getByRole('button', { name: 'Submit Review' });
    /** Submits with the review call answered by `handler` and resolves with the alert's text. */
    const alertAfterSubmit = async (handler: Parameters<Page['route']>[1]) => {
      await page.unroute('**/api/review');
      await page.route('**/api/review', handler);
      const alert = page.waitForEvent('dialog');
      await submit.click();
      return (await alert).message();
    };

    // No network: the request never gets an answer.
    assert.equal(await alertAfterSubmit((route) => route.abort('internetdisconnected')), 'An error occurred while submitting your review.');
    // A proxy's error page: still no sentence from the server.
    assert.equal(
      await alertAfterSubmit((route) => route.fulfill({ status: 502, contentType: 'text/html', body: '<h1>Bad Gateway</h1>' })),
      'An error occurred while submitting your review.',
    );
    // The server's own sentence wins whenever it sends one.
    const closed = JSON.stringify({ error: 'The club is closed for maintenance.' });
    assert.equal(
      await alertAfterSubmit((route) => route.fulfill({ status: 503, contentType: 'application/json', body: closed })),
      'The club is closed for maintenance.',
    );
    assert.equal(alerts.length, 3);
    assert.equal(await page.locator('.review-item', { hasText: 'Offline_Reviewer' }).count(), 0, 'nothing was posted');
    assert.deepEqual(pageErrors, []);
    await context.close();
  });

  it("opens the form on the user's own review, keeps it after a submit, and empties only the text box", async () => {
    const user = await createUser(site, 'Returning_Reviewer');
    await addReview(site.database.db, {
      user_id: user.id,
      movie_id: source.id,
      stars: 7,
      ttm_rating: 'B',
      pain_level: 4,
      smoke_alarms: 0,
      equipment_seen: 1,
      estimated_budget: '50000-250000',
      text: 'Saw it twice.',
    });
    const { page, context, pageErrors } = await newSignedInPage(browser, site.url, user);
    const alerts = collectAlerts(page);
    await page.goto(`/movie/${source.id}`);
    const form = page.locator('.review-form');
    const stars = form.getByRole('radiogroup', { name: 'Actual Rating' });
    await stars.getByRole('radio', { name: '7 stars', checked: true }).waitFor();
    const chosen = async (label: string) => (await field(page, label).locator('.p-highlight, .p-dropdown-label').allTextContents()).map((text) => text.trim());
    assert.deepEqual(await chosen('TTM Rating'), ['B']);
    assert.deepEqual(await chosen('Pain Level'), ['4']);
    assert.deepEqual(await chosen('Smoke Alarms'), ['NO']);
    assert.deepEqual(await chosen('Movie Equipment Seen'), ['YES']);
    assert.deepEqual(await chosen('Estimated Budget'), ['50K - 250K']);
    assert.equal(await page.locator('#review-text').inputValue(), '', 'the text box starts empty');

    // Changing one choice and sending keeps the rest, and only the text box empties.
    await stars.getByRole('radio', { name: '9 stars' }).click();
    await page.locator('#review-text').fill('Third time was the charm.');
    await page.getByRole('button', { name: 'Submit Review' }).click();
    const mine = page.locator('.review-item', { hasText: 'Returning_Reviewer' });
    await mine.getByText('Third time was the charm.').waitFor();
    for (const fact of ['Pain Level: 4/10', 'Smoke Alarms: NO', 'Movie Equipment Seen: YES', 'Estimated Budget: 50K - 250K']) await mine.getByText(fact).waitFor();
    assert.equal(await page.locator('#review-text').inputValue(), '');
    await stars.getByRole('radio', { name: '9 stars', checked: true }).waitFor();
    assert.deepEqual(await chosen('TTM Rating'), ['B']);

    // A visitor's form starts empty, and nobody else's review shows in it.
    const visitor = await newPage(browser, site.url);
    await visitor.page.goto(`/movie/${source.id}`);
    await visitor.page.locator('.review-item', { hasText: 'Returning_Reviewer' }).waitFor();
    assert.equal(await visitor.page.locator('.review-form [role="radio"][aria-checked="true"]').count(), 0);
    assert.equal(await visitor.page.locator('.review-form .p-highlight').count(), 0);
    await visitor.context.close();

    assert.deepEqual(alerts, []);
    assert.deepEqual(pageErrors, []);
    await context.close();
  });

  it('asks who is signed in, the movie and its reviews from the page itself, each once', async () => {
    const { page, context } = await newPage(browser, site.url, PHONE);
    await assertCallsTakenFromPage(page, `/movie/${source.id}`, '.review-item', ['/api/user', `/api/movies/${source.id}`, `/api/movies/${source.id}/reviews?limit=20`]);
    await context.close();
  });

  it('keeps the cards below in place when the recommendations arrive after the movie', async () => {
    for (const viewport of [PHONE, DESKTOP]) {
      const { page, context } = await newPage(browser, site.url, viewport);
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route('**/api/recommendations/**', async (route) => {
        await held;
        await route.continue();
      });
      await page.goto(`/movie/${source.id}`);
      await page.getByText('Loading recommendations...').waitFor();
      const viewingsTop = () => page.locator('.movie-viewings').evaluate((card) => Math.round(card.getBoundingClientRect().top));
      const before = await viewingsTop();
      release();
      await page.locator('.movie-recommendations .recommendation').first().waitFor();
      assert.equal(await viewingsTop(), before, `at ${viewport.width} px`);
      await context.close();
    }
  });

  it("lays the page out from its stylesheet, not from the rules PrimeReact adds once its components mount", async () => {
    await assertLaidOutFromStylesheet((viewport) => newPage(browser, site.url, viewport), `/movie/${source.id}`, '.movie-recommendations .recommendation', [
      'header',
      '.movie-details-title',
      '.movie-recommendations',
      '.movie-recommendations .p-carousel-item',
      '.movie-recommendations .recommendation-poster',
      '.review-form',
    ]);
  });

  it('lays the whole movie page out within the screen at 1400 and 390 px: TTM buttons whole, carousel marks on one row, lengths on one line', async () => {
    for (const [size, viewport] of [
      ['desktop', DESKTOP],
      ['phone', PHONE],
    ] as const) {
      // Known to the IMDb index, so the bundled sample fills the carousel with its full 15.
      const tconst = size === 'desktop' ? 'tt1500004' : 'tt1500005';
      await addImdbTitle(site.database.db, { tconst, primary_title: 'The Cabin Test: Director’s Cut', start_year: 1987, genres: 'Horror,Comedy', runtime_minutes: 175 });
      const long = await addMovie(site.database.db, {
        tconst,
        title: 'The Extraordinarily Long Director’s Cut of the Cabin Test',
        release_date: '1987-03-13',
        length: 175,
        genres: 'Horror,Comedy',
        poster: `/api/posters/${tconst}.svg`,
        plot: 'Every scene of the chainsaw saga, restored, with a commentary track that never stops talking about the boom mic.',
      });
      const user = await createUser(site);
      const { page, context, pageErrors } = await newSignedInPage(browser, site.url, user, viewport);
      await page.goto(`/movie/${long.id}`);
      await page.locator('.movie-details-title', { hasText: 'Director’s Cut' }).waitFor();
      await page.locator('.movie-recommendations .recommendation').first().waitFor();
      assert.equal(await page.locator('.movie-recommendations .p-carousel-item:not(.p-carousel-item-cloned)').count(), 15);
      await page.waitForTimeout(300); // the carousel settles its page count after measuring

      const length = page.locator('.movie-facts dd', { hasText: '175 min' });
      const lines = await length.evaluate((dd) => {
        const range = document.createRange();
        range.selectNodeContents(dd);
        return new Set(Array.from(range.getClientRects(), (rect) => Math.round(rect.top))).size;
      });
      assert.equal(lines, 1, `'175 min' stays on one line (${size})`);

      // Every grade button draws its whole border: none is cut where a row wraps.
      const ttm = await field(page, 'TTM Rating')
        .locator('.p-button')
        .evaluateAll((buttons) =>
          buttons.map((button) => {
            const style = getComputedStyle(button);
            const box = button.getBoundingClientRect();
            return {
              borders: [style.borderTopWidth, style.borderRightWidth, style.borderBottomWidth, style.borderLeftWidth].map(parseFloat),
              top: Math.round(box.top),
              left: box.left,
              right: box.right,
            };
          }),
        );
      assert.equal(ttm.length, 6);
      const rows = new Set(ttm.map((button) => button.top)).size;
      if (rows > 1) {
        for (const button of ttm) assert.ok(button.borders.every((width) => width >= 1), `a wrapped grade button keeps all four edges (${size}: ${button.borders})`);
      }
      for (const button of ttm) assert.ok(button.left >= 0 && button.right <= viewport.width, 'grade buttons stay on screen');

      // The carousel's page marks fit on one row.
      const marks = await page.locator('.movie-recommendations .p-carousel-indicator').evaluateAll((items) =>
        items.filter((item) => item.getBoundingClientRect().height > 0).map((item) => Math.round(item.getBoundingClientRect().top)),
      );
      assert.ok(new Set(marks).size <= 1, `carousel marks take ${new Set(marks).size} rows (${size})`);

      assert.deepEqual(await layoutProblems(page), [], size);
      await screenshot(page, `movie-layout-${size}`);
      assert.deepEqual(pageErrors, []);
      await context.close();
    }
  });
});
