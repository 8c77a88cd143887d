import assert from 'node:assert/strict';
import fs from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { strToU8, zipSync } from 'fflate';
import type { Browser, Page } from 'playwright-core';
import { addImdbTitle } from '../server/src/testing/factories';
import { describeViolations, seriousViolations } from './support/a11y';
import { closeStage, newPage, openStage, registerAndLogin, type Site } from './support/harness';
import { checkScreen } from './support/screens';

/**
 * A Letterboxd export as its zip holds it. Films from the bundled IMDb sample match at
 * once; 'The Quiet Harbour' (2002) sits between two feature films of that name, from
 * 2001 and 2003, equally close and about as voted: the member chooses. One watchlist
 * title is on no index at all.
 */
function letterboxdExport(): Buffer {
  const files: Record<string, string> = {
    'profile.csv': 'Date Joined,Username,Given Name,Family Name,Email Address,Location,Website,Bio,Pronoun,Favorite Films\n2020-01-01,cinephile,,,,,,,,\n',
    'watched.csv': ['Date,Name,Year,Letterboxd URI', '2024-02-10,Casablanca,1942,https://boxd.it/2b0k', '2024-03-05,Psycho,1960,https://boxd.it/2bbe', '2024-03-20,Vertigo,1958,https://boxd.it/2b9Q', '2024-03-22,Sherlock Junior,1924,https://boxd.it/2aQe'].join('\n') + '\n',
    'ratings.csv': ['Date,Name,Year,Letterboxd URI,Rating', '2024-02-10,Casablanca,1942,https://boxd.it/2b0k,4.5', '2024-03-20,Vertigo,1958,https://boxd.it/2b9Q,4'].join('\n') + '\n',
    'diary.csv': [
      'Date,Name,Year,Letterboxd URI,Rating,Rewatch,Tags,Watched Date',
      '2024-02-10,Casablanca,1942,https://boxd.it/d1,4.5,,,2024-02-09',
      '2024-03-05,Psycho,1960,https://boxd.it/d2,4,Yes,,2024-03-05',
      '2024-04-01,The Quiet Harbour,2002,https://boxd.it/d3,3.5,,,2024-04-01',
    ].join('\n') + '\n',
    'reviews.csv': [
      'Date,Name,Year,Letterboxd URI,Rating,Rewatch,Review,Tags,Watched Date',
      '2024-03-05,Psycho,1960,https://boxd.it/r1,4,Yes,"The shower, of course; but the parlour talk is the best scene.",,2024-03-05',
    ].join('\n') + '\n',
    'watchlist.csv': ['Date,Name,Year,Letterboxd URI', '2024-01-02,Metropolis,1927,https://boxd.it/w1', '2024-01-03,Rear Window,1954,https://boxd.it/w2', '2024-01-04,A Film Nobody Ever Made,1999,https://boxd.it/w3'].join('\n') + '\n',
    'lists/silent-favourites.csv': [
      'Letterboxd list export v7',
      'Date,Name,Tags,URL,Description',
      '2024-01-05,Silent favourites,,https://boxd.it/l1,Films without a word',
      '',
      'Position,Name,Year,URL,Description',
      '1,The Kid,1921,https://boxd.it/k1,',
      '2,Metropolis,1927,https://boxd.it/w1,',
    ].join('\n') + '\n',
  };
  return Buffer.from(zipSync(Object.fromEntries(Object.entries(files).map(([name, text]) => [name, strToU8(text)]))));
}

/** Notes, in page, whether the progress step was ever on screen (a small file may pass it quickly). */
async function watchForProgress(page: Page) {
  // A string, not a function: tsx would wrap a named helper in a `__name` call the page lacks.
  await page.addInitScript(`
    new MutationObserver(() => {
      if (document.querySelector('.import-progress [role="progressbar"]')) window.sawProgress = true;
    }).observe(document, { childList: true, subtree: true });
  `);
}

const sawProgress = (page: Page) => page.evaluate(() => (window as unknown as { sawProgress?: boolean }).sawProgress === true);
const count = (page: Page, term: string) => page.locator('.import-count', { has: page.locator('dt', { hasText: new RegExp(`^${term}$`) }) }).locator('dd');

