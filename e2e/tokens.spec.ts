import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { addMovie } from '../server/src/testing/factories';
import { closeStage, newPage, openStage, registerAndLogin, type Site } from './support/harness';
import { checkScreen } from './support/screens';

describe('personal API tokens in the browser', () => {
  let site: Site;
  let browser: Browser;
  before(async () => ({ site, browser } = await openStage()));
  after(() => closeStage(site, browser));

  it('creates a read-write token on the profile, rates a movie with it from a script, and revokes it', async () => {
    const movie = await addMovie(site.database.db, { title: 'Scripted Picture', year: 2001 });
    const { page, context, pageErrors } = await newPage(browser, site.url);
    await registerAndLogin(page, 'token_tess');
    await page.goto('/user/profile/token_tess');
    const card = page.locator('.api-tokens');
    await card.getByText('You have no API tokens.').waitFor();

    await card.getByLabel('Name').fill('Rating script');
    await card.getByRole('button', { name: 'Access' }).click();
    await page.getByRole('option', { name: 'Read and write' }).click();
    // An expiry typed into the browser's date field, as a keyboard would: the 15th of next month.
    const fifteenth = new Date();
    fifteenth.setDate(1);
    fifteenth.setMonth(fifteenth.getMonth() + 1);
    fifteenth.setDate(15);
    const pad = (value: number) => String(value).padStart(2, '0');
    const expiresField = card.getByLabel('Expires (optional)');
    assert.equal(await expiresField.getAttribute('type'), 'date');
    await expiresField.fill(`${fifteenth.getFullYear()}-${pad(fifteenth.getMonth() + 1)}-15`);
    await card.getByRole('button', { name: 'Create token' }).click();

    const shown = card.getByRole('textbox', { name: 'Token' });
    await shown.waitFor();
    const focusedText = () => page.evaluate(() => document.activeElement?.getAttribute('aria-label') || document.activeElement?.textContent || '');
    const focusedLabel = () => page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.labels?.[0]?.textContent ?? '');
    assert.equal(await focusedText(), 'Your new token “Rating script”', 'the new panel takes the focus');
    const token = await shown.inputValue();
    assert.match(token, /^mc_[A-Za-z0-9_-]{43}$/);
    assert.equal(await shown.getAttribute('readonly'), '');
    await card.getByText('it will not be shown again').waitFor();
    const row = card.locator('.api-token', { hasText: 'Rating script' });
    await row.getByText('Read and write').waitFor();
    await row.getByText('Never used').waitFor();
    const expiry = await row.locator('dt:text-is("Expires") + dd').innerText();
    assert.equal(expiry, fifteenth.toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' }));
    await checkScreen(page, 'profile-api-tokens');

    // A script, not the browser: no cookie, only the token.
    const rate = () =>
      fetch(`${site.url}/api/review`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ movie_id: movie.id, stars: 9 }),
      });
    const rated = await rate();
    assert.equal(rated.status, 200);
    assert.deepEqual(await rated.json(), { success: true });
    const review = await site.database.db.selectFrom('reviews').innerJoin('users', 'users.id', 'reviews.user_id').select(['users.username', 'reviews.stars']).where('movie_id', '=', movie.id).execute();
    assert.deepEqual(review, [{ username: 'token_tess', stars: 9 }]);

    await card.getByRole('button', { name: 'Done' }).click();
    await shown.waitFor({ state: 'detached' });
    assert.equal(await focusedLabel(), 'Name', 'Done hands the focus to the form');
    await page.reload();
    const lastUsed = row.locator('dt:text-is("Last used") + dd');
    await lastUsed.filter({ hasNotText: 'Never used' }).waitFor();
    assert.match(await lastUsed.innerText(), /^(now|\d+ minutes? ago)$/);

    page.once('dialog', (dialog) => {
      assert.match(dialog.message(), /Revoke the token “Rating script”\?/);
      void dialog.accept();
    });
    await row.getByRole('button', { name: 'Revoke Rating script' }).click();
    await card.getByText('You have no API tokens.').waitFor();
    assert.equal(await focusedLabel(), 'Name', 'the last token revoked, the focus goes to the form');

    const refused = await rate();
    assert.equal(refused.status, 401);
    assert.equal(((await refused.json()) as { error: string }).error, 'This API token is not valid or has expired.');

    // A token revoked right after it was made takes its 'copy it now' panel with it, and the
    // focus goes to the next token's 'Revoke'.
    await card.getByLabel('Name').fill('Keeper');
    await card.getByRole('button', { name: 'Create token' }).click();
    await card.getByRole('button', { name: 'Revoke Keeper' }).waitFor();
    await card.getByLabel('Name').fill('Throwaway');
    await card.getByRole('button', { name: 'Create token' }).click();
    await card.getByRole('button', { name: 'Revoke Throwaway' }).waitFor();
    assert.equal(await focusedText(), 'Your new token “Throwaway”', 'a second new token takes the focus too');
    page.once('dialog', (dialog) => void dialog.accept());
    await card.getByRole('button', { name: 'Revoke Throwaway' }).click();
    await card.locator('.api-token', { hasText: 'Throwaway' }).waitFor({ state: 'detached' });
    await shown.waitFor({ state: 'detached' });
    assert.equal(await focusedText(), 'Revoke Keeper');

    // Typing elsewhere while a revoked token's row goes: the focus stays in the field typed into.
    await page.route('**/api/tokens', async (route) => {
      if (route.request().method() === 'GET') await new Promise((resolve) => setTimeout(resolve, 1_000));
      await route.fallback();
    });
    page.once('dialog', (dialog) => void dialog.accept());
    await card.getByRole('button', { name: 'Revoke Keeper' }).click();
    await card.getByLabel('Name').click();
    await page.keyboard.type('Next script', { delay: 80 });
    await card.locator('.api-token', { hasText: 'Keeper' }).waitFor({ state: 'detached' });
    await page.keyboard.type(' two');
    assert.equal(await card.getByLabel('Name').inputValue(), 'Next script two');
    assert.equal(await focusedLabel(), 'Name');
    await page.unroute('**/api/tokens');
    assert.deepEqual(pageErrors, []);
    await context.close();
  });
});
