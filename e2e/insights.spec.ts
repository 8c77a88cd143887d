import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { addMovie, addReview, createUser } from '../server/src/testing/factories';
import { closeStage, newSignedInPage, openStage, type Site } from './support/harness';
import { checkScreen } from './support/screens';

type Member = Awaited<ReturnType<typeof createUser>>;

/** The figure under a tile's label ('Films' → '3'). */
async function tile(page: Page, label: string): Promise<string> {
  const tiles = page.locator('.stat-tile', { has: page.locator('dt', { hasText: new RegExp(`^${label}$`) }) });
  return (await tiles.locator('dd').innerText()).trim();
}

/** Opens a chart's 'Show the numbers' table and reads it as label → value. */
async function chartNumbers(page: Page, title: string): Promise<Record<string, string>> {
  const figure = page.locator('figure.bar-chart', { has: page.locator('figcaption', { hasText: new RegExp(`^${title}$`) }) });
  await figure.locator('summary').click();
  const rows = await figure.locator('tbody tr').evaluateAll((trs) => trs.map((tr) => [tr.querySelector('th')!.textContent!, tr.querySelector('td')!.textContent!]));
  return Object.fromEntries(rows);
}

describe('club insights in the browser', () => {
  let site: Site;
  let browser: Browser;
  let ina: Member;
  const movies: Record<string, number> = {};

  before(async () => {
    ({ site, browser } = await openStage());
    ina = await createUser(site, 'stats_ina');
    const jon = await createUser(site, 'stats_jon');
    const kim = await createUser(site, 'stats_kim');
    const seed = [
      { title: 'Insight Alpha', year: 1984, genres: 'Horror,Comedy', length: 90 },
      { title: 'Insight Bravo', year: 1999, genres: 'Drama', length: 120 },
      { title: 'Insight Charlie', year: 2005, genres: 'Horror', length: 60 },
      { title: 'Insight Unseen', year: 2010, genres: 'Western', length: 100 },
    ];
    for (const movie of seed) movies[movie.title] = (await addMovie(site.database.db, movie)).id;
    const stars: [Member, string, number][] = [
      [ina, 'Insight Alpha', 9],
      [ina, 'Insight Bravo', 3],
      [ina, 'Insight Charlie', 7],
      [jon, 'Insight Alpha', 8],
      [jon, 'Insight Bravo', 9],
      [jon, 'Insight Charlie', 6],
      [kim, 'Insight Alpha', 2],
      [kim, 'Insight Bravo', 5],
    ];
    for (const [member, title, given] of stars) {
      await addReview(site.database.db, { user_id: member.id, movie_id: movies[title], stars: given, ttm_rating: given >= 7 ? 'A' : null, pain_level: given <= 3 ? 8 : 2 });
    }
    // Three days in a row, the first with Jon.
    const days: [string, string, string[]][] = [
      ['Insight Alpha', '2026-03-01', ['stats_jon']],
      ['Insight Bravo', '2026-03-02', []],
      ['Insight Charlie', '2026-03-03', []],
    ];
    for (const [title, watched_on, withMembers] of days) {
      const reply = await ina.agent.post('/api/viewings', { movie_id: movies[title], watched_on, with: withMembers });
      assert.equal(reply.status, 200, JSON.stringify(reply.body));
    }
  });
  after(() => closeStage(site, browser));

  it("shows a member's statistics with charts and their numbers, for all time and one year", async () => {
    const { page, context, pageErrors } = await newSignedInPage(browser, site.url, ina);
    await page.goto('/user/profile/stats_ina');
    await page.getByRole('tab', { name: 'Stats' }).click();
    await page.waitForURL(/\?tab=stats$/);
    await page.locator('.member-stats canvas').first().waitFor();
    assert.equal(await tile(page, 'Films'), '3');
    assert.equal(await tile(page, 'Hours'), '4.5', '90 + 120 + 60 minutes');
    assert.equal(await tile(page, 'Reviews'), '3');
    assert.equal(await tile(page, 'Longest streak'), '3 days');
    assert.equal(await tile(page, 'Average stars'), '6.3', '(9 + 3 + 7) / 3');
    const ratings = await chartNumbers(page, 'Ratings');
    assert.equal(ratings['9 ★'], '1');
    assert.equal(ratings['3 ★'], '1');
    assert.equal(ratings['5 ★'], '0');
    assert.match(await page.locator('.member-stats-with').innerText(), /stats_jon\s+1 viewing/);
    await checkScreen(page, 'profile-stats');

    await page.getByLabel('Period').selectOption('2026');
    await page.locator('figcaption', { hasText: /^Films per month$/ }).waitFor();
    const months = await chartNumbers(page, 'Films per month');
    assert.equal(Object.keys(months).length, 12, 'every month of the year');
    assert.equal(months.Mar, '3');
    assert.equal(months.Apr, '0');
    assert.deepEqual(pageErrors, []);
    await context.close();
  });

  it("shows a signed-in member's taste match on another profile", async () => {
    const { page, context, pageErrors } = await newSignedInPage(browser, site.url, ina);
    await page.goto('/user/profile/stats_jon');
    const card = page.locator('.taste-card');
    await card.getByText('From 3 movies you have both rated.').waitFor();
    assert.match(await card.locator('.p-card-title').innerText(), /^Your taste match: \d{1,3} %$/);
    assert.match(await card.locator('.taste-examples', { hasText: 'You agree on' }).innerText(), /Insight Alpha \(1984\)\s*you 9 ★ · stats_jon 8 ★/);
    assert.match(await card.locator('.taste-examples', { hasText: 'You disagree on' }).innerText(), /Insight Bravo \(1999\)\s*you 3 ★ · stats_jon 9 ★/);
    await checkScreen(page, 'taste-match');
    assert.deepEqual(pageErrors, []);
    await context.close();
  });

  it('shows where the club agrees and splits on the club page', async () => {
    const { page, context, pageErrors } = await newSignedInPage(browser, site.url, ina);
    await page.goto('/club');
    await page.locator('.club-title', { hasText: 'The club, all time' }).waitFor();
    assert.equal(await tile(page, 'Members'), '3');
    const loved = page.locator('.club-section', { hasText: 'Most loved' });
    // Alpha (9, 8, 2) and Bravo (3, 9, 5) have three ratings each; Charlie has two.
    assert.match(await loved.innerText(), /Insight Alpha \(1984\)\s*6\.3 ★ from 3 ratings[\s\S]*Insight Bravo \(1999\)\s*5\.7 ★ from 3 ratings/);
    assert.ok(!(await loved.innerText()).includes('Charlie'));
    const divisive = page.locator('.club-section', { hasText: 'Most divisive' });
    assert.match(await divisive.innerText(), /Insight Alpha[\s\S]*Insight Bravo/, 'Alpha splits the club more than Bravo');
    const gaps = page.locator('.club-section', { hasText: 'Biggest disagreements' });
    assert.match(await gaps.locator('li').first().innerText(), /Insight Alpha\s*stats_ina 9 ★ vs stats_kim 2 ★ \(7 apart\)/);
    await checkScreen(page, 'club');
    assert.deepEqual(pageErrors, []);
    await context.close();
  });

  it('shows who has and has not seen a movie, on its page and on a list', async () => {
    const { page, context, pageErrors } = await newSignedInPage(browser, site.url, ina);
    await page.goto(`/movie/${movies['Insight Unseen']}`);
    const card = page.locator('.movie-seen-by');
    await card.getByText('Not yet (3)').waitFor();
    assert.match(await card.innerText(), /Seen it \(0\)[\s\S]*Nobody in the club yet\.[\s\S]*stats_ina, stats_jon, stats_kim/);

    const created = await ina.agent.post('/api/watchlists/public', { name: 'Seen Or Not' });
    const listId = created.body.watchlist.id as number;
    for (const title of ['Insight Charlie', 'Insight Unseen']) await ina.agent.post(`/api/watchlists/${listId}/items`, { movie_id: movies[title] });
    await page.goto(`/watchlist/${listId}`);
    const charlie = page.locator('.watchlist-item', { hasText: 'Insight Charlie' });
    await charlie.getByText('2 of 3 seen it').waitFor();
    assert.equal(await charlie.locator('.seen-by-faces li').count(), 2);
    await page.locator('.watchlist-item', { hasText: 'Insight Unseen' }).getByText('0 of 3 seen it').waitFor();
    await checkScreen(page, 'watchlist-seen-by');
    assert.deepEqual(pageErrors, []);
    await context.close();
  });

  it("tells a member's and the club's year as a story, with a PNG card and a link preview", async () => {
    const { page, context, pageErrors } = await newSignedInPage(browser, site.url, ina);
    const year = new Date().getUTCFullYear();
    await page.goto('/user/profile/stats_ina');
    await page.getByRole('tab', { name: 'Stats' }).click();
    await page.getByRole('link', { name: 'Year in review' }).click();
    await page.waitForURL(new RegExp(`/user/profile/stats_ina/year/${year}$`));
    await page.locator('.year-hero', { hasText: `stats_ina’s ${year} in film` }).waitFor();
    const top = page.locator('.year-chapter', { hasText: 'Top films' });
    assert.match(await top.locator('li').first().innerText(), /Insight Alpha \(1984\)\s*9 ★/);
    await page.locator('.year-chapter', { hasText: 'The one that split the club' }).getByText('Insight Alpha').waitFor();
    await page.locator('img.year-card').evaluate((image: HTMLImageElement) => image.decode());
    await checkScreen(page, 'year-in-review');

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download image' }).click()]);
    assert.equal(download.suggestedFilename(), `stats_ina-${year}.png`);
    const stream = await download.createReadStream();
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    const png = Buffer.concat(chunks);
    assert.deepEqual([...png.subarray(0, 8)], [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], 'a PNG');
    assert.equal(png.readUInt32BE(16), 1200, 'width from the IHDR chunk');
    assert.equal(png.readUInt32BE(20), 630, 'height from the IHDR chunk');

    // What a chat or feed sees when the address is shared: the page's own preview tags.
    const html = await (await page.request.get(`/user/profile/stats_ina/year/${year}`)).text();
    assert.match(html, new RegExp(`<meta property="og:title" content="stats_ina's ${year} in film · MovieClub" />`));
    assert.match(html, new RegExp(`<meta property="og:image" content="[^"]+/api/users/stats_ina/year/${year}/card\\.png" />`));

    await page.goto(`/club/year/${year}`);
    await page.locator('.year-hero', { hasText: `The club’s ${year}` }).waitFor();
    await page.locator('.year-chapter', { hasText: 'New members' }).getByText('stats_kim').waitFor();
    assert.match(await page.locator('.year-chapter', { hasText: 'Most loved' }).innerText(), /Insight Alpha[\s\S]*Insight Bravo/);
    await page.locator('img.year-card').evaluate((image: HTMLImageElement) => image.decode());
    await checkScreen(page, 'club-year-in-review');
    // Leafing goes to years with something in them: the viewings are of 2026, the reviews of this year.
    const steps = () => page.getByRole('navigation', { name: 'Other years' }).getByRole('link').allInnerTexts();
    assert.deepEqual(await steps(), year > 2026 ? ['← 2026'] : [], 'no link to an empty year on either side');

    // A year nobody watched or rated anything says so, with nothing to share.
    for (const address of ['/club/year/1999', '/user/profile/stats_ina/year/1999']) {
      await page.goto(address);
      await page.locator('.year-chapter').getByText('Nothing was watched or rated in 1999.').waitFor();
      assert.equal(await page.locator('img.year-card').count(), 0, address);
      await page.getByRole('navigation', { name: 'Other years' }).waitFor();
      assert.deepEqual(await steps(), ['2026 →'], `${address}: the next year with something in it, not 2000`);
    }
    await checkScreen(page, 'year-in-review-quiet');
    assert.deepEqual(pageErrors, []);
    await context.close();
  });
});

