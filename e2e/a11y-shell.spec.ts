import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { describeViolations, seriousViolations } from './support/a11y';
import { closeStage, newPage, openStage, type Site } from './support/harness';

describe('accessibility of the shell screens', () => {
  let site: Site;
  let browser: Browser;
  before(async () => ({ site, browser } = await openStage()));
  after(() => closeStage(site, browser));

  for (const path of ['/login', '/register', '/no-such-page']) {
    it(`${path} has no serious or critical axe violations`, async () => {
      const { page, context } = await newPage(browser, site.url);
      await page.goto(path);
      await page.locator('.app-title').waitFor();
      const violations = await seriousViolations(page);
      assert.equal(violations.length, 0, describeViolations(violations));
      await context.close();
    });
  }

  it('puts the focus on a new screen\'s heading, unless the screen focused a field of its own', async () => {
    const { page, context } = await newPage(browser, site.url);
    const focused = () => page.evaluate(() => {
      const element = document.activeElement as HTMLElement | null;
      return element?.matches('h1') ? `h1: ${element.textContent}` : ((element as HTMLInputElement | null)?.labels?.[0]?.textContent ?? element?.tagName ?? '');
    });
    await page.goto('/no-such-page');
    const home = page.getByRole('link', { name: 'Back to all movies' });
    await home.focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(`${site.url}/`);
    await home.waitFor({ state: 'detached' });
    assert.match(await focused(), /^h1: /, 'a followed link leaves the focus on the new screen\'s heading');
    const heading = await page.locator('.app-title').textContent();
    assert.equal(await focused(), `h1: ${heading}`);
    // Back: the screen before, its heading focused likewise.
    await page.goBack();
    await page.waitForURL(`${site.url}/no-such-page`);
    await page.getByRole('link', { name: 'Back to all movies' }).waitFor();
    assert.equal(await focused(), `h1: ${await page.locator('.app-title').textContent()}`);
    // The login screen puts the focus in its first field: it keeps it.
    await page.goto('/login');
    await page.locator('main').getByRole('link', { name: 'Register' }).click();
    await page.waitForURL(`${site.url}/register`);
    await page.getByLabel('Username').waitFor();
    await page.waitForFunction(() => document.activeElement?.tagName === 'INPUT');
    assert.equal(await focused(), 'Username');
    // Signing in replaces the login screen with the next one: its heading takes the focus.
    assert.equal((await site.agent().post('/api/register', { username: 'focus_fay', password: 'correct horse battery' })).status, 200);
    await page.goto('/login');
    await page.locator('#login-username').fill('focus_fay');
    await page.locator('#login-password').fill('correct horse battery');
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    await page.waitForFunction(() => document.activeElement?.matches('h1'));
    assert.match(await focused(), /^h1: /);
    await context.close();
  });
});
