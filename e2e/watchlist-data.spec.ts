import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { addMovie, createUser, type SignedInUser } from '../server/src/testing/factories';
import { closeStage, newPage, newSignedInPage, openStage, type Site } from './support/harness';

/** The public-list reads the page sent, as `q`/`limit`/`offset` query values. */
function publicListRequests(urls: string[]) {
  return urls
    .map((url) => new URL(url))
    .filter((url) => url.pathname === '/api/watchlists/public')
    .map((url) => ({ q: url.searchParams.get('q'), limit: url.searchParams.get('limit'), offset: url.searchParams.get('offset') }));
}

describe('watchlist page data from the server', () => {
  let site: Site;
  let browser: Browser;
  let owner: SignedInUser;

  before(async () => {
    ({ site, browser } = await openStage());
    owner = await createUser(site, 'paging_owner');
    for (let index = 1; index <= 11; index++) {
      assert.equal((await owner.agent.post('/api/watchlists/public', { name: `Club night ${index}` })).status, 200);
    }
    assert.equal((await owner.agent.post('/api/watchlists/public', { name: 'Horror marathon' })).status, 200);
  });
  after(() => closeStage(site, browser));

  it('asks the server for the page of public lists it shows, and for the lists matching the search', async () => {
    const { context, page, pageErrors } = await newPage(browser, site.url);
    const requested: string[] = [];
    page.on('request', (request) => requested.push(request.url()));
    await page.goto('/watchlist');
    const cards = page.locator('.public-lists-card .public-list-card');
    await cards.first().waitFor();
    assert.equal(await cards.count(), 8, 'one page of 8');
    assert.deepEqual(publicListRequests(requested).at(-1), { q: '', limit: '8', offset: '0' });

    await page.locator('.public-lists-card .p-paginator-next').click();
    // The oldest list, alone on page 2 (the page shown stays until the next one arrives).
    await page.locator('.public-lists-card .public-list-name', { hasText: /^Club night 1$/ }).waitFor();
    assert.equal(await cards.count(), 4, 'the other 4 of 12 on page 2');
    assert.deepEqual(publicListRequests(requested).at(-1), { q: '', limit: '8', offset: '8' });

    await page.getByLabel('Search public watchlists...').fill('horror');
    await page.waitForFunction(() => document.querySelectorAll('.public-lists-card .public-list-card').length === 1);
    assert.equal((await cards.first().locator('.public-list-name').textContent())?.trim(), 'Horror marathon');
    assert.deepEqual(publicListRequests(requested).at(-1), { q: 'horror', limit: '8', offset: '0' });
    assert.equal(await page.locator('.public-lists-card .p-paginator').count(), 0, 'one page needs no paginator');

    await page.getByLabel('Search public watchlists...').fill('no such list');
    await page.getByText('No public lists found.').waitFor();
    assert.deepEqual(pageErrors, []);
    await context.close();
  });

  it("says 'No unreviewed movies available.' when the server finds nothing left to pick", async () => {
    const picker = await createUser(site, 'code_picker');
    const created = await picker.agent.post('/api/watchlists/public', { name: 'Seen it all' });
    const listId = created.body.watchlist.id as number;
    const movie = await addMovie(site.database.db, { title: 'The Last Unseen' });
    await picker.agent.post(`/api/watchlists/${listId}/items`, { movie_id: movie.id });

    const { context, page, pageErrors } = await newSignedInPage(browser, site.url, picker);
    // The page offers the pick before it knows what the member has seen; the review below must come after that answer.
    const seenLoaded = page.waitForResponse((response) => new URL(response.url()).pathname.endsWith(`/api/users/${picker.username}/seen`));
    await page.goto(`/watchlist/${listId}-seen-it-all`);
    const card = page.locator('.picker-card');
    await seenLoaded;
    await card.getByText('Click the button to pick a movie you have not reviewed.').waitFor();
    // Reviewed elsewhere (another tab) after the page loaded: the page still offers the pick.
    assert.equal((await picker.agent.post('/api/review', { movie_id: movie.id, stars: 6 })).status, 200);
    await card.getByRole('button', { name: 'Pick a Movie' }).click();
    await card.getByText('No unreviewed movies available.').waitFor();
    assert.equal(await card.getByText('No movie picked yet.').count(), 1, 'nothing was picked');
    assert.deepEqual(pageErrors, []);
    await context.close();
  });
});
