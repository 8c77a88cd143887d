import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { closeStage, newPage, openStage, registerAndLogin, screenshot, type Site } from './support/harness';

describe('accounts in the browser', () => {
  let site: Site;
  let browser: Browser;
  before(async () => ({ site, browser } = await openStage()));
  after(() => closeStage(site, browser));

  it('registers, logs in, is sent back to a guarded page, and logs out', async () => {
    const { page, context, pageErrors } = await newPage(browser, site.url);

    await page.goto('/register');
    assert.equal(await page.locator('.app-title').textContent(), 'Register');
    await screenshot(page, 'register');
    await page.getByLabel('Username').fill('ab');
    await page.locator('#register-password').fill('short');
    await page.getByRole('button', { name: 'Register' }).click();
    await page.getByRole('alert').getByText('Username must be at least 3 characters.').waitFor();

    await registerAndLogin(page, 'Marla_Singer');
    assert.equal(new URL(page.url()).pathname, '/');
    const chip = page.locator('.user-chip-link');
    assert.equal(await chip.getAttribute('href'), '/user/profile/Marla_Singer');
    await screenshot(page, 'signed-in');

    // The menu Logout goes home.
    await page.locator('.app-menubar').getByText('Logout', { exact: true }).first().click();
    await page.getByRole('menuitem', { name: 'Login' }).waitFor();
    assert.equal(new URL(page.url()).pathname, '/');

    // A guarded page sends an anonymous visitor to /login, replacing the history entry.
    await page.goto('/add-movie');
    await page.waitForURL('**/login');
    await screenshot(page, 'login');
    await page.locator('#login-username').fill('Marla_Singer');
    await page.locator('#login-password').fill('wrong password!');
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByRole('alert').getByText('Invalid username or password.').waitFor();

    await page.locator('#login-password').fill('correct horse battery');
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL('**/add-movie');
    await page.locator('.app-title', { hasText: 'Add Movie' }).waitFor();

    // The header's Logout button goes to /login.
    await page.locator('.header-user').getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL('**/login');
    const user = await page.evaluate(async () => (await fetch('/api/user', { credentials: 'include' })).status);
    assert.equal(user, 401);

    assert.deepEqual(pageErrors, []);
    await context.close();
  });

  it('shows the not-found screen and the footer on unknown paths', async () => {
    const { page, context } = await newPage(browser, site.url);
    await page.goto('/no-such-place');
    await page.getByText('Page not found').waitFor();
    await page.locator('.app-title', { hasText: 'No Such Place' }).waitFor();
    assert.match((await page.locator('.app-footer').textContent()) ?? '', /© 2025 MovieClub/);
    await context.close();
  });
});
