import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { scheduleScreening } from '../server/src/screenings/testing';
import { FEED_PAGE_SIZE } from '@movieclub/contract';
import { addMovie, createUser } from '../server/src/testing/factories';
import { closeStage, newSignedInPage, openStage, type Site } from './support/harness';
import { checkScreen } from './support/screens';

type Member = Awaited<ReturnType<typeof createUser>>;

/** From now on the page's reads of `address` fail as a server in trouble answers them; resolves at the first such failure. */
async function failReadsOf(page: Page, address: RegExp): Promise<() => Promise<void>> {
  let failed!: () => void;
  const firstFailure = new Promise<void>((resolve) => (failed = resolve));
  await page.route(address, async (route) => {
    if (route.request().method() !== 'GET') return route.fallback();
    await route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ error: 'Something went wrong on our side.' }) });
    failed();
  });
  return () => firstFailure;
}

const REFRESH_FAILED = 'Could not refresh this page: it shows what it loaded before.';

/** Lets the page take in what the failed read said (the cache tells its screens a moment later). */
const settle = (page: Page) => page.evaluate(() => new Promise((resolve) => setTimeout(() => requestAnimationFrame(resolve), 100)));

describe('a reload in the background that fails', () => {
  let site: Site;
  let browser: Browser;
  let host: Member;
  let guest: Member;
  let listId: number;

  before(async () => {
    ({ site, browser } = await openStage());
    host = await createUser(site, 'reload_host');
    guest = await createUser(site, 'reload_guest');
    const movie = await addMovie(site.database.db, { title: 'Still On Screen', year: 2004 });
    assert.equal((await guest.agent.post('/api/review', { movie_id: movie.id, stars: 8 })).status, 200);
    listId = (await host.agent.post('/api/watchlists/public', { name: 'Reload Nights' })).body.watchlist.id as number;
    assert.equal((await host.agent.post(`/api/watchlists/${listId}/items`, { movie_id: movie.id })).status, 200);
  });
  after(() => closeStage(site, browser));

  it('leaves the feed on screen when it cannot be read again after a change, says so, and reads it on request', async () => {
    const { page, context, pageErrors } = await newSignedInPage(browser, site.url, host);
    await page.goto('/feed');
    const event = page.locator('.feed-item', { hasText: 'reload_guest rated Still On Screen (2004) 8 ★' });
    await event.waitFor();
    const failure = await failReadsOf(page, /\/api\/feed\?/);
    // A change reads the feed again (it may be an event of the club's): that read fails.
    await event.getByRole('button', { name: 'Mute reload_guest' }).click();
    await page.locator('.feed-muted').getByText('reload_guest').waitFor();
    await failure();
    const notice = page.getByRole('status').filter({ hasText: REFRESH_FAILED });
    await notice.waitFor();
    assert.equal(await page.getByText('Could not load the feed. Please try again.').count(), 0);
    assert.equal(await event.isVisible(), true, 'the events read before stay');
    await checkScreen(page, 'refresh-failed');

    // The server answers again; the notice's button reads the feed, with what happened meanwhile.
    await page.unroute(/\/api\/feed\?/);
    await addMovie(site.database.db, { title: 'Added Meanwhile' });
    await notice.getByRole('button', { name: 'Try again' }).click();
    await page.locator('.feed-item', { hasText: 'Added Meanwhile' }).waitFor();
    await notice.waitFor({ state: 'detached' });
    assert.deepEqual(pageErrors, []);
    await context.close();
  });

  it('leaves a movie night on screen when a live change cannot be read, and says so until it can', async () => {
    const id = await scheduleScreening(host.agent, { watchlist_id: listId, place: 'The porch' });
    const { page, context, pageErrors } = await newSignedInPage(browser, site.url, host);
    await page.goto(`/screening/${id}`);
    await page.getByText('The porch').first().waitFor();
    const failure = await failReadsOf(page, new RegExp(`/api/screenings/${id}$`));
    // Someone answers: the page hears it live and reads the night again, which fails.
    assert.equal((await guest.agent.post(`/api/screenings/${id}/rsvp`, { status: 'yes' })).status, 200);
    await failure();
    await settle(page);
    assert.equal(await page.getByText('Could not load the movie night. Please try again.').count(), 0);
    assert.equal(await page.getByText('The porch').first().isVisible(), true, 'the night read before stays');
    await page.getByText(REFRESH_FAILED).waitFor();

    // Once the server answers again, the next change shows, and the notice goes.
    await page.unroute(new RegExp(`/api/screenings/${id}$`));
    assert.equal((await guest.agent.post(`/api/screenings/${id}/rsvp`, { status: 'no' })).status, 200);
    await page.locator('.screening-page').getByText('reload_guest').first().waitFor();
    await page.getByText(REFRESH_FAILED).waitFor({ state: 'detached' });
    assert.deepEqual(pageErrors, []);
    await context.close();
  });

  it('says when older events could not be read, keeps those shown, and reads them on the next try', async () => {
    // More events than a page holds: each movie added to the catalogue is one.
    for (let index = 0; index < FEED_PAGE_SIZE; index++) await addMovie(site.database.db, { title: `Crowd Pleaser ${index}` });
    const { page, context, pageErrors } = await newSignedInPage(browser, site.url, guest);
    await page.goto('/feed');
    const events = page.locator('.feed-item');
    await events.nth(FEED_PAGE_SIZE - 1).waitFor();
    const failure = await failReadsOf(page, /\/api\/feed\?.*before=/);
    await page.getByRole('button', { name: 'Older events' }).click();
    await failure();
    await page.getByRole('alert').getByText('Could not load more. Please try again.').waitFor();
    assert.equal(await events.count(), FEED_PAGE_SIZE, 'the events shown stay');
    assert.equal(await page.getByText(REFRESH_FAILED).count(), 0, 'the list says it, not the notice for the whole page');
    await checkScreen(page, 'feed-older-failed');

    await page.unroute(/\/api\/feed\?.*before=/);
    await page.getByRole('button', { name: 'Older events' }).click();
    await events.nth(FEED_PAGE_SIZE).waitFor();
    assert.equal(await page.getByText('Could not load more. Please try again.').count(), 0);
    assert.deepEqual(pageErrors, []);
    await context.close();
  });
});