describe('who has seen a movie in a new club', () => {
  let site: Site;
  let browser: Browser;

  before(async () => {
    ({ site, browser } = await openStage());
  });
  after(() => closeStage(site, browser));

  it('says nobody has seen it yet, and not that everyone has, before anyone is active', async () => {
    const newcomer = await createUser(site, 'first_member');
    const movie = await addMovie(site.database.db, { title: 'First Night Film' });
    const { page, context, pageErrors } = await newSignedInPage(browser, site.url, newcomer);
    await page.goto(`/movie/${movie.id}`);
    const card = page.locator('.movie-seen-by');
    await card.getByText('Seen it (0)').waitFor();
    assert.match(await card.innerText(), /Nobody in the club yet\./);
    assert.doesNotMatch(await card.innerText(), /Everyone in the club has seen it|Not yet/);
    assert.deepEqual(pageErrors, []);
    await context.close();
  });

  it('speaks of a year that is over in the past tense, and draws no empty scale', async () => {
    const pam = await createUser(site, 'past_pam');
    const movie = await addMovie(site.database.db, { title: 'Past Year Film', genres: 'Drama' });
    await addReview(site.database.db, { user_id: pam.id, movie_id: movie.id, stars: 6, created_at: '2024-05-01T20:00:00.000Z', updated_at: '2024-05-01T20:00:00.000Z' });
    const { page, context, pageErrors } = await newSignedInPage(browser, site.url, pam);
    await page.goto('/club');
    await page.getByLabel('Period').selectOption('2024');
    await page.locator('.club-title', { hasText: 'The club in 2024' }).waitFor();
    const text = await page.locator('.club-page').innerText();
    assert.match(text, /No film had three ratings this year\./);
    assert.match(text, /No two members rated a film differently this year\./);
    assert.doesNotMatch(text, /\byet\b/);
    // A member's face beside their name is not read out as well: the link says the name once.
    await page.locator('.club-member').getByText('past_pam').waitFor();
    assert.equal(await page.locator('.club-members').getByRole('link', { name: 'past_pam', exact: true }).count(), 1);

    // Its year in review says what its member did, and no more: rated, not watched.
    await page.goto('/club/year/2024');
    await page.locator('.year-members', { hasText: /^1 member rated\.$/ }).waitFor();

    // A member who rated nothing: the 1–10 scale is not drawn empty.
    await page.goto('/user/profile/first_member?tab=stats');
    const ratings = page.locator('figure.bar-chart', { has: page.locator('figcaption', { hasText: /^Ratings$/ }) });
    await ratings.getByText('Nothing yet.').waitFor();
    assert.equal(await ratings.locator('canvas').count(), 0);
    await page.goto('/user/profile/past_pam?tab=stats');
    await page.getByLabel('Period').selectOption('2024');
    const grades = page.locator('figure.bar-chart', { has: page.locator('figcaption', { hasText: /^TTM grades$/ }) });
    await grades.getByText('Nothing in this year.').waitFor();
    assert.deepEqual(pageErrors, []);
    await context.close();
  });
});
