import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { addMovie, addReview, createUser, type SignedInUser } from '../server/src/testing/factories';
import { closeStage, openStage, type Site } from './support/harness';

declare global {
  interface Window {
    cspViolations?: string[];
  }
}

/**
 * A signed-in page that obeys the site's policy (the harness's pages bypass it so that
 * axe-core can be injected), recording every refusal: console reports and violation events.
 */
async function policedPage(browser: Browser, baseURL: string, user: SignedInUser) {
  const context: BrowserContext = await browser.newContext({ baseURL, viewport: { width: 1400, height: 900 } });
  const cookies = user.agent.cookieHeader
    .split('; ')
    .filter(Boolean)
    .map((pair) => ({ name: pair.slice(0, pair.indexOf('=')), value: pair.slice(pair.indexOf('=') + 1), url: baseURL }));
  await context.addCookies(cookies);
  const page: Page = await context.newPage();
  const pageErrors: Error[] = [];
  page.on('pageerror', (error) => pageErrors.push(error));
  const refusals: string[] = [];
  page.on('console', (message) => {
    const text = message.text();
    if (/Refused to|Content Security Policy/i.test(text) && !/unsafe-eval/.test(text)) refusals.push(text);
  });
  await context.addInitScript(() => {
    window.cspViolations = [];
    document.addEventListener('securitypolicyviolation', (event) => {
      window.cspViolations!.push(`${event.violatedDirective} blocked ${event.blockedURI} at ${event.sourceFile}:${event.lineNumber}:${event.columnNumber} ${event.sample}`);
    });
  });
  return { context, page, pageErrors, refusals };
}

/**
 * The policy's refusals on the page, less zod's feature test: it tries `new Function('')`
 * once, catches the refusal and validates without compiled checks.
 */
const violations = async (page: Page) =>
  (await page.evaluate(() => window.cspViolations ?? [])).filter((violation) => !violation.startsWith('script-src blocked eval '));

describe('the client under its Content-Security-Policy', () => {
  let site: Site;
  let browser: Browser;
  let owner: SignedInUser;
  let movieId: number;
  let listPath: string;

  before(async () => {
    ({ site, browser } = await openStage());
    owner = await createUser(site, 'csp_owner');
    const db = site.database.db;
    // Posters from both services' image hosts, and one drawn by the server.
    const omdb = await addMovie(db, { title: 'Poster From OMDb', poster: 'https://m.media-amazon.com/images/M/poster.jpg' });
    const tmdb = await addMovie(db, { title: 'Poster From TMDB', poster: 'https://image.tmdb.org/t/p/w500/poster.jpg' });
    await addMovie(db, { title: 'Drawn Poster', tconst: 'tt0133093', poster: '/api/posters/tt0133093.svg' });
    movieId = omdb.id;
    await addReview(db, { user_id: owner.id, movie_id: omdb.id, stars: 8, text: 'Styled by the site, not by me.' });
    const list = (await owner.agent.post('/api/watchlists/public', { name: 'Policy Night' })).body.watchlist;
    await owner.agent.post(`/api/watchlists/${list.id}/items`, { movie_id: omdb.id });
    await owner.agent.post(`/api/watchlists/${list.id}/items`, { movie_id: tmdb.id });
    listPath = `/watchlist/${list.id}-policy-night`;
  });
  after(() => closeStage(site, browser));

  it('runs every screen without a refused script, style, image or connection', async () => {
    const { page, context, pageErrors, refusals } = await policedPage(browser, site.url, owner);

    await page.goto('/');
    await page.locator('.home-grid .movie-card').first().waitFor();
    assert.deepEqual(await violations(page), [], 'home page');

    await page.goto(`/movie/${movieId}`);
    await page.getByText('Styled by the site, not by me.').waitFor();
    assert.deepEqual(await violations(page), [], 'movie page');

    await page.goto(listPath);
    await page.locator('.watchlist-item', { hasText: 'Poster From OMDb' }).waitFor();
    // The live picker works, so the socket connected (the owner reviewed the other movie).
    await page.getByRole('button', { name: 'Pick a Movie' }).click();
    await page.locator('.picker-title', { hasText: 'Poster From TMDB' }).waitFor();
    await page.getByRole('button', { name: 'Edit' }).click();
    await page.locator('.ql-editor').waitFor();
    assert.deepEqual(await violations(page), [], 'watchlist page with the editor open');
    assert.equal(await page.getByText('Realtime connection failed').count(), 0);

    await page.goto(`/user/profile/${owner.username}`);
    await page.getByText(owner.username).first().waitFor();
    assert.deepEqual(await violations(page), [], 'profile page');

    assert.deepEqual(refusals, []);
    assert.deepEqual(pageErrors, []);
    await context.close();
  });

  it('refuses to be shown inside another page', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const refusals: string[] = [];
    page.on('console', (message) => refusals.push(message.text()));
    // A page on another origin (about:blank) frames the signed-in watchlist.
    await page.setContent(`<iframe src="${site.url}/watchlist/mine" width="800" height="600"></iframe>`);
    await page.waitForFunction(() => document.querySelector('iframe') !== null);
    const framed = page.frames().find((frame) => frame !== page.mainFrame());
    assert.ok(framed);
    await framed.waitForLoadState().catch(() => {});
    assert.equal(await framed.locator('#root').count(), 0, 'the app never renders inside the frame');
    await context.close();
  });
});
