import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { addImdbTitle, addMovie, addReview, createUser } from '../server/src/testing/factories';
import { closeStage, newPage, openStage, registerAndLogin, screenshot, type Site } from './support/harness';
import { layoutProblems } from './support/layout';
import { PHONE } from './support/screens';

/** The id of a user registered through the screens. */
async function userId(site: Site, username: string): Promise<number> {
  const row = await site.database.db
    .selectFrom('users')
    .select('id')
    .where('username_lower', '=', username.toLowerCase())
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * Follows a review avatar to the profile: from the movie page's Recent Reviews,
 * else a home card. Returns where the link was found, or null when neither page
 * had it (then the test navigates directly and says so).
 */
async function openProfileFromAvatar(page: Page, movieId: number, username: string): Promise<string | null> {
  const link = page.locator(`a[href="/user/profile/${encodeURIComponent(username)}"]`).first();
  for (const [where, address] of [
    ['movie page', `/movie/${movieId}`],
    ['home card', '/'],
  ] as const) {
    await page.goto(address);
    try {
      await link.waitFor({ timeout: 10_000 });
    } catch {
      continue;
    }
    await link.click();
    await page.waitForURL(`**/user/profile/${encodeURIComponent(username)}`);
    return where;
  }
  return null;
}

describe('public profiles in the browser', () => {
  let site: Site;
  let browser: Browser;
  before(async () => ({ site, browser } = await openStage()));
  after(() => closeStage(site, browser));

  it('opens another member’s profile from a review avatar and shows stats, tier bar and recent reviews', async () => {
    const db = site.database.db;
    const critic = await createUser(site, 'Ed_Wood_Fan');
    await addImdbTitle(db, { tconst: 'tt9910564', primary_title: 'Troll 2', start_year: 1990, genres: 'Comedy,Fantasy,Horror' });
    const troll = await addMovie(db, { tconst: 'tt9910564', title: 'Troll 2', year: null, genres: null });
    const room = await addMovie(db, { title: 'The Room', year: 2003, genres: 'Drama' });
    const stars = [9, 2, 5, 6, 7, 3, 8];
    await addReview(db, { user_id: critic.id, movie_id: troll.id, stars: stars[0], created_at: '2026-06-02T12:00:00.000Z' });
    await addReview(db, { user_id: critic.id, movie_id: room.id, stars: stars[1], created_at: '2026-06-01T12:00:00.000Z' });
    for (let n = 2; n < stars.length; n++) {
      const movie = await addMovie(db, { title: `Filler Flick ${n}`, year: 1980 + n });
      await addReview(db, { user_id: critic.id, movie_id: movie.id, stars: stars[n], created_at: `2026-05-0${n}T12:00:00.000Z` });
    }

    const { page, context, pageErrors } = await newPage(browser, site.url);
    await registerAndLogin(page, 'Viewer_Vic');
    await addReview(db, { user_id: await userId(site, 'Viewer_Vic'), movie_id: room.id, stars: 4 });

    const foundOn = await openProfileFromAvatar(page, troll.id, 'Ed_Wood_Fan');
    if (foundOn) console.log(`# opened the profile from a review avatar on the ${foundOn}`);
    else {
      console.log('# NOTE: no review avatar link to the profile on the movie page or home cards; navigating directly.');
      await page.goto('/user/profile/Ed_Wood_Fan');
    }

    await page.locator('.app-title', { hasText: 'Profile' }).waitFor();
    await page.locator('.profile-username', { hasText: 'Ed_Wood_Fan' }).waitFor();
    const stat = (label: string) => page.locator('.profile-stat', { has: page.locator('dt', { hasText: label }) }).locator('dd');
    assert.equal(await stat('Reviews').textContent(), '7');
    assert.equal(await stat('Average Rating').textContent(), '5.7');
    assert.equal(await stat('Level').textContent(), '2');
    assert.equal(await stat('Tier').textContent(), 'Matinee Survivor');
    assert.equal(await page.locator('.profile-tier [role="progressbar"]').getAttribute('aria-valuenow'), '40');
    await page.getByText('7/10 reviews to next tier').waitFor();
    assert.match((await page.locator('.profile-joined').textContent()) ?? '', /^Joined \d/);

    const items = page.locator('.profile-review-list li');
    await items.first().waitFor();
    assert.equal(await items.count(), 7);
    const first = items.first();
    assert.equal(await first.locator('.profile-review-title').textContent(), 'Troll 2 (1990)');
    assert.equal(await first.locator('.profile-review-genres').textContent(), 'Comedy, Fantasy, Horror');
    assert.equal(await first.locator('.profile-review-stars').textContent(), '9/10');
    assert.equal(await items.nth(1).locator('.profile-review-title').textContent(), 'The Room (2003)');
    assert.equal(await page.getByRole('button', { name: 'Change Picture' }).count(), 0, 'no upload on someone else’s profile');
    await screenshot(page, 'profile-other-member');

    // Same screen, another username (the header chip): the page loads the new profile.
    await page.locator('.user-chip-link').click();
    await page.locator('.profile-username', { hasText: 'Viewer_Vic' }).waitFor();
    await page.locator('.profile-stat dd', { hasText: 'Popcorn Rookie' }).waitFor();
    assert.equal(await stat('Reviews').textContent(), '1');
    assert.equal(await items.count(), 1);
    assert.equal(await items.first().locator('.profile-review-stars').textContent(), '4/10');

    await items.first().locator('a').click();
    await page.waitForURL(`**/movie/${room.id}`);
    assert.deepEqual(pageErrors, []);
    await context.close();
  });

  it('keeps a name of the longest kind inside a phone, and says whose year it is in German for a name ending in s', async () => {
    const longName = 'Wolfgang_Amadeus_Mozart_Fan_1756';
    await createUser(site, longName);
    const { page, context, pageErrors } = await newPage(browser, site.url, PHONE);
    await page.goto(`/user/profile/${longName}`);
    await page.locator('.profile-username', { hasText: longName }).waitFor();
    assert.deepEqual(await layoutProblems(page), []);
    await context.close();

    await createUser(site, 'hans');
    const german = await newPage(browser, site.url, PHONE, 'de-DE');
    await german.page.goto(`/user/profile/hans/year/${new Date().getFullYear()}`);
    await german.page.getByRole('heading', { name: `Das Filmjahr ${new Date().getFullYear()} von hans` }).waitFor();
    assert.deepEqual([...pageErrors, ...german.pageErrors], []);
    await german.context.close();
  });

  it('shows the server’s sentence in red for an unknown member', async () => {
    const { page, context, pageErrors } = await newPage(browser, site.url);
    for (const address of ['/user/profile/no_such_person', '/user/profile/a%2Fb', '/user/profile/%C3%A9l%C3%A8ve']) {
      await page.goto(address);
      const error = page.locator('.profile-error', { hasText: 'User not found.' });
      await error.waitFor();
      assert.equal(await error.evaluate((element) => getComputedStyle(element).color), 'rgb(211, 47, 47)');
    }
    await screenshot(page, 'profile-unknown');
    assert.deepEqual(pageErrors, []);
    await context.close();
  });

  it('uploads a real PNG as one’s own picture and refuses a renamed text file', async () => {
    const { page, context, pageErrors } = await newPage(browser, site.url);
    await registerAndLogin(page, 'Picture_Pat');
    await page.locator('.user-chip-link').click();
    await page.waitForURL('**/user/profile/Picture_Pat');
    await page.getByText('No reviews yet.').waitFor();
    assert.equal(await page.locator('.profile-next-tier').textContent(), '0/5 reviews to next tier');

    const input = page.locator('#profile-picture-input');
    await input.setInputFiles({ name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('definitely not pixels') });
    await page.locator('.profile-picture-error', { hasText: 'The picture must be a PNG, JPEG or WebP image.' }).waitFor();
    assert.equal(await page.locator('img.profile-picture').count(), 0);

    const png = await sharp({ create: { width: 320, height: 200, channels: 3, background: '#e53935' } }).png().toBuffer();
    await input.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png });
    const picture = page.locator('img.profile-picture');
    await picture.waitFor();
    const src = await picture.getAttribute('src');
    assert.match(src ?? '', /^\/uploads\/avatars\/[a-f0-9]{32}\.webp$/);
    assert.equal(await page.locator('.profile-picture-error').count(), 0);
    await page.locator(`.header-user img[src="${src}"]`).waitFor();
    assert.ok(await picture.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth === 256), 'the picture loads');
    await screenshot(page, 'profile-own-with-picture');
    assert.deepEqual(pageErrors, []);
    await context.close();
  });
});
