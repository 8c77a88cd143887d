import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { addMovie } from '../server/src/testing/factories';
import { closeStage, newPage, openStage, registerAndLogin, screenshot, type Site } from './support/harness';

/** Calls the API from inside the page, with its cookies, as the client does. */
async function callApi(page: Page, method: string, path: string, body?: unknown): Promise<any> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const response = await fetch(path, {
        method,
        credentials: 'include',
        headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return response.json();
    },
    { method, path, body },
  );
}

async function myWatchlistIds(page: Page): Promise<number[]> {
  const reply = await callApi(page, 'GET', '/api/watchlists/mine');
  return reply.watchlist.items.map((item: { id: number }) => item.id);
}

describe('watchlists in the browser', () => {
  let site: Site;
  let browser: Browser;
  before(async () => ({ site, browser } = await openStage()));
  after(() => closeStage(site, browser));

  it('toggles a movie in My Watchlist with the heart on a home card, both ways', async () => {
    const movie = await addMovie(site.database.db, { title: 'Heartbreak Hotel Movie', date_added: '2001-01-01T00:00:00.000Z' });
    const { page, context, pageErrors } = await newPage(browser, site.url);
    await registerAndLogin(page, 'heart_user');
    const card = page.locator(`.home-grid .movie-card[data-movie-id="${movie.id}"]`);
    await page.getByPlaceholder('Search titles...').fill('Heartbreak Hotel');
    await card.waitFor();

    // The heart turns at once; the list on the server follows when the call returns.
    const added = page.waitForResponse((response) => response.url().endsWith('/api/watchlists/mine/items') && response.request().method() === 'POST');
    await card.getByRole('button', { name: 'Add to My Watchlist' }).click();
    await card.getByRole('button', { name: 'Remove from My Watchlist' }).waitFor();
    assert.equal((await added).status(), 200);
    assert.deepEqual(await myWatchlistIds(page), [movie.id]);
    await screenshot(page, 'watchlists-heart-on');

    await page.reload();
    await page.getByPlaceholder('Search titles...').fill('Heartbreak Hotel');
    const removed = page.waitForResponse((response) => response.url().includes(`/items/${movie.id}`) && response.request().method() === 'DELETE');
    await card.getByRole('button', { name: 'Remove from My Watchlist' }).click();
    await card.getByRole('button', { name: 'Add to My Watchlist' }).waitFor();
    assert.equal((await removed).status(), 200);
    assert.deepEqual(await myWatchlistIds(page), []);
    assert.deepEqual(pageErrors, []);
    await context.close();
  });

  it('adds a movie to a public list with the plus button', async () => {
    const movie = await addMovie(site.database.db, { title: 'Plus One Picture', date_added: '2001-01-02T00:00:00.000Z' });
    const { page, context, pageErrors } = await newPage(browser, site.url);
    await registerAndLogin(page, 'plus_user');
    const created = await callApi(page, 'POST', '/api/watchlists/public', { name: 'Plus Targets' });
    await page.reload();
    await page.getByPlaceholder('Search titles...').fill('Plus One Picture');
    const card = page.locator(`.home-grid .movie-card[data-movie-id="${movie.id}"]`);
    await card.getByRole('button', { name: 'Add to Public Watchlist' }).click();

    const popup = page.locator('.public-list-popup');
    await popup.waitFor();
    const add = popup.getByRole('button', { name: 'Add' });
    assert.equal(await add.isDisabled(), true, 'Add waits for a list');
    await popup.locator('.p-dropdown').click();
    await page.getByRole('option', { name: 'Plus Targets (0)' }).click();
    assert.equal(await add.isDisabled(), false);
    await screenshot(page, 'watchlists-plus-popup');
    await add.click();
    await popup.waitFor({ state: 'detached' });

    const list = await callApi(page, 'GET', `/api/watchlists/${created.watchlist.id}`);
    assert.deepEqual(list.watchlist.items.map((item: { id: number }) => item.id), [movie.id]);

    // Adding it again changes nothing: the popup says so and stays.
    await card.getByRole('button', { name: 'Add to Public Watchlist' }).click();
    await popup.locator('.p-dropdown').click();
    await page.getByRole('option', { name: 'Plus Targets (1)' }).click();
    await popup.getByRole('button', { name: 'Add' }).click();
    await popup.getByRole('status').getByText('Plus One Picture is already in Plus Targets.').waitFor();
    // A refusal (here the session ended elsewhere) is said too, not swallowed.
    await callApi(page, 'POST', '/api/logout');
    await popup.getByRole('button', { name: 'Add' }).click();
    const refusal = popup.getByRole('alert');
    await refusal.waitFor();
    assert.notEqual((await refusal.innerText()).trim(), '', 'the refusal has words');
    await screenshot(page, 'watchlists-plus-popup-refused');
    assert.equal(await popup.isVisible(), true, 'the popup stays to be read');
    assert.deepEqual(pageErrors, []);
    await context.close();
  });

  it('lets a moderator the owner added reorder by drag and drop, and the owner sees the new order', async () => {
    const titles = ['Order First', 'Order Second', 'Order Third'];
    const movies = [];
    for (const title of titles) movies.push(await addMovie(site.database.db, { title }));

    const owner = await newPage(browser, site.url);
    await registerAndLogin(owner.page, 'list_owner');
    const moderator = await newPage(browser, site.url);
    await registerAndLogin(moderator.page, 'list_mod');

    await owner.page.goto('/watchlist');
    // The box takes no more than a name may hold, so a long paste is cut rather than refused in silence.
    assert.equal(await owner.page.getByPlaceholder('New public list name').getAttribute('maxlength'), '100');
    await owner.page.getByPlaceholder('New public list name').fill('  Drag Night  ');
    await owner.page.getByRole('button', { name: 'Create' }).click();
    await owner.page.waitForURL(/\/watchlist\/\d+-drag-night$/);
    const listId = Number(/\/watchlist\/(\d+)-/.exec(owner.page.url())![1]);
    for (const movie of movies) await callApi(owner.page, 'POST', `/api/watchlists/${listId}/items`, { movie_id: movie.id });
    await owner.page.reload();
    await owner.page.locator('.watchlist-item', { hasText: 'Order Third' }).waitFor();

    await owner.page.getByPlaceholder('Add moderator by username').fill(' list_mod ');
    await owner.page.getByRole('button', { name: 'Add Moderator' }).click();
    await owner.page.getByRole('list', { name: 'Moderators' }).getByText('list_mod').waitFor();
    await screenshot(owner.page, 'watchlists-owner');

    await moderator.page.goto(`/watchlist/${listId}`);
    await moderator.page.waitForURL(`**/watchlist/${listId}-drag-night`);
    const rows = moderator.page.locator('.watchlist-item');
    await rows.filter({ hasText: 'Order Third' }).waitFor();
    await moderator.page.getByText('Random unreviewed movie (persisted)').waitFor();

    const saved = moderator.page.waitForResponse((response) => response.url().endsWith(`/api/watchlists/${listId}/items/order`) && response.request().method() === 'PUT');
    // Drag the first movie onto the last one: it takes the last place.
    const from = (await rows.filter({ hasText: 'Order First' }).boundingBox())!;
    const onto = (await rows.filter({ hasText: 'Order Third' }).boundingBox())!;
    await moderator.page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await moderator.page.mouse.down();
    await moderator.page.mouse.move(onto.x + onto.width / 2, onto.y + onto.height / 2, { steps: 12 });
    await moderator.page.mouse.up();
    assert.equal((await saved).status(), 200);
    await screenshot(moderator.page, 'watchlists-moderator-dragged');

    await owner.page.reload();
    await owner.page.locator('.watchlist-item').first().filter({ hasText: 'Order Second' }).waitFor();
    const shown = await owner.page.locator('.watchlist-item .item-title').allTextContents();
    assert.deepEqual(shown, ['Order Second', 'Order Third', 'Order First']);
    for (const opened of [owner, moderator]) {
      assert.deepEqual(opened.pageErrors, []);
      await opened.context.close();
    }
  });

  it('shows a picked movie live in a second browser without reloading', async () => {
    const movie = await addMovie(site.database.db, { title: 'Live Pick Feature' });
    const picker = await newPage(browser, site.url);
    await registerAndLogin(picker.page, 'live_picker');
    const created = await callApi(picker.page, 'POST', '/api/watchlists/public', { name: 'Live Picks' });
    const listId = created.watchlist.id;
    await callApi(picker.page, 'POST', `/api/watchlists/${listId}/items`, { movie_id: movie.id });

    const watcher = await newPage(browser, site.url);
    await watcher.page.goto(`/watchlist/${listId}-live-picks`);
    const watcherPicker = watcher.page.locator('.picker-card');
    await watcherPicker.getByText('Only editors can pick; everyone sees result').waitFor();
    await watcherPicker.getByText('No movie picked yet.').waitFor();
    assert.equal(await watcherPicker.getByRole('button', { name: 'Pick a Movie' }).isDisabled(), true);

    await picker.page.goto(`/watchlist/${listId}-live-picks`);
    const pickerCard = picker.page.locator('.picker-card');
    await pickerCard.getByText('Click the button to pick a movie you have not reviewed.').waitFor();
    await pickerCard.getByRole('button', { name: 'Pick a Movie' }).click();
    await pickerCard.getByRole('link', { name: 'Live Pick Feature' }).waitFor();

    await watcherPicker.getByRole('link', { name: 'Live Pick Feature' }).waitFor();
    await watcherPicker.getByText('No Poster').waitFor();
    await watcherPicker.getByText(/^Picked: /).waitFor();
    await screenshot(watcher.page, 'watchlists-live-pick');
    for (const opened of [picker, watcher]) {
      assert.deepEqual(opened.pageErrors, []);
      await opened.context.close();
    }
  });

  it("copies the Stremio and Radarr addresses and says 'Copied!'", async () => {
    const context = await browser.newContext({ baseURL: site.url, viewport: { width: 1400, height: 900 }, permissions: ['clipboard-read', 'clipboard-write'] });
    const page = await context.newPage();
    await registerAndLogin(page, 'stremio_fan');
    const created = await callApi(page, 'POST', '/api/watchlists/public', { name: 'Copy Me' });
    await page.goto(`/watchlist/${created.watchlist.id}-copy-me`);
    const button = page.getByRole('button', { name: 'Stremio', exact: true });
    await button.click();
    await page.getByRole('button', { name: 'Copied!' }).waitFor();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    assert.equal(copied, `${site.url}/api/watchlist/${created.watchlist.id}-copy-me/stremio/manifest.json`);
    await screenshot(page, 'watchlists-copied');
    await page.getByRole('button', { name: 'Stremio', exact: true }).waitFor({ timeout: 5000 });

    // Radarr's address, beside it: the list's movies in the format Radarr's import list reads.
    const movie = await addMovie(site.database.db, { title: 'Radarr Bound', tconst: 'tt9876501' });
    await callApi(page, 'POST', `/api/watchlists/${created.watchlist.id}/items`, { movie_id: movie.id });
    await page.getByRole('button', { name: 'Radarr', exact: true }).click();
    await page.getByRole('button', { name: 'Copied!' }).waitFor();
    const radarrAddress = await page.evaluate(() => navigator.clipboard.readText());
    assert.equal(radarrAddress, `${site.url}/api/watchlist/${created.watchlist.id}-copy-me/radarr.json`);
    const radarrList = await (await fetch(radarrAddress)).json();
    assert.deepEqual(radarrList, [{ title: 'Radarr Bound', imdb_id: 'tt9876501' }]);
    await context.close();
  });
});
