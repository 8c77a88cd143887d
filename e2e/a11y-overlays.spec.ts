import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { addMovie, createUser, type SignedInUser } from '../server/src/testing/factories';
import { describeViolations, seriousViolations } from './support/a11y';
import { leftOutThemeRulesInUse } from './support/themeRules';
import { closeStage, newSignedInPage, openStage, type Site } from './support/harness';
import { DESKTOP, PHONE } from './support/screens';

/**
 * axe-core with every popup, dropdown, dialog and editor open: these parts are
 * only in the page while open, so the screen-by-screen checks never see them.
 */
describe('accessibility with overlays open', () => {
  let site: Site;
  let browser: Browser;
  let movieId: number;
  let listPath: string;
  let owner: SignedInUser;

  before(async () => {
    ({ site, browser } = await openStage());
    const db = site.database.db;
    // Posters as the server draws them for movies added without metadata.
    const poster = (tconst: string) => `/api/posters/${tconst}.svg`;
    movieId = (await addMovie(db, { title: 'Overlay Night', tconst: 'tt0084787', poster: poster('tt0084787'), imdb_rating: 8.1, length: 109 })).id;
    for (const [n, title] of ['Popup Party', 'Dropdown Dawn', 'Dialog of the Dead'].entries()) {
      const tconst = `tt098765${n}`;
      await addMovie(db, { title, tconst, poster: poster(tconst) });
    }
    owner = await createUser(site, 'Overlay_Owner');
    const created = await owner.agent.post('/api/watchlists/public', { name: 'Overlay Picks' });
    await owner.agent.post(`/api/watchlists/${created.body.watchlist.id}/items`, { movie_id: movieId });
    listPath = `/watchlist/${created.body.watchlist.id}`;
  });
  after(() => closeStage(site, browser));

  const signedInPage = (viewport: { width: number; height: number }) => newSignedInPage(browser, site.url, owner, viewport);

  async function assertNoSeriousViolations(page: Page, what: string) {
    // Overlays fade and scale in: colours read mid-transition are washed out, so wait for it to end.
    await page.waitForFunction(() =>
      document
        .getAnimations()
        .every((animation) => {
          const target = (animation.effect as KeyframeEffect | null)?.target;
          return animation.playState !== 'running' || !target?.closest('.p-connected-overlay, .p-dropdown-panel, .p-overlaypanel, .p-autocomplete-panel, .p-menubar');
        }),
    );
    const violations = await seriousViolations(page);
    assert.equal(violations.length, 0, `${what}:\n${describeViolations(violations)}`);
    // Popups are where PrimeReact's own parts show: none may need a theme rule the build left out.
    assert.deepEqual(await leftOutThemeRulesInUse(page), [], `${what}: theme rules the build leaves out would style it`);
  }

  /** Opens a PrimeReact Dropdown and waits for its option list. */
  async function openDropdown(page: Page, dropdown: ReturnType<Page['locator']>) {
    await dropdown.click();
    await page.locator('.p-dropdown-panel .p-dropdown-item').first().waitFor();
  }

  /** Closes the open Dropdown with Escape and waits until its panel has left the page. */
  async function closeDropdown(page: Page) {
    await page.keyboard.press('Escape');
    await page.locator('.p-dropdown-panel').waitFor({ state: 'detached' });
  }

  for (const [size, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    describe(`at ${viewport.width}×${viewport.height}`, () => {
      it(`home: sort and order dropdowns open, then the plus popup with its list open (${size})`, async () => {
        const { page, context, pageErrors } = await signedInPage(viewport);
        await page.goto('/');
        await page.locator('.home-grid .movie-card').first().waitFor();
        await openDropdown(page, page.locator('.home-sort-field'));
        await assertNoSeriousViolations(page, 'home with the sort dropdown open');
        await closeDropdown(page);
        await openDropdown(page, page.locator('.home-sort-order'));
        await assertNoSeriousViolations(page, 'home with the order dropdown open');
        await closeDropdown(page);

        const card = page.locator('.home-grid .movie-card', { hasText: 'Overlay Night' });
        await card.getByRole('button', { name: 'Add to Public Watchlist' }).click();
        const popup = page.locator('.p-overlaypanel .public-list-popup');
        await popup.waitFor();
        await assertNoSeriousViolations(page, 'home with the plus popup open');
        await openDropdown(page, popup.locator('.p-dropdown'));
        await assertNoSeriousViolations(page, "home with the plus popup's list open");
        assert.deepEqual(pageErrors, []);
        await context.close();
      });

      it(`header: search suggestions open, and on phones the collapsed menu open (${size})`, async () => {
        const { page, context, pageErrors } = await signedInPage(viewport);
        await page.goto('/');
        await page.locator('.home-grid .movie-card').first().waitFor();
        await page.getByRole('combobox', { name: 'Search movies' }).fill('the');
        await page.locator('.header-search-panel li').first().waitFor();
        await assertNoSeriousViolations(page, 'header search suggestions open');
        await page.keyboard.press('Escape');
        if (viewport.width <= 960) {
          await page.locator('.app-menubar .p-menubar-button').click();
          await page.getByRole('menuitem', { name: 'Watchlist' }).waitFor();
          await assertNoSeriousViolations(page, 'the collapsed header menu open');
        }
        assert.deepEqual(pageErrors, []);
        await context.close();
      });

      it(`movie page: budget and pain dropdowns open, then the plus popup (${size})`, async () => {
        const { page, context, pageErrors } = await signedInPage(viewport);
        await page.goto(`/movie/${movieId}`);
        await page.locator('.movie-details-title', { hasText: 'Overlay Night' }).waitFor();
        const field = (label: string) => page.locator('.review-field', { has: page.locator('label', { hasText: new RegExp(`^${label}$`) }) });
        await openDropdown(page, field('Estimated Budget').locator('.p-dropdown'));
        await assertNoSeriousViolations(page, 'movie page with the budget dropdown open');
        await closeDropdown(page);
        await openDropdown(page, field('Pain Level').locator('.p-dropdown'));
        await assertNoSeriousViolations(page, 'movie page with the pain dropdown open');
        await closeDropdown(page);

        await page.locator('.movie-details').getByRole('button', { name: 'Add to Public Watchlist' }).click();
        const popup = page.locator('.p-overlaypanel .public-list-popup');
        await popup.waitFor();
        await openDropdown(page, popup.locator('.p-dropdown'));
        await assertNoSeriousViolations(page, "movie page with the plus popup's list open");
        assert.deepEqual(pageErrors, []);
        await context.close();
      });

      it(`watchlist page: the description editor open (${size})`, async () => {
        const { page, context, pageErrors } = await signedInPage(viewport);
        await page.goto(listPath);
        await page.getByRole('button', { name: 'Edit' }).click();
        await page.locator('.description-box.editing .ql-editor').waitFor();
        await assertNoSeriousViolations(page, 'watchlist page with the description editor open');
        // The editor takes the focus, and Tab leaves it for Save rather than typing a tab.
        await page.waitForFunction(() => document.activeElement?.classList.contains('ql-editor'));
        await page.keyboard.type('Fridays.');
        await page.keyboard.press('Tab');
        assert.equal(await page.evaluate(() => document.activeElement?.textContent), 'Save');
        assert.equal(await page.locator('.ql-editor').innerText(), 'Fridays.');
        assert.deepEqual(pageErrors, []);
        await context.close();
      });
    });
  }
});
