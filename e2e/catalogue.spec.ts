import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { closeStage, newPage, openStage, registerAndLogin, screenshot, type Site } from './support/harness';

describe('catalogue in the browser', () => {
  let site: Site;
  let browser: Browser;
  before(async () => ({ site, browser } = await openStage()));
  after(() => closeStage(site, browser));

  it('searches from the header, chooses a result and lands on its movie page', async () => {
    const { page, context, pageErrors } = await newPage(browser, site.url);
    await page.goto('/');
    const box = page.locator('.header-search input');
    await box.fill('matrix');
    const option = page.locator('.header-search-panel li', { hasText: 'The Matrix (1999)' });
    await option.waitFor();
    assert.equal(await page.locator('.header-search-panel li').first().textContent(), 'The Matrix (1999)');
    assert.ok((await page.locator('.header-search-panel li').count()) <= 8);
    await screenshot(page, 'catalogue-header-search');
    await option.click();
    await page.waitForURL(/\/movie\/\d+$/);
    const id = Number(new URL(page.url()).pathname.split('/').pop());
    assert.equal(await box.inputValue(), '', 'the box is cleared');
    const movie = await site.agent().get(`/api/movies/${id}`);
    assert.equal(movie.body.movie.tconst, 'tt0133093');

    // Enter picks the first suggestion.
    await box.fill('godfathr');
    await page.locator('.header-search-panel li', { hasText: 'The Godfather (1972)' }).waitFor();
    await box.press('Enter');
    await page.waitForURL((url) => /\/movie\/\d+$/.test(url.pathname) && url.pathname !== `/movie/${id}`);
    const second = Number(new URL(page.url()).pathname.split('/').pop());
    assert.equal((await site.agent().get(`/api/movies/${second}`)).body.movie.title, 'The Godfather');
    assert.deepEqual(pageErrors, []);
    await context.close();
  });

  it('adds a movie by IMDb id and shows it on the home page', async () => {
    const { page, context, pageErrors } = await newPage(browser, site.url);
    await registerAndLogin(page, 'Tommy_W');
    await page.goto('/add-movie');
    await page.locator('.add-movie-card', { hasText: 'Add New Movie' }).waitFor();
    const field = page.getByLabel('IMDB ID (e.g., tt0111161)');
    assert.equal(await field.getAttribute('placeholder'), 'tt########');
    await page.getByRole('button', { name: 'Add Movie' }).click();
    await page.getByRole('alert').getByText('IMDB ID is required (e.g., tt0111161).').waitFor();
    await field.fill('tt12');
    await page.getByRole('button', { name: 'Add Movie' }).click();
    await page.getByRole('alert').getByText('IMDb id must be tt followed by at least 7 digits (e.g., tt0111161).').waitFor();
    await field.fill('tt9999999');
    // From the keyboard: a refusal leaves the focus on the button that sent it.
    await page.getByRole('button', { name: 'Add Movie' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('alert').getByText('No IMDb title tt9999999 found.').waitFor();
    assert.equal(await page.evaluate(() => document.activeElement?.textContent), 'Add Movie');
    await screenshot(page, 'catalogue-add-movie-error');

    await field.fill('  tt0368226 ');
    await page.getByRole('button', { name: 'Add Movie' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    const movies = (await site.agent().get('/api/movies')).body.movies as { title: string; tconst: string }[];
    assert.ok(movies.some((movie) => movie.tconst === 'tt0368226' && movie.title === 'The Room'));
    await page.locator('main').getByText('The Room', { exact: true }).first().waitFor();
    await screenshot(page, 'catalogue-home-after-add');
    assert.deepEqual(pageErrors, []);
    await context.close();
  });
});
