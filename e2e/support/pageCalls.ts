import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';

/**
 * Opens `address` and checks that the page sent for it names each of `calls` as a fetch preload
 * and that the screen takes that answer rather than asking again: each address fetched once.
 */
export async function assertCallsTakenFromPage(page: Page, address: string, ready: string, calls: string[]): Promise<void> {
  const requested: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    requested.push(url.pathname + url.search);
  });
  const html = (await (await page.goto(address))?.text()) ?? '';
  await page.locator(ready).first().waitFor();
  await page.waitForLoadState('networkidle');
  for (const call of calls) {
    assert.ok(html.includes(`<link rel="preload" as="fetch" crossorigin="use-credentials" href="${call.replaceAll('&', '&amp;')}" />`), `the page names ${call}`);
    assert.equal(requested.filter((requestedAddress) => requestedAddress === call).length, 1, `${call} is fetched once`);
  }
  const scripts = requested.filter((requestedAddress) => requestedAddress.endsWith('.js'));
  assert.deepEqual(scripts, [...new Set(scripts)], 'no script is fetched twice');
}
