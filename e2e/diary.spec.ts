import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { addMovie, createUser } from '../server/src/testing/factories';
import { closeStage, newSignedInPage, openStage, type Site } from './support/harness';
import { describeViolations, seriousViolations } from './support/a11y';
import { checkScreen, DESKTOP, PHONE } from './support/screens';

/** Opens the movie's 'Log viewing' dialog from its page. */
async function openLogViewing(page: Page) {
  await page.locator('.movie-details').getByRole('button', { name: 'Log viewing' }).click();
  const dialog = page.getByRole('dialog', { name: /Log viewing/ });
  await dialog.waitFor();
  // Checked once it has faded in: half-transparent text fails the contrast check.
  await page.locator('.log-viewing-dialog.p-dialog-enter-done').waitFor();
  return dialog;
}

const diaryRows = (page: Page) => page.locator('.diary-entry');

describe('the diary in the browser', () => {
  let site: Site;
  let browser: Browser;
  let movieId: number;
  let ann: Awaited<ReturnType<typeof createUser>>;
  let bob: Awaited<ReturnType<typeof createUser>>;

  before(async () => {
    ({ site, browser } = await openStage());
    movieId = (await addMovie(site.database.db, { title: 'Diary Night Feature', year: 1987, length: 100 })).id;
    ann = await createUser(site, 'diary_ann');
    bob = await createUser(site, 'diary_bob');
  });
  after(() => closeStage(site, browser));

  it('logs two viewings of a movie, the second a rewatch, tagging a member', async () => {
    const { page, context, pageErrors } = await newSignedInPage(browser, site.url, ann);
    await page.goto(`/movie/${movieId}`);
    await page.locator('.movie-details-title', { hasText: 'Diary Night Feature' }).waitFor();
    await page.locator('.movie-viewings').getByText('Nobody has logged a viewing yet.').waitFor();

    let dialog = await openLogViewing(page);
    await checkScreen(page, 'log-viewing-dialog');
    await dialog.getByLabel('Watched on').fill('2025-03-01');
    assert.equal(await dialog.getByRole('switch', { name: 'Rewatch' }).isChecked(), false, 'a first viewing is not a rewatch');
    await dialog.getByLabel('Watched with').fill('diary_b');
    await page.locator('.log-viewing-with-panel').getByText('diary_bob').waitFor();
    const violations = await seriousViolations(page);
    assert.equal(violations.length, 0, `with the member suggestions open:\n${describeViolations(violations)}`);
    // Escape closes the suggestions only: the form and what is in it stay.
    await page.keyboard.press('Escape');
    await page.locator('.log-viewing-with-panel').waitFor({ state: 'detached' });
    assert.equal(await dialog.isVisible(), true, 'the dialog is still open');
    assert.equal(await dialog.getByLabel('Watched on').inputValue(), '2025-03-01');
    await dialog.getByLabel('Watched with').fill('diary_bo');
    await page.locator('.log-viewing-with-panel').getByText('diary_bob').waitFor();
    await page.locator('.log-viewing-with-panel').getByText('diary_bob').click();
    await dialog.getByLabel('Place').fill('cinema');
    await dialog.getByRole('button', { name: 'Log viewing' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.locator('.movie-viewings-mine', { hasText: 'You watched this on March 1, 2025.' }).waitFor();

    dialog = await openLogViewing(page);
    await dialog.getByLabel('Watched on').fill('2025-06-14');
    await page.waitForFunction(() => document.querySelector<HTMLInputElement>('.log-viewing-dialog [role="switch"]')?.checked === true);
    await dialog.getByRole('button', { name: 'Log viewing' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.locator('.movie-viewings-mine', { hasText: 'You watched this on June 14, 2025 (2 viewings).' }).waitFor();
    const clubRows = page.locator('.movie-viewings-list li');
    assert.equal(await clubRows.count(), 2);
    assert.match(await clubRows.nth(0).innerText(), /diary_ann\s+June 14, 2025\s+rewatch/);
    assert.match(await clubRows.nth(1).innerText(), /March 1, 2025[\s\S]*with diary_bob/);
    await checkScreen(page, 'movie-viewings');
    assert.deepEqual(pageErrors, []);
    await context.close();
  });

  it("shows the tagged viewing in the other member's diary, who adds it with one click", async () => {
    const { page, context, pageErrors } = await newSignedInPage(browser, site.url, bob);
    await page.goto('/user/profile/diary_bob');
    await page.getByRole('tab', { name: 'Diary' }).click();
    const tagged = page.locator('.diary-entry-tagged');
    await tagged.waitFor();
    assert.match(await tagged.innerText(), /1[\s\S]*Diary Night Feature \(1987\)[\s\S]*Watched with diary_ann[\s\S]*at cinema/);
    assert.equal(await page.locator('.diary-month').getByRole('heading', { level: 4 }).first().innerText(), 'March 2025');
    await checkScreen(page, 'diary-tagged');
    await tagged.getByRole('button', { name: 'Add to my diary' }).click();
    await page.locator('.diary-entry:not(.diary-entry-tagged)', { hasText: 'Diary Night Feature' }).waitFor();
    assert.equal(await page.locator('.diary-entry-tagged').count(), 0);
    assert.match(await diaryRows(page).first().innerText(), /with diary_ann/);
    // The statistics are read again once the viewing is in: wait for that answer, not the one the page opened with.
    const hours = page.locator('.profile-stat', { has: page.locator('dt', { hasText: 'Hours Watched' }) }).locator('dd');
    await hours.filter({ hasText: /^1\.7$/ }).waitFor();
    assert.equal(await hours.innerText(), '1.7');
    assert.deepEqual(pageErrors, []);
    await context.close();
  });

  it("shows both diaries to anyone, month by month, with the rewatch marked", async () => {
    const { page, context } = await newSignedInPage(browser, site.url, bob, PHONE);
    await page.goto('/user/profile/diary_ann');
    await page.getByRole('tab', { name: 'Diary' }).click();
    await diaryRows(page).first().waitFor();
    assert.deepEqual(await page.locator('.diary-month').getByRole('heading', { level: 4 }).allInnerTexts(), ['June 2025', 'March 2025']);
    assert.equal(await diaryRows(page).first().locator('.viewing-rewatch').count(), 1);
    assert.equal(await page.getByRole('button', { name: 'Add to my diary' }).count(), 0, 'only in your own diary');
    assert.equal(await page.getByRole('button', { name: /^(Edit|Delete) your viewing/ }).count(), 0, "no one changes another member's viewings");
    // A feed reader follows the diary: newest first, the rewatch marked.
    const follow = await page.getByRole('link', { name: 'Follow this diary in a feed reader' }).getAttribute('href');
    assert.match(follow ?? '', /\/api\/users\/diary_ann\/diary\.atom\?lang=en$/);
    const atom = await (await page.request.get(follow!)).text();
    assert.match(atom, /<entry>\s*<title type="html"><!\[CDATA\[[^\]]+, rewatched\]\]><\/title>/);
    await page.setViewportSize(DESKTOP);
    await page.goto('/user/profile/diary_bob');
    await page.getByRole('tab', { name: 'Diary' }).click();
    await diaryRows(page).first().waitFor();
    assert.equal(await diaryRows(page).count(), 1);
    await context.close();
  });

  it('edits and deletes a viewing from its own diary; Escape closes the form and gives the focus back', async () => {
    const { page, context, pageErrors } = await newSignedInPage(browser, site.url, ann);
    // From a movie's page first: Escape closes 'Log viewing', and the focus is back on its button.
    await page.goto(`/movie/${movieId}`);
    const logButton = page.locator('.movie-details').getByRole('button', { name: 'Log viewing' });
    await logButton.focus();
    let dialog = await openLogViewing(page);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    assert.equal(await logButton.evaluate((button) => button === document.activeElement), true, 'the focus is back on Log viewing');

    await page.goto('/user/profile/diary_ann');
    await page.getByRole('tab', { name: 'Diary' }).click();
    // Her own rows: moving a viewing off the day bob logged shows his viewing she was tagged in as well.
    const ownRows = page.locator('.diary-entry:not(.diary-entry-tagged)');
    const march = ownRows.filter({ hasText: 'with diary_bob' });
    const edit = march.getByRole('button', { name: 'Edit your viewing of Diary Night Feature (1987)' });
    await edit.click();
    dialog = page.getByRole('dialog', { name: 'Edit viewing: Diary Night Feature' });
    await page.locator('.log-viewing-dialog.p-dialog-enter-done').waitFor();
    assert.equal(await dialog.getByLabel('Watched on').inputValue(), '2025-03-01');
    assert.equal(await dialog.getByLabel('Place').inputValue(), 'cinema');
    assert.match(await dialog.locator('.log-viewing-with').innerText(), /diary_bob/);
    await checkScreen(page, 'diary-edit-viewing');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    assert.equal(await edit.evaluate((button) => button === document.activeElement), true, 'the focus is back on Edit');

    // A note with a word longer than a phone is wide, on two lines, wraps within the page.
    await edit.click();
    await dialog.getByLabel('Watched on').fill('2025-03-02');
    await dialog.getByLabel('Note').fill(`${'Unforgettable'.repeat(20)}\nSecond line`);
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await dialog.waitFor({ state: 'detached' });
    await march.locator('.diary-day', { hasText: /^2$/ }).waitFor();
    assert.equal(await march.locator('.diary-note').innerText(), `${'Unforgettable'.repeat(20)}\nSecond line`);
    assert.match(await march.innerText(), /with diary_bob[\s\S]*at cinema/, 'what was not changed stays');
    await checkScreen(page, 'diary-own');

    // Deleting asks first; saying no keeps it.
    const june = ownRows.filter({ hasText: 'rewatch' });
    const remove = june.getByRole('button', { name: 'Delete your viewing of Diary Night Feature (1987)' });
    page.once('dialog', (question) => void question.dismiss());
    await remove.click();
    assert.equal(await ownRows.count(), 2);
    page.once('dialog', (question) => {
      assert.equal(question.message(), 'Delete this viewing of Diary Night Feature (1987) from your diary?');
      void question.accept();
    });
    await remove.click();
    await june.waitFor({ state: 'detached' });
    assert.equal(await ownRows.count(), 1);
    // The focus goes to a neighbouring entry's title, not to the page's start.
    assert.equal(await page.evaluate(() => document.activeElement?.classList.contains('diary-title')), true, 'the focus is on an entry');
    const viewings = (await ann.agent.get(`/api/movies/${movieId}/viewings`)).body as { mine: { count: number; last_watched_on: string } };
    assert.deepEqual([viewings.mine.count, viewings.mine.last_watched_on], [1, '2025-03-02']);
    assert.deepEqual(pageErrors, []);
    await context.close();
  });
});
