import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { addImdbTitle } from '../server/src/testing/factories';
import { describeViolations, seriousViolations } from './support/a11y';
import { closeStage, newPage, openStage, type Site } from './support/harness';
import { DESKTOP } from './support/screens';

describe('header search by keyboard and screen reader', () => {
  let site: Site;
  let browser: Browser;
  before(async () => {
    ({ site, browser } = await openStage());
    for (const [n, title] of ['Lanternfish Harbour', 'Lanternfish Harbour II', 'Lanternfish Harbour III'].entries()) {
      await addImdbTitle(site.database.db, { tconst: `tt98300${n}1`, primary_title: title, start_year: 2010 + n, num_votes: 50_000 - n });
    }
  });
  after(() => closeStage(site, browser));

  const box = (page: Page) => page.getByRole('combobox', { name: 'Search movies' });
  const panel = (page: Page) => page.locator('.header-search-panel');
  /** The box's aria-activedescendant, and the id of the option PrimeReact highlights. */
  const highlight = (page: Page) =>
    page.evaluate(() => ({
      active: document.querySelector('.header-search-input')?.getAttribute('aria-activedescendant') ?? null,
      highlighted: document.querySelector('.header-search-panel li[data-p-highlight="true"]')?.id ?? null,
    }));

  it('says when a search finds no titles, and stays silent when the search fails', async () => {
    const { page, context, pageErrors } = await newPage(browser, site.url, DESKTOP);
    await page.goto('/');
    await box(page).fill('qxzqxzqj');
    await panel(page).getByText('No titles found.').waitFor();
    assert.equal(await box(page).getAttribute('aria-expanded'), 'true');
    // Said to screen readers: a status region that was there before the panel opened.
    await page.locator('.header-search [role="status"]', { hasText: 'No titles found.' }).waitFor({ state: 'attached' });
    const controlled = await box(page).getAttribute('aria-controls');
    assert.ok(controlled && (await page.locator(`[id="${controlled}"]`).count()) === 1, 'aria-controls names the open list');
    const violations = await seriousViolations(page);
    assert.equal(violations.length, 0, describeViolations(violations));

    // A search that fails shows nothing (the spec swallows search failures).
    await page.route('**/api/imdb/search?*', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"Internal error."}' }));
    const failed = page.waitForResponse((response) => response.url().includes('/api/imdb/search?') && response.status() === 500);
    await box(page).fill('zzqxjjwq');
    await failed;
    await page.waitForFunction(() => document.querySelector('.header-search-input')?.getAttribute('aria-expanded') === 'false');
    await page.waitForTimeout(300);
    assert.equal(await panel(page).count(), 0, 'no panel after a failed search');
    assert.equal(await page.locator('.header-search [role="status"]').textContent(), '');
    assert.deepEqual(pageErrors, []);
    await context.close();
  });

  it('names the highlighted result as the box\'s active option', async () => {
    const { page, context, pageErrors } = await newPage(browser, site.url, DESKTOP);
    await page.goto('/');
    await box(page).fill('lanternfish');
    const options = panel(page).getByRole('option');
    await options.nth(2).waitFor();
    const ids = await options.evaluateAll((items) => items.map((item) => item.id));
    assert.equal(ids.length, 3);
    assert.ok(ids.every(Boolean) && new Set(ids).size === ids.length, `each option has its own id: ${ids.join(', ')}`);
    assert.equal(await box(page).getAttribute('aria-expanded'), 'true');

    // The first result is highlighted as the results open (Enter picks it); ArrowDown moves on, one at a time.
    for (const [index, id] of ids.entries()) {
      if (index > 0) await box(page).press('ArrowDown');
      await page.waitForFunction((expected) => document.querySelector('.header-search-input')?.getAttribute('aria-activedescendant') === expected, id);
      assert.deepEqual(await highlight(page), { active: id, highlighted: id });
      assert.deepEqual(await options.evaluateAll((items) => items.map((item) => item.getAttribute('aria-selected'))), ids.map((other) => String(other === id)));
    }
    await box(page).press('ArrowUp');
    await page.waitForFunction((expected) => document.querySelector('.header-search-input')?.getAttribute('aria-activedescendant') === expected, ids[1]);
    const violations = await seriousViolations(page);
    assert.equal(violations.length, 0, describeViolations(violations));
    assert.deepEqual(pageErrors, []);
    await context.close();
  });

  it('opens the results again with ArrowDown after Escape closed them', async () => {
    const { page, context, pageErrors } = await newPage(browser, site.url, DESKTOP);
    await page.goto('/');
    await box(page).fill('lanternfish');
    const options = panel(page).getByRole('option');
    await options.nth(2).waitFor();
    await box(page).press('ArrowDown');
    await box(page).press('Escape');
    await page.waitForFunction(() => document.querySelector('.header-search-input')?.getAttribute('aria-expanded') === 'false');
    await page.waitForFunction(() => !document.querySelector('.header-search-input')?.hasAttribute('aria-activedescendant'));
    await panel(page).waitFor({ state: 'detached' });
    await box(page).press('ArrowDown');
    await page.waitForFunction(() => document.querySelector('.header-search-input')?.getAttribute('aria-expanded') === 'true');
    await options.nth(2).waitFor();
    assert.equal(await options.count(), 3);
    assert.equal(await box(page).inputValue(), 'lanternfish');
    // The reopened results are named like the first time.
    await page.waitForFunction(() => !!document.querySelector('.header-search-input')?.getAttribute('aria-activedescendant'));
    const reopened = await highlight(page);
    assert.equal(reopened.active, reopened.highlighted);
    assert.ok(reopened.active && (await options.evaluateAll((items) => items.map((item) => item.id))).includes(reopened.active));

    // Enter still picks the highlighted result, opens its page and clears the box.
    await box(page).press('Enter');
    await page.waitForURL(/\/movie\/\d+$/);
    await page.locator('.movie-details-title', { hasText: 'Lanternfish Harbour' }).waitFor();
    assert.equal(await box(page).inputValue(), '');
    assert.deepEqual(pageErrors, []);
    await context.close();
  });
});
