import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { scheduleScreening } from '../server/src/screenings/testing';
import { addMovie, addReview, createUser, type SignedInUser } from '../server/src/testing/factories';
import { de, deServer } from '../web/src/i18n/de';
import { interpolate } from '../web/src/i18n/index';
import { closeStage, newPage, newSignedInPage, openStage, type Site } from './support/harness';
import { wordsSplitAcrossLines } from './support/layout';
import { checkScreen, DESKTOP, PHONE } from './support/screens';

/** English texts of the client and sentences of the server whose German differs (without placeholders, so they can stand on a page whole). */
const ENGLISH_ONLY = new Set(
  [...Object.entries(de), ...Object.entries(deServer)].filter(([english, german]) => english !== german && !english.includes('{{') && /[a-z]{3}/.test(english)).map(([english]) => english),
);

/** Texts on the page (own text of elements, and the labels, placeholders and titles people hear or see) still in English. */
async function englishLeft(page: Page): Promise<string[]> {
  const texts = await page.evaluate(() => {
    const found = new Set<string>();
    for (const element of Array.from(document.querySelectorAll('body *'))) {
      if (element.closest('[hidden], script, style, [translate="no"]')) continue;
      for (const node of Array.from(element.childNodes)) if (node.nodeType === Node.TEXT_NODE && node.textContent?.trim()) found.add(node.textContent.trim());
      for (const name of ['aria-label', 'placeholder', 'title']) {
        const value = element.getAttribute(name);
        if (value?.trim()) found.add(value.trim());
      }
    }
    return [...found];
  });
  return texts.filter((text) => ENGLISH_ONLY.has(text));
}

const languageSelect = (page: Page) => page.locator('.app-header').getByRole('combobox', { name: /Language|Sprache/ });

/** The header's navigation items, as they read. */
const menuTexts = (page: Page) => page.locator('.app-menubar .p-menuitem-text').allInnerTexts();

