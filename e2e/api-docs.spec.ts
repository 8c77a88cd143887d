import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { closeStage, newPage, openStage, screenshot, type Site } from './support/harness';

/** A few calls of the spec's section 7, as the reference lists them. */
const SPEC_CALLS = [
  ['GET', '/api/movies'],
  ['POST', '/api/review'],
  ['GET', '/api/watchlists/{id}'],
  ['PUT', '/api/watchlists/{id}/items/order'],
  ['POST', '/api/watchlists/{id}/pick'],
  ['POST', '/api/add_moderator'],
  ['GET', '/api/users/{username}/profile'],
  ['GET', '/api/imdb/search'],
];

describe('the API reference', () => {
  let site: Site;
  let browser: Browser;
  before(async () => {
    ({ site, browser } = await openStage());
  });
  after(() => closeStage(site, browser));

  it('opens offline under the site policy and shows each call with its schemas', async () => {
    const { context, page, pageErrors } = await newPage(browser, site.url);
    const origin = new URL(site.url).origin;
    // Offline: anything that is not this server is refused, and noted.
    const outside: string[] = [];
    await context.route('**/*', (route) => {
      const url = route.request().url();
      if (url.startsWith(origin) || url.startsWith('data:')) return route.continue();
      outside.push(url);
      return route.abort();
    });
    const refusals: string[] = [];
    page.on('console', (message) => {
      if (/Refused to|Content Security Policy/i.test(message.text())) refusals.push(message.text());
    });

    await page.goto('/api/docs');
    await page.locator('.opblock').first().waitFor();
    for (const [method, path] of SPEC_CALLS) {
      const block = page.locator(`.opblock-${method.toLowerCase()}`).filter({ has: page.locator(`[data-path="${path}"]`) });
      assert.equal(await block.count(), 1, `${method} ${path} is listed once`);
    }

    // Open the pick call: its parameters and its reply schema are shown.
    const pick = page.locator('.opblock-post').filter({ has: page.locator('[data-path="/api/watchlists/{id}/pick"]') });
    await pick.locator('.opblock-summary').click();
    await pick.locator('.parameter__name').filter({ hasText: /^\s*id\b/ }).first().waitFor();
    await pick.getByText('picked_movie').first().waitFor();
    await screenshot(page, 'api-docs');

    assert.deepEqual(outside, [], 'nothing is loaded from other sites');
    assert.deepEqual(refusals, [], 'the site policy refuses nothing');
    assert.deepEqual(pageErrors, []);
    await context.close();
  });
});
