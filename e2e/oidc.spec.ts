import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { OIDC_ERRORS } from '@movieclub/contract';
import { startTestProvider, type TestProvider } from '../server/src/auth/oidc/testProvider';
import { createUser } from '../server/src/testing/factories';
import { CLUSTER_MODE, closeStage, launchBrowser, newPage, type Site, startSite } from './support/harness';
import { checkScreen } from './support/screens';

const LABEL = 'Sign in with Club SSO';

describe('sign-in through an identity provider in the browser', { skip: CLUSTER_MODE ? 'the cluster starts its processes without an identity provider' : false }, () => {
  let site: Site;
  let browser: Browser;
  let provider: TestProvider;

  before(async () => {
    let siteUrl = '';
    provider = await startTestProvider({ redirectUri: () => `${siteUrl}/api/auth/oidc/callback`, autoApprove: false });
    site = await startSite({
      config: { oidc: { issuer: provider.issuer, clientId: provider.clientId, clientSecret: provider.clientSecret, label: LABEL, only: false, signOutAtProvider: true } },
    });
    siteUrl = site.url;
    browser = await launchBrowser();
  });
  after(async () => {
    await closeStage(site, browser);
    await provider?.close();
  });

  it("signs a new member in from the login card's button, through the provider's page, back where they started", async () => {
    provider.signInAs({ sub: 'e2e-tess', preferred_username: 'Tess Ocean', email: 'tess@example.org' });
    const { page, context, pageErrors } = await newPage(browser, site.url);
    // A guarded page sends the visitor to the login card, which sends them back after signing in.
    await page.goto('/add-movie');
    await page.waitForURL('**/login');
    const button = page.getByRole('link', { name: LABEL });
    await button.waitFor();
    // The password form stays, with its texts.
    await page.locator('#login-username').waitFor();
    await page.locator('.credentials-card').getByRole('button', { name: 'Login' }).waitFor();
    await page.getByText('New here?').waitFor();
    await checkScreen(page, 'login-identity-provider');

    await button.click();
    await page.waitForURL(`${provider.issuer}/**`);
    await page.getByRole('button', { name: 'Continue as Tess Ocean' }).click();
    await page.locator('.header-user').getByText('Tess_Ocean').waitFor();
    assert.equal(new URL(page.url()).pathname, '/add-movie');
    assert.deepEqual(pageErrors, []);
    await context.close();
  });

  it('asks for the password of an existing account with the same name before linking it', async () => {
    await createUser(site, 'linus', 'linus password 1');
    provider.signInAs({ sub: 'e2e-linus', preferred_username: 'linus' });
    const { page, context, pageErrors } = await newPage(browser, site.url);
    await page.goto('/login');
    await page.getByRole('link', { name: LABEL }).click();
    await page.getByRole('button', { name: 'Continue as linus' }).click();
    await page.waitForURL('**/login/link');
    await page.getByText('An account named linus already exists here.').waitFor();
    await page.getByRole('button', { name: 'Create a new account instead' }).waitFor();
    await checkScreen(page, 'login-link-account');

    await page.getByLabel('Password of linus').fill('not the password');
    await page.getByRole('button', { name: 'Link account' }).click();
    await page.getByRole('alert').getByText('That is not the password of this account.').waitFor();
    await page.getByLabel('Password of linus').fill('linus password 1');
    await page.getByRole('button', { name: 'Link account' }).click();
    await page.locator('.header-user').getByText('linus').waitFor();
    assert.equal(new URL(page.url()).pathname, '/');
    assert.deepEqual(pageErrors, []);
    await context.close();
  });

  it('shows why on the login card when the provider refuses', async () => {
    provider.setMode('deny');
    try {
      const { page, context, pageErrors } = await newPage(browser, site.url);
      await page.goto('/login');
      await page.getByRole('link', { name: LABEL }).click();
      await page.getByRole('button', { name: /^Continue as/ }).click();
      await page.waitForURL('**/login?oidc_error=access_denied');
      await page.getByText(OIDC_ERRORS.access_denied).waitFor();
      await page.locator('#login-username').waitFor();
      assert.deepEqual(pageErrors, []);
      await context.close();
    } finally {
      provider.setMode('approve');
    }
  });
  it("signs out at the provider too, so the next sign-in asks there again", async () => {
    provider.signInAs({ sub: 'e2e-rusty', preferred_username: 'rusty' });
    const { page, context, pageErrors } = await newPage(browser, site.url);
    await page.goto('/login');
    await page.getByRole('link', { name: LABEL }).click();
    await page.getByRole('button', { name: 'Continue as rusty' }).click();
    await page.locator('.header-user').getByText('rusty').waitFor();
    // While the provider's session lasts, its button signs in again without a page of its own.
    await page.evaluate(async () => void (await fetch('/api/logout', { method: 'POST', credentials: 'include' })));
    await page.goto('/login');
    await page.getByRole('link', { name: LABEL }).click();
    await page.locator('.header-user').getByText('rusty').waitFor();

    await page.locator('.header-user').getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL(`${provider.issuer}/**`);
    await page.getByRole('button', { name: 'Yes, sign me out' }).click();
    await page.waitForURL(`${site.url}/`);
    await page.getByRole('menuitem', { name: 'Login' }).waitFor();
    const user = await page.evaluate(async () => (await fetch('/api/user', { credentials: 'include' })).status);
    assert.equal(user, 401);

    await page.goto('/login');
    await page.getByRole('link', { name: LABEL }).click();
    await page.getByRole('button', { name: 'Continue as rusty' }).waitFor();
    assert.deepEqual(pageErrors, []);
    await context.close();
  });
});