describe('the client in English and German', () => {
  let site: Site;
  let browser: Browser;
  let movieId: number;
  let screeningId: number;
  let listId: number;
  /** The site's first account, so its admin. */
  let critic: SignedInUser;
  before(async () => {
    ({ site, browser } = await openStage());
    critic = await createUser(site, 'kritikerin');
    const movie = await addMovie(site.database.db, { title: 'Nosferatu', imdb_rating: 7.9 });
    movieId = movie.id;
    await addReview(site.database.db, { movie_id: movie.id, user_id: critic.id, stars: 9, text: 'Ein Klassiker.' });
    // A movie night on a public list of hers.
    const list = await critic.agent.post('/api/watchlists/public', { name: 'Stummfilmabend' });
    await critic.agent.post(`/api/watchlists/${list.body.watchlist.id}/items`, { movie_id: movie.id });
    listId = list.body.watchlist.id as number;
    screeningId = await scheduleScreening(critic.agent, { watchlist_id: listId, place: 'Kino im Keller' });
  });
  after(() => closeStage(site, browser));

  it('speaks English to an English browser, and German once Deutsch is chosen in the header, remembered across visits', async () => {
    const member = await createUser(site, 'sprachwahl');
    const { context, page, pageErrors } = await newSignedInPage(browser, site.url, member);
    try {
      await page.goto('/');
      await page.locator('.app-header').waitFor();
      assert.equal(await page.evaluate(() => document.documentElement.lang), 'en');
      assert.deepEqual((await menuTexts(page)).slice(0, 2), ['Home', 'Watchlist']);
      assert.equal(await languageSelect(page).inputValue(), 'en');

      await Promise.all([page.waitForEvent('load'), languageSelect(page).selectOption('de')]);
      await page.locator('.app-header').waitFor();
      assert.equal(await page.evaluate(() => document.documentElement.lang), 'de');
      assert.deepEqual((await menuTexts(page)).slice(0, 2), [de.Home, de.Watchlist]);
      assert.equal(await languageSelect(page).inputValue(), 'de');

      // Another page of the same browser, later: still German.
      const again = await context.newPage();
      await again.goto(`/movie/${movieId}`);
      await again.getByText('Nosferatu').first().waitFor();
      assert.equal(await again.evaluate(() => document.documentElement.lang), 'de');
      await again.close();

      await Promise.all([page.waitForEvent('load'), languageSelect(page).selectOption('en')]);
      await page.locator('.app-header').waitFor();
      assert.deepEqual((await menuTexts(page)).slice(0, 2), ['Home', 'Watchlist']);
      assert.deepEqual(pageErrors, []);
    } finally {
      await context.close();
    }
  });

  it('speaks German to a German browser on every screen a member visits, with nothing left in English, at both widths', async () => {
    const member = await createUser(site, 'deutschfan');
    const { context, page, pageErrors } = await newSignedInPage(browser, site.url, member, { width: 1400, height: 900 }, 'de-DE');
    try {
      const screens: [string, string, (page: Page) => Promise<void>][] = [
        ['home', '/', (p) => p.locator('.movie-card').first().waitFor()],
        ['movie', `/movie/${movieId}`, (p) => p.getByText('Ein Klassiker.').waitFor()],
        ['watchlist', '/watchlist', (p) => p.locator('main').waitFor()],
        ['profile', '/user/profile/kritikerin', (p) => p.getByText('kritikerin').first().waitFor()],
        ['own-profile', '/user/profile/deutschfan#notifications', (p) => p.getByLabel('Erwähnungen von mir').waitFor()],
        ['add-movie', '/add-movie', (p) => p.locator('main input').first().waitFor()],
        ['club', '/club', (p) => p.locator('main').waitFor()],
        ['feed', '/feed', (p) => p.locator('main').waitFor()],
        ['year', `/user/profile/kritikerin/year/${new Date().getFullYear()}`, (p) => p.locator('.year-card').waitFor()],
        ['screening', `/screening/${screeningId}`, (p) => p.getByText('Kino im Keller').waitFor()],
        ['import', '/import', (p) => p.locator('main input[type="file"]').first().waitFor({ state: 'attached' })],
        ['diary', '/user/profile/kritikerin?tab=diary', (p) => p.locator('main').waitFor()],
        ['stats', '/user/profile/kritikerin?tab=stats', (p) => p.locator('main').waitFor()],
        ['club-year', `/club/year/${new Date().getFullYear()}`, (p) => p.locator('.year-card').waitFor()],
      ];
      const split: string[] = [];
      for (const [name, address, ready] of screens) {
        await page.goto(address);
        await ready(page);
        await page.waitForLoadState('networkidle');
        assert.equal(await page.evaluate(() => document.documentElement.lang), 'de', name);
        assert.deepEqual(await englishLeft(page), [], `English left on ${name}`);
        await checkScreen(page, `german-${name}`);
        await page.setViewportSize(PHONE);
        await page.waitForTimeout(300);
        split.push(...(await wordsSplitAcrossLines(page)).map((word) => `${name}: ${word}`));
        await page.setViewportSize(DESKTOP);
      }
      assert.deepEqual(split, [], 'German words split across lines on a phone');
      // The night's calendar file, and the year's card to share, are written in German too.
      await page.goto(`/screening/${screeningId}`);
      const calendarFile = await page.locator(`.screening-summary a[href*="/api/screenings/${screeningId}.ics"]`).getAttribute('href');
      assert.match(calendarFile ?? '', /\.ics\?lang=de$/);
      const ics = await page.request.get(calendarFile!);
      assert.match(await ics.text(), /SUMMARY:Filmabend: Stummfilmabend/);
      await page.goto(`/user/profile/kritikerin/year/${new Date().getFullYear()}`);
      const card = page.locator('img.year-card');
      assert.match((await card.getAttribute('src')) ?? '', /\/card\.png\?lang=de$/);
      await card.scrollIntoViewIfNeeded();
      await page.waitForFunction(() => (document.querySelector('img.year-card') as HTMLImageElement | null)?.naturalWidth === 1200);
      // Dates and numbers are written the German way: the review's stars as "9/10" and a date with dots.
      await page.goto(`/movie/${movieId}`);
      await page.getByText('Ein Klassiker.').waitFor();
      assert.match(await page.locator('main').innerText(), /\d{1,2}\.\d{1,2}\.\d{4}|\d{1,2}\. [A-ZÄÖÜ][a-zäöü]+\.? \d{4}/);
      assert.deepEqual(pageErrors, []);
    } finally {
      await context.close();
    }
  });

  it("writes ratings, percentages and counts the German way, and PrimeReact's own words in German", async () => {
    const { context, page, pageErrors } = await newSignedInPage(browser, site.url, critic, DESKTOP, 'de-DE');
    try {
      await page.goto(`/watchlist/${listId}`);
      const row = page.locator('.item-meta').first();
      await row.waitFor();
      assert.match(await row.innerText(), /^IMDb 7,9 · /);
      // One member of the club has seen it: the verb agrees.
      await page.getByText(/^1 von \d+ hat ihn gesehen$/).waitFor();
      await page.getByRole('button', { name: 'Filmabend planen' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('button', { name: 'Schließen' }).waitFor();
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });

      await page.goto('/user/profile/kritikerin');
      const progress = page.locator('.profile-tier .p-progressbar-label');
      await progress.waitFor();
      assert.match(await progress.innerText(), /^\d+\s%$/);
      assert.deepEqual(pageErrors, []);
    } finally {
      await context.close();
    }
  });

  it("shows the server's sentences in German: a refused sign-in and a notification", async () => {
    const reader = await createUser(site, 'leserin');
    const critic = await createUser(site, 'kommentatorin');
    const review = await addReview(site.database.db, { movie_id: movieId, user_id: reader.id, stars: 8, text: 'Schaurig schön.' });
    const commented = await critic.agent.post(`/api/reviews/${review.id}/comments`, { text: 'Ganz meine Meinung.' });
    assert.equal(commented.status, 200, JSON.stringify(commented.body));

    const visitor = await newPage(browser, site.url, { width: 390, height: 844 }, 'de-DE');
    try {
      await visitor.page.goto('/login');
      await visitor.page.locator('#login-username').fill('leserin');
      await visitor.page.locator('#login-password').fill('falsches Passwort!');
      await visitor.page.locator('#login-password').press('Enter');
      const refused = deServer['Invalid username or password.'];
      assert.ok(refused && refused !== 'Invalid username or password.');
      await visitor.page.getByRole('alert').getByText(refused).waitFor();
      assert.deepEqual(visitor.pageErrors, []);
    } finally {
      await visitor.context.close();
    }

    const { context, page, pageErrors } = await newSignedInPage(browser, site.url, reader, { width: 1400, height: 900 }, 'de-DE');
    try {
      await page.goto('/');
      await page.locator('.bell-button').click();
      const panel = page.locator('.bell-list');
      const sentence = interpolate(deServer['{{actor}} commented on your review of {{title}}.'], { actor: 'kommentatorin', title: 'Nosferatu' });
      await panel.getByText(sentence).waitFor();
      assert.deepEqual(await englishLeft(page), []);
      assert.deepEqual(pageErrors, []);
    } finally {
      await context.close();
    }
  });

  it('shows the admin page in German, the club language among its settings, no word split on a phone', async () => {
    const { context, page, pageErrors } = await newSignedInPage(browser, site.url, critic, DESKTOP, 'de-DE');
    try {
      await page.goto('/admin');
      await page.getByRole('heading', { name: de['Site administration'] }).waitFor();
      await page.getByText(de['Club language'], { exact: true }).waitFor();
      await page.waitForLoadState('networkidle');
      assert.deepEqual(await englishLeft(page), []);
      await checkScreen(page, 'german-admin');
      await page.setViewportSize(PHONE);
      await page.waitForTimeout(300);
      assert.deepEqual(await wordsSplitAcrossLines(page), []);
      assert.deepEqual(pageErrors, []);
    } finally {
      await context.close();
    }
  });

  it('shows the visitor screens in German too, with the language choice open to axe', async () => {
    const { context, page } = await newPage(browser, site.url, { width: 390, height: 844 }, 'de-AT');
    try {
      for (const [name, address] of [['login', '/login'], ['register', '/register']] as const) {
        await page.goto(address);
        await page.locator('main input').first().waitFor();
        assert.deepEqual(await englishLeft(page), [], `English left on ${name}`);
        await checkScreen(page, `german-${name}`);
      }
      assert.equal(await languageSelect(page).inputValue(), 'de');
      await languageSelect(page).focus();
      await checkScreen(page, 'german-language-choice');
    } finally {
      await context.close();
    }
  });
});