describe('importing a Letterboxd history in the browser', () => {
  let site: Site;
  let browser: Browser;

  before(async () => {
    ({ site, browser } = await openStage());
    await addImdbTitle(site.database.db, { tconst: 'tt9900001', primary_title: 'The Quiet Harbour', start_year: 2001, num_votes: 5200 });
    await addImdbTitle(site.database.db, { tconst: 'tt9900002', primary_title: 'The Quiet Harbour', start_year: 2003, num_votes: 4800 });
  });
  after(() => closeStage(site, browser));

  it('reads the zip, lets the member settle an ambiguous title, imports it and exports it again', async () => {
    const { page, context, pageErrors } = await newPage(browser, site.url);
    await registerAndLogin(page, 'boxd_fan');
    await watchForProgress(page);

    // The way in: from one's own profile.
    await page.goto('/user/profile/boxd_fan');
    await page.getByRole('link', { name: 'Import from Letterboxd or IMDb' }).click();
    await page.waitForURL('**/import');
    await page.getByRole('heading', { name: 'Bring your film history' }).waitFor();

    await page.getByLabel('History file (.zip or .csv)').setInputFiles({ name: 'letterboxd-boxd_fan-2024-05-01.zip', mimeType: 'application/zip', buffer: letterboxdExport() });
    await page.waitForURL(/\/import\/\d+$/);
    const importPath = new URL(page.url()).pathname;
    await page.getByRole('heading', { name: 'Check what will be imported' }).waitFor({ timeout: 30_000 });
    assert.ok(await sawProgress(page), 'the progress bar showed while the file was read');

    // The preview: counts, and the ambiguous row shown first.
    assert.equal(await count(page, 'Need a choice').innerText(), '1');
    assert.ok(Number(await count(page, 'Matched').innerText()) >= 8, 'the sample films matched');
    assert.ok(Number(await count(page, 'Not found').innerText()) >= 1, 'the unknown film was not found');
    await page.getByText('Silent favourites').waitFor();
    assert.equal(await page.getByRole('switch', { name: 'Create “Silent favourites”' }).isChecked(), true);
    const rows = page.locator('.import-rows tbody tr');
    await rows.filter({ hasText: 'The Quiet Harbour (2002)' }).waitFor();
    assert.equal(await rows.count(), 1, 'only the ambiguous row under Needs a choice');
    await checkScreen(page, 'import-preview');

    // A reload keeps the import where it is.
    await page.reload();
    await page.getByRole('heading', { name: 'Check what will be imported' }).waitFor();
    assert.equal(new URL(page.url()).pathname, importPath);

    // Choosing among the candidates.
    const choice = page.getByRole('combobox', { name: 'Film for The Quiet Harbour (2002)' });
    await page.locator('.import-candidates').click();
    await page.locator('.import-candidates-panel.p-connected-overlay-enter-done').waitFor();
    const options = page.locator('.import-candidates-panel [role="option"]');
    assert.deepEqual(await options.allInnerTexts(), [
      'The Quiet Harbour (2001) · Film · 5,200 votes',
      'The Quiet Harbour (2003) · Film · 4,800 votes',
      'Another title… (search IMDb)',
    ]);
    const violations = await seriousViolations(page);
    assert.equal(violations.length, 0, `with the candidates open:\n${describeViolations(violations)}`);
    await checkScreen(page, 'import-preview-candidates');
    if (!(await page.locator('.import-candidates-panel').isVisible())) {
      await page.locator('.import-candidates').click();
      await page.locator('.import-candidates-panel.p-connected-overlay-enter-done').waitFor();
    }
    const chosen = page.waitForResponse((response) => /\/api\/imports\/\d+\/rows\/\d+$/.test(response.url()) && response.request().method() === 'PATCH');
    await options.filter({ hasText: '(2003)' }).click();
    assert.equal((await chosen).status(), 200);
    await page.waitForFunction(() => document.querySelector('.import-count:nth-child(3) dd')?.textContent === '0');
    await rows.filter({ hasText: 'The Quiet Harbour (2003)' }).waitFor();
    assert.equal(await choice.count(), 0, 'a settled row shows its film instead of the choice');

    // Not found: one film found by hand with the IMDb search, one left out on purpose.
    await page.getByRole('button', { name: /^Not found/ }).click();
    await rows.filter({ hasText: 'A Film Nobody Ever Made (1999)' }).waitFor();
    const sherlock = rows.filter({ hasText: 'Sherlock Junior (1924)' });
    if (await sherlock.locator('.import-candidates').count()) {
      // Close titles were offered: the search is the Dropdown's last option.
      await sherlock.locator('.import-candidates').click();
      await page.locator('.import-candidates-panel [role="option"]', { hasText: 'Another title' }).click();
    }
    await page.getByLabel('Search IMDb for Sherlock Junior (1924)').pressSequentially('Sherlock');
    await page.locator('.import-search-panel [role="option"]', { hasText: 'Sherlock Jr. (1924)' }).click();
    await sherlock.getByRole('link', { name: 'Sherlock Jr. (1924)' }).waitFor();
    await page.getByRole('button', { name: 'Leave out A Film Nobody Ever Made (1999)' }).click();
    await page.waitForFunction(() => document.querySelector('.import-count:nth-child(5) dd')?.textContent === '1');
    assert.equal(await count(page, 'Not found').innerText(), '0');

    await page.getByRole('button', { name: 'Import', exact: true }).click();
    await page.getByRole('heading', { name: /is imported$/ }).waitFor({ timeout: 30_000 });
    const added = await page.locator('.import-added').innerText();
    assert.match(added, /diary entr/);
    assert.match(added, /on your watchlist/);
    assert.match(added, /1 new list/);
    await checkScreen(page, 'import-result');

    const report = page.getByRole('link', { name: 'Download report (CSV)' });
    const reportReply = await page.request.get(new URL((await report.getAttribute('href'))!, site.url).toString());
    assert.equal(reportReply.status(), 200);
    const reportText = await reportReply.text();
    assert.match(reportText, /A Film Nobody Ever Made/);
    assert.match(reportText, /^\uFEFFFile,Line,Kind,Title/, 'in the reader’s language, English');

    // The diary and the watchlist show what came in.
    await page.getByRole('link', { name: 'Open your diary' }).click();
    await page.waitForURL('**/user/profile/boxd_fan?tab=diary');
    const diary = page.locator('.diary-entry');
    await diary.first().waitFor();
    const diaryText = (await diary.allInnerTexts()).join('\n');
    for (const title of ['Casablanca', 'Psycho', 'The Quiet Harbour (2003)', 'Sherlock Jr.']) assert.ok(diaryText.includes(title), `${title} is in the diary:\n${diaryText}`);

    await page.goto('/watchlist');
    await page.locator('.watchlist-item', { hasText: 'Metropolis' }).waitFor();
    await page.locator('.watchlist-item', { hasText: 'Rear Window' }).waitFor();

    // And everything goes out again, as a Letterboxd zip.
    await page.goto('/user/profile/boxd_fan');
    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Export for Letterboxd' }).click();
    const file = await (await download).path();
    const bytes = fs.readFileSync(file);
    assert.ok(bytes.length > 22, 'the export is not empty');
    assert.equal(bytes.subarray(0, 2).toString('latin1'), 'PK', 'the export is a zip');

    // The import page lists it among the member's imports, with when it happened said as people say it.
    await page.goto('/import');
    const recent = page.locator('.import-recent-list li').first();
    await recent.waitFor();
    assert.match(await recent.locator('.import-recent-meta').innerText(), /^Letterboxd · (now|\d+ minutes? ago) · \d+ rows$/);
    assert.equal(await recent.locator('.import-status').innerText(), 'Imported');

    assert.deepEqual(pageErrors, []);
    await context.close();
  });

  it('shows the import in the way when an upload is refused because another is running', async () => {
    const { page, context, pageErrors } = await newPage(browser, site.url);
    await registerAndLogin(page, 'two_tabs');
    await page.goto('/import');
    await page.getByRole('heading', { name: 'Bring your film history' }).waitFor();
    assert.equal(await page.locator('.import-recent-list li').count(), 0);
    // Another tab uploads first; this one's upload meets it still being read.
    const other = await page.request.post('/api/imports', { multipart: { file: { name: 'other-tab.csv', mimeType: 'text/csv', buffer: Buffer.from('Date,Name,Year,Letterboxd URI,Rating\n2024-02-10,Casablanca,1942,https://boxd.it/2b0k,4.5\n') } } });
    assert.equal(other.status(), 200);
    const running = { success: false, error: 'One of your imports is still running. Wait for it to finish, then upload the next file.', code: 'import_running' };
    await page.route('**/api/imports', (route) =>
      route.request().method() === 'POST' ? route.fulfill({ status: 409, contentType: 'application/json', body: JSON.stringify(running) }) : route.fallback(),
    );
    await page.getByLabel('History file (.zip or .csv)').setInputFiles({ name: 'ratings.csv', mimeType: 'text/csv', buffer: Buffer.from('Date,Name,Year,Letterboxd URI,Rating\n') });
    await page.locator('.import-upload .p-inline-message-error', { hasText: running.error }).waitFor();
    await page.locator('.import-recent-list li', { hasText: 'other-tab.csv' }).waitFor();
    assert.deepEqual(pageErrors, []);
    await context.close();
  });

  it('says why a file cannot be imported and offers another try', async () => {
    const { page, context, pageErrors } = await newPage(browser, site.url);
    await registerAndLogin(page, 'wrong_file');
    await page.goto('/import');
    await page.getByLabel('History file (.zip or .csv)').setInputFiles({ name: 'shopping.csv', mimeType: 'text/csv', buffer: Buffer.from('Item,Price\nBread,2\n') });
    // Refused at once (the upload's own error) or failed once read: either way the server's sentence shows.
    const refused = page.locator('.import-upload .p-inline-message-error, .import-failed .p-inline-message-error');
    await refused.waitFor({ timeout: 30_000 });
    assert.match(await refused.innerText(), /columns/, 'a sentence says what is wrong');
    const violations = await seriousViolations(page);
    assert.equal(violations.length, 0, describeViolations(violations));
    if (await page.locator('.import-failed').count()) {
      await page.getByRole('link', { name: 'Try another file' }).click();
      await page.waitForURL('**/import');
    }
    await page.getByRole('heading', { name: 'Bring your film history' }).waitFor();
    assert.deepEqual(pageErrors, []);
    await context.close();
  });
});
