import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { createUser } from '../server/src/testing/factories';
import { closeStage, newPage, newSignedInPage, openStage, type Site } from './support/harness';
import { checkScreen } from './support/screens';

const OLD = 'correct horse battery';
const NEW = 'a brand new passphrase';

describe('changing one’s password in the browser', () => {
  let site: Site;
  let browser: Browser;

  before(async () => {
    ({ site, browser } = await openStage());
  });
  after(() => closeStage(site, browser));

  it('asks for the current password, signs out the member’s other devices, and the new one signs in', async () => {
    const member = await createUser(site, 'pass_ivy', OLD);
    const phone = await newSignedInPage(browser, site.url, await createUser(site, 'pass_other', OLD));
    // Another device of Ivy's, signed in on its own.
    const laptop = await newPage(browser, site.url);
    await laptop.page.goto('/login');
    await laptop.page.locator('#login-username').fill('pass_ivy');
    await laptop.page.locator('#login-password').fill(OLD);
    await laptop.page.locator('.credentials-card').getByRole('button', { name: 'Login' }).click();
    await laptop.page.locator('.header-user').getByText('pass_ivy').waitFor();

    const { page, context, pageErrors } = await newSignedInPage(browser, site.url, member);
    await page.goto('/user/profile/pass_ivy');
    const card = page.locator('.profile-password');
    await card.locator('.p-card-title', { hasText: 'Change password' }).waitFor();
    assert.equal(await page.locator('#new-password').getAttribute('autocomplete'), 'new-password');

    await page.locator('#current-password').fill('not my password');
    await page.locator('#new-password').fill(NEW);
    await card.getByRole('button', { name: 'Change password' }).click();
    await card.getByRole('alert').getByText('That is not your current password.').waitFor();
    assert.equal(await page.evaluate(() => document.activeElement?.id), 'current-password', 'the focus goes back to the field to type again');
    await checkScreen(page, 'profile-password');

    await page.locator('#current-password').fill(OLD);
    await card.getByRole('button', { name: 'Change password' }).click();
    await card.getByRole('status').getByText('Your password was changed. Your other devices are signed out.').waitFor();
    assert.equal(await page.locator('#current-password').inputValue(), '');
    assert.equal(await page.locator('#new-password').inputValue(), '');
    assert.equal(await card.getByRole('alert').textContent(), '');

    // This device stays signed in; the laptop is signed out; another member is not touched.
    await page.reload();
    await page.locator('.header-user').getByText('pass_ivy').waitFor();
    await laptop.page.reload();
    await laptop.page.getByRole('menuitem', { name: 'Login' }).waitFor();
    await phone.page.goto('/');
    await phone.page.locator('.header-user').getByText('pass_other').waitFor();

    await laptop.page.goto('/login');
    await laptop.page.locator('#login-username').fill('pass_ivy');
    await laptop.page.locator('#login-password').fill(NEW);
    await laptop.page.locator('.credentials-card').getByRole('button', { name: 'Login' }).click();
    await laptop.page.locator('.header-user').getByText('pass_ivy').waitFor();

    assert.deepEqual(pageErrors, []);
    await Promise.all([context.close(), laptop.context.close(), phone.context.close()]);
  });

  it('is only on one’s own profile', async () => {
    await createUser(site, 'pass_jo', OLD);
    const visitor = await newSignedInPage(browser, site.url, await createUser(site, 'pass_kim', OLD));
    await visitor.page.goto('/user/profile/pass_jo');
    // The taste match shows once the page knows the reader is someone else.
    await visitor.page.locator('.taste-card').waitFor();
    assert.equal(await visitor.page.locator('.profile-password').count(), 0);
    await visitor.context.close();
  });
});
