import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { addMovie, createUser } from '../server/src/testing/factories';
import { closeStage, newSignedInPage, openStage, type Site } from './support/harness';
import { describeViolations, seriousViolations } from './support/a11y';
import { nextConfirm } from './support/dialogs';
import { checkScreen } from './support/screens';

type Member = Awaited<ReturnType<typeof createUser>>;
const PASSWORD = 'correct horse battery';

describe('deleting an account in the browser', () => {
  let site: Site;
  let browser: Browser;
  let admin: Member;

  before(async () => {
    ({ site, browser } = await openStage());
    // The first account is the site's admin.
    admin = await createUser(site, 'gone_admin', PASSWORD);
  });
  after(() => closeStage(site, browser));

  it('deletes a member’s account from their profile after the password and a last question', async () => {
    const leo = await createUser(site, 'gone_leo', PASSWORD);
    await createUser(site, 'gone_ann', PASSWORD);
    const movieId = (await addMovie(site.database.db, { title: 'Farewell Feature' })).id;
    assert.equal((await leo.agent.post('/api/review', { movie_id: movieId, stars: 7, text: 'So long.' })).status, 200);
    const listId = (await leo.agent.post('/api/watchlists/public', { name: 'Leo’s Legacy' })).body.watchlist.id as number;
    assert.equal((await leo.agent.post('/api/add_moderator', { username: 'gone_ann', watchlist_id: listId })).status, 200);

    const { page, context, pageErrors } = await newSignedInPage(browser, site.url, leo);
    await page.goto('/user/profile/gone_leo');
    const card = page.locator('.profile-delete-account');
    await card.locator('.p-card-title', { hasText: 'Delete account' }).waitFor();
    const field = card.getByLabel('Your password');
    const button = card.getByRole('button', { name: 'Delete my account' });

    await field.fill('not my password');
    const first = nextConfirm(page, true);
    await button.click();
    assert.equal(await first, 'Delete your account for good? This cannot be undone.');
    await card.getByRole('alert').getByText('That is not your password.').waitFor();
    assert.equal(await page.evaluate(() => document.activeElement?.id), 'delete-account-confirmation');
    await checkScreen(page, 'profile-delete-account');

    // Saying no keeps everything.
    await field.fill(PASSWORD);
    const declined = nextConfirm(page, false);
    await button.click();
    await declined;
    await page.waitForTimeout(300);
    assert.equal((await leo.agent.get('/api/user')).status, 200);

    const accepted = nextConfirm(page, true);
    await button.click();
    await accepted;
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('menuitem', { name: 'Login' }).waitFor();
    assert.equal((await site.agent().get('/api/users/gone_leo/profile')).status, 404);
    assert.deepEqual((await site.agent().get(`/api/movies/${movieId}/reviews`)).body.reviews, []);
    assert.equal((await site.agent().get(`/api/watchlists/${listId}`)).body.watchlist.owner_username, 'gone_ann', 'the list passes to its moderator');
    assert.deepEqual(pageErrors, []);
    await context.close();
  });

  it('lets the admin remove a member from the admin page', async () => {
    const spam = await createUser(site, 'gone_spam', PASSWORD);
    const { page, context, pageErrors } = await newSignedInPage(browser, site.url, admin);
    await page.goto('/admin');
    const section = page.locator('.admin-card', { has: page.locator('.p-card-title', { hasText: 'Members' }) });
    await section.waitFor();
    await section.getByLabel('Member to remove').fill('gone_sp');
    const panel = page.locator('.admin-remove-member-panel');
    await panel.getByText('gone_spam').waitFor();
    const violations = await seriousViolations(page);
    assert.equal(violations.length, 0, `with the member suggestions open:\n${describeViolations(violations)}`);
    // Chosen by keyboard, as the field's own focus keeps it.
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await section.locator('.p-autocomplete-token', { hasText: 'gone_spam' }).waitFor();
    const asked = nextConfirm(page, true);
    await section.getByRole('button', { name: 'Remove member' }).click();
    assert.equal(await asked, 'Remove gone_spam and everything only theirs? This cannot be undone.');
    await section.getByRole('status').getByText('gone_spam was removed.').waitFor();
    assert.equal((await spam.agent.get('/api/user')).status, 401);
    await checkScreen(page, 'admin-members');
    assert.deepEqual(pageErrors, []);
    await context.close();
  });
});
