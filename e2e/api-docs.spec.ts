import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Locator, Page } from 'playwright-core';
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

const SCROLL_STEP = 600;

/** Every call the reference shows from its top to its bottom, with how many times it is shown at once. */
async function operationsWhileScrolling(page: Page): Promise<Map<string, number>> {
  const listed = new Map<string, number>();
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  for (let top = 0; top <= height; top += SCROLL_STEP) {
    await page.evaluate((y) => window.scrollTo(0, y), top);
    await page.waitForTimeout(100);
    const shown = await page.locator('.opblock').evaluateAll((blocks) =>
      blocks.map((block) => `${/opblock-(get|post|put|patch|delete|options)\b/.exec(block.className)?.[1]?.toUpperCase()} ${block.querySelector('[data-path]')?.getAttribute('data-path')}`),
    );
    const counts = new Map<string, number>();
    for (const call of shown) counts.set(call, (counts.get(call) ?? 0) + 1);
    for (const [call, count] of counts) listed.set(call, Math.max(listed.get(call) ?? 0, count));
  }
  return listed;
}

/** Scrolls from the top until `target` is drawn. */
async function scrollUntilShown(page: Page, target: Locator): Promise<void> {
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  for (let top = 0; top <= height && (await target.count()) === 0; top += SCROLL_STEP) {
    await page.evaluate((y) => window.scrollTo(0, y), top);
    await page.waitForTimeout(100);
  }
  await target.first().scrollIntoViewIfNeeded();
}

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
    // A reference this long draws its calls as they scroll into view: read it from top to bottom.
    const listed = await operationsWhileScrolling(page);
    for (const [method, path] of SPEC_CALLS) assert.equal(listed.get(`${method} ${path}`), 1, `${method} ${path} is listed once`);

    // Open the pick call: its parameters and its reply schema are shown.
    const pick = page.locator('.opblock-post').filter({ has: page.locator('[data-path="/api/watchlists/{id}/pick"]') });
    await scrollUntilShown(page, pick);
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
