import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { createUser } from '../server/src/testing/factories';
import { closeStage, newPage, newSignedInPage, openStage, registerAndLogin, screenshot, type Site } from './support/harness';
import { layoutProblems, placeholderOverflow } from './support/layout';
import { DESKTOP, PHONE } from './support/screens';

const SIZES = [
  ['desktop', DESKTOP],
  ['phone', PHONE],
] as const;

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

  it("keeps every letter typed into the header search while the search's code is on its way", async () => {
    const { page, context, pageErrors } = await newPage(browser, site.url);
    await page.goto('/');
    await page.locator('.header-search-input').waitFor();
    // A slow line: the search's code takes a while to come.
    await page.route('**/assets/*.js', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      await route.fallback();
    });
    await page.locator('.header-search-input').click();
    await page.keyboard.type('the matrix', { delay: 60 });
    await page.locator('.header-search .p-autocomplete[data-pc-name="autocomplete"]').waitFor();
    assert.equal(await page.locator('.header-search-input').inputValue(), 'the matrix');
    assert.equal(await page.locator('.header-search-input').evaluate((input) => input === document.activeElement), true, 'the focus stays in the box');
    assert.deepEqual(pageErrors, []);
    await context.close();
  });

  for (const [size, viewport] of SIZES) {
    it(`shows the Login and Register cards whole with the footer on screen, without scrolling (${size})`, async () => {
      const { page, context } = await newPage(browser, site.url, viewport);
      for (const path of ['/login', '/register']) {
        await page.goto(path);
        const card = page.locator('.credentials-card');
        await card.waitFor();
        const box = (await card.boundingBox())!;
        const footer = (await page.locator('.app-footer').boundingBox())!;
        assert.ok(box.y >= 0 && box.y + box.height <= viewport.height, `${path}: the card is on screen (${box.y}–${box.y + box.height})`);
        assert.ok(footer.y + footer.height <= viewport.height + 1, `${path}: the footer ends at ${footer.y + footer.height} px in a ${viewport.height} px window`);
        assert.ok(footer.y >= box.y + box.height, `${path}: the footer is below the card`);
        assert.equal(await page.evaluate(() => document.documentElement.scrollHeight <= window.innerHeight), true, `${path}: nothing to scroll`);
        assert.deepEqual(await layoutProblems(page), [], path);
        await screenshot(page, `credentials-${path.slice(1)}-${size}`);
      }
      await context.close();
    });

    it(`header: full search placeholder, the profile within reach, a named Logout with a tooltip, the app's font in the title (${size})`, async () => {
      const user = await createUser(site, `Header_${size}_Viewer`);
      const { page, context, pageErrors } = await newSignedInPage(browser, site.url, user, viewport);
      await page.goto('/');
      const chip = page.locator('.header-user .user-chip-link');
      await chip.waitFor();
      assert.ok((await placeholderOverflow(page, '.header-search-input')) <= 0, 'the search placeholder shows in full');
      assert.equal(await page.locator('.header-search-input').getAttribute('placeholder'), 'Search IMDb titles...');
      // The box and its dropdown button sit side by side, before and after the search's code loads.
      const sideBySide = async () => {
        const box = (await page.locator('.header-search-input').boundingBox())!;
        const button = (await page.locator('.header-search .p-autocomplete-dropdown').boundingBox())!;
        return Math.abs(box.y - button.y) <= 1 && Math.abs(box.height - button.height) <= 1 && button.x >= box.x + box.width - 1;
      };
      assert.ok(await sideBySide(), 'the search box and its button share a row');
      await page.locator('.header-search-input').fill('ma');
      await page.locator('.header-search .p-autocomplete[data-pc-name="autocomplete"]').waitFor();
      assert.ok(await sideBySide(), 'still once the search has loaded');
      await page.locator('.header-search-input').fill('');

      // The chip shows the username (cut with an ellipsis when long) and opens the profile.
      assert.equal(await chip.getByText(user.username).isVisible(), true, 'the username is shown');
      const chipBox = (await chip.boundingBox())!;
      assert.ok(chipBox.x >= 0 && chipBox.x + chipBox.width <= viewport.width, 'the chip is on screen');

      // The title is set in the same font family as the PrimeReact parts around it.
      const fonts = await page.evaluate(() => ({
        title: getComputedStyle(document.querySelector('.app-title')!).fontFamily,
        app: getComputedStyle(document.querySelector('.app-menubar')!).fontFamily,
      }));
      assert.equal(fonts.title, fonts.app);

      // Logout: named, and labelled on screen or by a tooltip on hover and on keyboard focus.
      const logout = page.locator('.header-user').getByRole('button', { name: 'Logout' });
      if (viewport.width >= 1400) {
        assert.equal(await logout.getByText('Logout').isVisible(), true, 'the label shows on wide screens');
      } else {
        // The tooltip repeats the accessible name, so PrimeReact hides it from assistive technology.
        const tooltip = page.locator('.p-tooltip', { hasText: 'Logout' });
        await logout.hover();
        await tooltip.waitFor();
        await page.mouse.move(0, viewport.height - 1);
        await tooltip.waitFor({ state: 'detached' });
        await logout.focus();
        await tooltip.waitFor();
      }

      // The spec's menu, collapsed into the burger below 960 px.
      if (viewport.width <= 960) await page.locator('.app-menubar .p-menubar-button').click();
      for (const item of ['Home', 'Watchlist', 'Add Movie', 'Logout']) await page.getByRole('menuitem', { name: item }).waitFor();
      if (viewport.width <= 960) await page.keyboard.press('Escape');
      assert.deepEqual(await layoutProblems(page), []);
      await screenshot(page, `header-signed-in-${size}`);

      await chip.click();
      await page.waitForURL(`**/user/profile/${user.username}`);
      assert.deepEqual(pageErrors, []);
      await context.close();
    });
  }
});
