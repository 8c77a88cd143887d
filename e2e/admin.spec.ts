import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { ADMIN_PAGE_ONLY, INVITE_DAYS_DEFAULT, INVITE_DAYS_MAX, INVITE_INVALID, INVITE_REQUIRED, REGISTRATION_CLOSED } from '@movieclub/contract';
import type { Browser, Page } from 'playwright-core';
import { scheduleScreening } from '../server/src/screenings/testing';
import { addMovie, createUser } from '../server/src/testing/factories';
import { closeStage, newPage, newSignedInPage, openStage, registerAndLogin, screenshot, type Site } from './support/harness';
import { layoutProblems, placeholderOverflow } from './support/layout';
import { checkScreen } from './support/screens';

const PASSWORD = 'correct horse battery';

/** Fills the register card and sends it; the caller checks where it leads. */
async function fillRegister(page: Page, username: string) {
  await page.locator('#register-username').fill(username);
  await page.locator('#register-password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Register' }).click();
}

describe('the admin page, registration modes and invitations in the browser', () => {
  let site: Site;
  let browser: Browser;

  before(async () => {
    ({ site, browser } = await openStage());
  });
  after(() => closeStage(site, browser));

  it('lets the first account run registration by invitation, and an invitation link register one account', async () => {
    // The first account registers through the screens and is the site's admin.
    const { page, context, pageErrors } = await newPage(browser, site.url);
    await registerAndLogin(page, 'adm_first');
    await page.locator('.header-user').getByRole('link', { name: 'Admin' }).click();
    await page.waitForURL('**/admin');
    await page.getByRole('heading', { name: 'Site administration' }).waitFor();
    await checkScreen(page, 'admin');
    // On a phone the forms' fields stack as tall as they are, with no gaps under them.
    await page.setViewportSize({ width: 390, height: 844 });
    for (const form of await page.locator('.admin-invite-form').all()) {
      const gaps = await form.evaluate((shown) => {
        // A wrapper drawn as its children (display: contents) has no box of its own: its children's count.
        const heightOf = (part: Element): number =>
          getComputedStyle(part).display === 'contents' ? [...part.children].reduce((sum, child) => sum + heightOf(child), 0) : part.getBoundingClientRect().height;
        const fields = [...shown.querySelectorAll(':scope > .admin-field')];
        return fields.map((field) => field.getBoundingClientRect().height - [...field.children].reduce((sum, part) => sum + heightOf(part), 0));
      });
      assert.ok(gaps.every((gap) => gap < 24), `room left in the fields: ${gaps.map((gap) => gap.toFixed(0)).join(', ')} px`);
    }
    // A table wider than the phone scrolls in its box; its caption stays whole above it.
    const counts = page.getByRole('table', { name: 'Events received since the start' });
    await counts.waitFor();
    const caption = (await page.locator('.media-servers .admin-caption').first().boundingBox())!;
    assert.ok(caption.x >= 0 && caption.x + caption.width <= 390, `the caption spans ${caption.x.toFixed(0)}–${(caption.x + caption.width).toFixed(0)} px`);
    await page.setViewportSize({ width: 1400, height: 900 });

    // Registration by invitation.
    await page.getByLabel('By invitation').check();
    await page.getByRole('button', { name: 'Save registration' }).click();
    await page.getByText('Registration saved.').waitFor();

    // An invitation for a week, with a note. The days' label names their range, as the field keeps to it.
    assert.equal(await page.getByLabel(`Valid for (1–${INVITE_DAYS_MAX} days)`).inputValue(), String(INVITE_DAYS_DEFAULT));
    await page.getByLabel('Note (optional)').fill('For Gil');
    await page.getByRole('button', { name: 'Create invitation' }).click();
    const linkField = page.getByLabel('New invitation link');
    await linkField.waitFor();
    const link = await linkField.inputValue();
    assert.match(link, /\/register\?invite=[\w-]{20,}$/);
    const row = page.locator('.admin-table tbody tr', { hasText: 'For Gil' });
    await row.getByText('Unused').waitFor();
    await checkScreen(page, 'admin-invitation');

    // A visitor without the link is told registration needs an invitation.
    const visitor = await newPage(browser, site.url);
    await visitor.page.goto('/register');
    await visitor.page.getByText(INVITE_REQUIRED).waitFor();
    assert.equal(await visitor.page.locator('#register-username').count(), 0, 'no form without an invitation');

    // With the link, the visitor registers and signs in.
    await visitor.page.goto(new URL(link).pathname + new URL(link).search);
    await fillRegister(visitor.page, 'adm_gil');
    await visitor.page.waitForURL('**/login');
    await visitor.page.locator('#login-username').fill('adm_gil');
    await visitor.page.locator('#login-password').fill(PASSWORD);
    await visitor.page.locator('.credentials-card').getByRole('button', { name: 'Login' }).click();
    await visitor.page.locator('.header-user').getByText('adm_gil').waitFor();
    assert.equal(await visitor.page.locator('.header-user').getByRole('link', { name: 'Admin' }).count(), 0, 'a member has no Admin link');
    await visitor.page.goto('/admin');
    await visitor.page.getByText(ADMIN_PAGE_ONLY).waitFor();
    assert.deepEqual(visitor.pageErrors, []);
    await visitor.context.close();

    // The link does not work a second time.
    const third = await newPage(browser, site.url);
    await third.page.goto(new URL(link).pathname + new URL(link).search);
    await fillRegister(third.page, 'adm_third');
    await third.page.locator('.credentials-error').getByText(INVITE_INVALID).waitFor();
    await third.context.close();

    // The admin sees who used it.
    await page.reload();
    await page.locator('.admin-table tbody tr', { hasText: 'For Gil' }).getByText('adm_gil').waitFor();
    assert.deepEqual(pageErrors, []);
    await context.close();
  });

  it('tells a visitor when registration is closed', async () => {
    const admin = site.agent();
    await admin.post('/api/login', { username: 'adm_first', password: PASSWORD });
    assert.equal((await admin.put('/api/admin/settings', { registration: 'closed' })).status, 200);
    const { page, context, pageErrors } = await newPage(browser, site.url);
    await page.goto('/register');
    await page.getByText(REGISTRATION_CLOSED).waitFor();
    await checkScreen(page, 'register-closed');
    assert.deepEqual(pageErrors, []);
    await context.close();
    assert.equal((await admin.put('/api/admin/settings', { registration: 'open' })).status, 200);
  });

  it('sets the outgoing webhook and reports a test message that found no receiver', async () => {
    const member = await createUser(site, 'adm_member');
    const admin = site.agent();
    await admin.post('/api/login', { username: 'adm_first', password: PASSWORD });
    const { page, context, pageErrors } = await newSignedInPage(browser, site.url, { agent: admin });
    await page.goto('/admin');
    await page.getByLabel('Webhook address').fill('not an address');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('The webhook address must be a full http or https address.').waitFor();
    await page.getByLabel('Webhook address').fill('http://127.0.0.1:9/hook');
    await page.getByRole('button', { name: 'ntfy' }).click();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Outgoing notifications saved.').waitFor();
    await page.getByRole('button', { name: 'Send test message' }).click();
    await page.getByText('The receiver could not be reached: check the address.').waitFor();
    await checkScreen(page, 'admin-webhook-tested');
    await page.getByRole('button', { name: "Use the server's setting" }).click();
    await page.getByText('No webhook is set: club events are not posted anywhere.').waitFor();
    assert.deepEqual(pageErrors, []);
    await context.close();
    assert.equal((await member.agent.get('/api/admin/settings')).status, 403);
  });
  it('gives Radarr the address of the movies picked for upcoming movie nights', async () => {
    const admin = site.agent();
    await admin.post('/api/login', { username: 'adm_first', password: PASSWORD });
    const list = (await admin.post('/api/watchlists/public', { name: 'Radarr Nights' })).body.watchlist;
    const movie = await addMovie(site.database.db, { title: 'Fetched In Time', tconst: 'tt9876502' });
    await admin.post(`/api/watchlists/${list.id}/items`, { movie_id: movie.id });
    const night = await scheduleScreening(admin, { watchlist_id: list.id });
    assert.equal((await admin.post(`/api/screenings/${night}/pick`)).status, 200);

    const { page, context, pageErrors } = await newSignedInPage(browser, site.url, { agent: admin });
    await page.goto('/admin');
    const field = page.getByLabel('Radarr import list', { exact: true });
    const address = await field.inputValue();
    assert.equal(address, `${site.url}/api/screenings/radarr.json`);
    await page.getByRole('button', { name: 'Copy the Radarr import list address' }).click();
    await page.getByText(/^(Copied\.|Selected: copy it with your keyboard\.)$/).waitFor();
    await checkScreen(page, 'admin-radarr');
    const picked = (await (await fetch(address)).json()) as { title: string; imdb_id: string }[];
    assert.deepEqual(picked, [{ title: 'Fetched In Time', imdb_id: 'tt9876502' }]);
    assert.deepEqual(pageErrors, []);
    await context.close();
  });

  it("chooses the club's language, which a shared year's link preview then speaks", async () => {
    const admin = site.agent();
    await admin.post('/api/login', { username: 'adm_first', password: PASSWORD });
    const { page, context, pageErrors } = await newSignedInPage(browser, site.url, { agent: admin });
    try {
      await page.goto('/admin');
      const section = page.locator('.admin-card', { has: page.getByText('Club language', { exact: true }) });
      assert.ok(await section.getByLabel('English').isChecked(), 'English until someone chooses');
      await section.getByText('From the CLUB_LANGUAGE setting of the server, until you save here.').waitFor();
      await section.getByLabel('Deutsch').check();
      await section.getByRole('button', { name: 'Save club language' }).click();
      await section.getByText('Club language saved.').waitFor();

      await page.reload();
      await section.getByText('Set on this page.').waitFor();
      assert.ok(await section.getByLabel('Deutsch').isChecked());
      // The admin still reads the site in English; what the club shares is German.
      assert.equal(await page.evaluate(() => document.documentElement.lang), 'en');
      const year = new Date().getFullYear();
      const preview = await (await page.request.get(`/club/year/${year}`)).text();
      assert.match(preview, new RegExp(`<meta property="og:title" content="Das Jahr ${year} des Clubs · MovieClub" />`));
      assert.deepEqual(pageErrors, []);
    } finally {
      await context.close();
      assert.equal((await admin.put('/api/admin/settings', { language: 'en' })).status, 200);
    }
  });

  it("keeps the header search whole for an admin reading German, from the folded menu's edge to wide screens", async () => {
    // The longest header: German words, the Admin link, the bell, the language and the username.
    const admin = site.agent();
    await admin.post('/api/login', { username: 'adm_first', password: PASSWORD });
    const { page, context, pageErrors } = await newSignedInPage(browser, site.url, { agent: admin });
    await page.goto('/');
    await page.locator('.header-user .user-chip-link').waitFor();
    await Promise.all([page.waitForEvent('load'), page.locator('.app-header').getByRole('combobox', { name: 'Language' }).selectOption('de')]);
    await page.locator('.header-user .user-chip-link').waitFor();
    assert.equal(await page.locator('.header-search-input').getAttribute('placeholder'), 'IMDb-Titel suchen …');
    for (const width of [961, 1024, 1100, 1200, 1280, 1366, 1400, 1440, 1536, 1680, 1920]) {
      await page.setViewportSize({ width, height: 900 });
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
      const cut = await placeholderOverflow(page, '.header-search-input');
      assert.ok(cut <= 0, `at ${width} px the search placeholder is cut by ${cut.toFixed(0)} px (header gave up: ${await page.locator('.app-header').getAttribute('data-fit')})`);
      assert.deepEqual(await layoutProblems(page), [], `at ${width} px`);
      const user = page.locator('.header-user');
      for (const part of [user.getByRole('link', { name: 'Admin' }), user.getByRole('button', { name: 'Abmelden' }), page.getByRole('combobox', { name: 'Sprache' })]) {
        assert.equal(await part.isVisible(), true, `at ${width} px every part of the header stays within reach`);
      }
    }
    await screenshot(page, 'header-admin-german-1920');

    // On a phone the folded header leaves the username out rather than show a letter or two of it.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    const name = page.locator('.header-user .user-chip-link .p-chip-text');
    const shownWidth = await name.evaluate((text) => (text.checkVisibility() ? text.clientWidth : null));
    assert.ok(shownWidth === null || shownWidth >= 40, `the username shows in ${shownWidth} px`);
    assert.equal(await page.getByRole('link', { name: 'adm_first, dein Profil' }).isVisible(), true, 'the avatar still leads to the profile');
    assert.deepEqual(pageErrors, []);
    await context.close();
  });

  it("keeps the keyboard's place through the admin page's actions", async () => {
    const admin = site.agent();
    await admin.post('/api/login', { username: 'adm_first', password: PASSWORD });
    const { page, context, pageErrors } = await newSignedInPage(browser, site.url, { agent: admin });
    page.on('dialog', (dialog) => void dialog.accept());
    await page.goto('/admin');
    const focused = () => page.evaluate(() => {
      const element = document.activeElement as HTMLInputElement | null;
      return element?.getAttribute('aria-label') || element?.labels?.[0]?.textContent || element?.textContent?.trim() || element?.tagName || '';
    });
    const press = async (name: string, exact = false) => {
      await page.getByRole('button', { name, exact }).focus();
      await page.keyboard.press('Enter');
    };

    // Saved, the button has nothing left to save but keeps the focus.
    const current = (await admin.get('/api/admin/settings')).body.registration as string;
    await page.locator(`label[for="registration-${current === 'open' ? 'invite' : 'open'}"]`).click();
    assert.equal(await page.getByRole('button', { name: 'Save registration' }).getAttribute('aria-disabled'), 'false', 'a change to save');
    await press('Save registration');
    await page.getByText('Registration saved.').waitFor();
    assert.equal(await focused(), 'Save registration');
    assert.equal(await page.getByRole('button', { name: 'Save registration' }).getAttribute('aria-disabled'), 'true');

    // A new invitation's link takes the focus; a revoked one hands it to the next row's 'Revoke', the last to the form.
    for (const note of ['Keyboard one', 'Keyboard two']) {
      await page.getByLabel('Note (optional)').fill(note);
      await press('Create invitation');
      await page.locator('.admin-invitations .admin-table tbody tr', { hasText: note }).waitFor();
      assert.equal(await focused(), 'New invitation link');
    }
    await press('Revoke the invitation Keyboard two');
    await page.locator('.admin-invitations .admin-table tbody tr', { hasText: 'Keyboard two' }).waitFor({ state: 'detached' });
    for (let rows = await page.locator('.admin-invitations .admin-table tbody tr').count(); rows > 0; rows = await page.locator('.admin-invitations .admin-table tbody tr').count()) {
      assert.match(await focused(), /^Revoke the invitation /);
      await page.keyboard.press('Enter');
      await page.waitForFunction((count) => document.querySelectorAll('.admin-invitations .admin-table tbody tr').length < count, rows);
    }
    await page.getByText('No invitations yet.').waitFor();
    assert.equal(await focused(), 'Note (optional)');

    // The webhook: saved, it keeps the focus on Save; back to the server's setting, on the address.
    await page.getByLabel('Webhook address').fill('http://127.0.0.1:9/keyboard');
    await press('Save', true);
    await page.getByText('Outgoing notifications saved.').waitFor();
    assert.equal(await focused(), 'Save');
    await press("Use the server's setting");
    await page.getByText("Back to the server's own setting.").waitFor();
    assert.equal(await focused(), 'Webhook address');

    // A media-server secret: its addresses take the focus, and Done gives it back.
    await press('Create secret');
    await page.getByRole('heading', { name: 'Webhook addresses' }).waitFor();
    assert.equal(await focused(), 'Webhook addresses');
    await press('Done', true);
    await page.getByRole('heading', { name: 'Webhook addresses' }).waitFor({ state: 'detached' });
    assert.equal(await focused(), 'Rotate secret');
    assert.deepEqual(pageErrors, []);
    await context.close();
  });
});
