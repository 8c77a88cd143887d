import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import type { ApiAgent } from '../server/src/testing/client';
import { addMovie } from '../server/src/testing/factories';
import { describeViolations, seriousViolations } from './support/a11y';
import { closeStage, openStage, screenshot, SCREENSHOT_DIR, type Site } from './support/harness';
import { assertCallsTakenFromPage } from './support/pageCalls';
import { DESKTOP, PHONE } from './support/screens';

const PASSWORD = 'correct horse battery';

/** A member signed in over the API (setup and "another person's" actions). */
async function member(site: Site, username: string): Promise<ApiAgent> {
  const agent = site.agent();
  assert.equal((await agent.post('/api/register', { username, password: PASSWORD })).status, 200);
  assert.equal((await agent.post('/api/login', { username, password: PASSWORD })).status, 200);
  return agent;
}

/** A browser page, signed in with the member's session cookie when one is given. */
async function pageAs(browser: Browser, site: Site, agent: ApiAgent | null, viewport = DESKTOP) {
  const context = await browser.newContext({ baseURL: site.url, viewport });
  const page = await context.newPage();
  const pageErrors: Error[] = [];
  page.on('pageerror', (error) => pageErrors.push(error));
  if (agent) {
    const cookies = agent.cookieHeader.split('; ').map((pair) => {
      const index = pair.indexOf('=');
      return { name: pair.slice(0, index), value: pair.slice(index + 1), url: site.url };
    });
    await context.addCookies(cookies);
  }
  return { context, page, pageErrors };
}

/** A public list holding new movies with these titles, in this order. */
async function publicList(site: Site, owner: ApiAgent, name: string, titles: string[]) {
  const created = await owner.post('/api/watchlists/public', { name });
  assert.equal(created.status, 200);
  const list = created.body.watchlist as { id: number; name: string };
  const movies = [];
  for (const title of titles) {
    const movie = await addMovie(site.database.db, { title });
    movies.push(movie);
    assert.equal((await owner.post(`/api/watchlists/${list.id}/items`, { movie_id: movie.id })).status, 200);
  }
  const slug = name.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  return { id: list.id, path: `/watchlist/${list.id}-${slug}`, movies };
}

const titlesShown = (page: Page) => page.locator('.watchlist-item .item-title').allTextContents();

/** No sideways scrolling, and every control and title inside its box and the viewport. */
async function assertFits(page: Page, what: string) {
  const problems = await page.evaluate(() => {
    const found: string[] = [];
    const root = document.documentElement;
    if (root.scrollWidth > root.clientWidth) found.push(`page scrolls sideways (${root.scrollWidth} > ${root.clientWidth})`);
    for (const element of document.querySelectorAll<HTMLElement>('.watchlist-page button, .watchlist-page input, .watchlist-page a, .watchlist-page [role="button"]')) {
      const box = element.getBoundingClientRect();
      if (box.width === 0 || getComputedStyle(element).visibility === 'hidden') continue;
      if (box.left < -1 || box.right > root.clientWidth + 1) found.push(`${element.outerHTML.slice(0, 80)} leaves the viewport`);
    }
    for (const element of document.querySelectorAll<HTMLElement>('.item-title, .list-name, .public-list-name, .picker-title, .item-meta')) {
      if (element.scrollWidth > element.clientWidth + 1) found.push(`'${element.textContent}' overflows its box`);
    }
    return found;
  });
  assert.deepEqual(problems, [], `${what}: ${problems.join('; ')}`);
}

async function assertNoSeriousViolations(page: Page, what: string) {
  const violations = await seriousViolations(page);
  assert.deepEqual(violations, [], `${what}:\n${describeViolations(violations)}`);
}

describe('the watchlist page', () => {
  let site: Site;
  let browser: Browser;
  before(async () => ({ site, browser } = await openStage()));
  after(() => closeStage(site, browser));

  it('opens another public list from a list page, stays on it, and back and forward move between them', async () => {
    const owner = await member(site, 'switch_owner');
    const alpha = await publicList(site, owner, 'Alpha Night', ['Alpha Feature']);
    const beta = await publicList(site, owner, 'Beta Night', ['Beta Feature']);
    for (const viewport of [DESKTOP, PHONE]) {
      const { page, context, pageErrors } = await pageAs(browser, site, null, viewport);
      const shows = async (list: typeof alpha, name: string, title: string) => {
        await page.locator('.list-name', { hasText: name }).waitFor();
        await page.locator('.watchlist-item', { hasText: title }).waitFor();
        await page.locator('.public-list-card[aria-current="true"]', { hasText: name }).waitFor();
        assert.equal(new URL(page.url()).pathname, list.path, `${viewport.width} px: the address names ${name}`);
      };
      await page.goto(alpha.path);
      await shows(alpha, 'Alpha Night', 'Alpha Feature');

      await page.locator('.public-lists-card').getByRole('button', { name: /Beta Night/ }).click();
      await shows(beta, 'Beta Night', 'Beta Feature');
      assert.deepEqual(await titlesShown(page), ['Beta Feature']);
      // The picker stays on the screen, and so does the focus: on the list just picked.
      assert.match((await page.evaluate(() => document.activeElement?.textContent)) ?? '', /Beta Night/);
      await screenshot(page, `watchlist-switched-${viewport.width}`);

      await page.goBack();
      await shows(alpha, 'Alpha Night', 'Alpha Feature');
      await page.goForward();
      await shows(beta, 'Beta Night', 'Beta Feature');
      assert.deepEqual(await titlesShown(page), ['Beta Feature']);
      assert.deepEqual(pageErrors, []);
      await context.close();
    }
  });

  it('asks who is signed in and for the public lists from the page itself, each once', async () => {
    const { page, context } = await pageAs(browser, site, null, PHONE);
    await assertCallsTakenFromPage(page, '/watchlist', '.public-lists-card', ['/api/user', '/api/watchlists/public?q=&limit=8&offset=0']);
    await context.close();
  });

  it('invites a visitor on /watchlist to sign in beside the public lists; a member with an empty list is told so', async () => {
    const owner = await member(site, 'invite_owner');
    await publicList(site, owner, 'Open House', ['Open Feature']);
    for (const viewport of [DESKTOP, PHONE]) {
      const { page, context, pageErrors } = await pageAs(browser, site, null, viewport);
      await page.goto('/watchlist');
      const prompt = page.locator('.sign-in-prompt');
      await prompt.waitFor();
      assert.equal(await prompt.getByRole('link', { name: 'Login' }).getAttribute('href'), '/login');
      assert.equal(await prompt.getByRole('link', { name: 'Register' }).getAttribute('href'), '/register');
      await page.locator('.public-lists-card').getByRole('button', { name: /Open House/ }).waitFor();
      assert.equal(await page.getByText('You have no movies in your watchlist.').count(), 0);
      if (viewport === DESKTOP) {
        // No list card on the left: the invitation takes the main column, not its 260 px side strip.
        const width = (await prompt.boundingBox())!.width;
        assert.ok(width > 500, `the invitation is ${width} px wide`);
      }
      await assertFits(page, `visitor at ${viewport.width} px`);
      await screenshot(page, `watchlist-visitor-${viewport.width}`);
      await prompt.getByRole('link', { name: 'Register' }).click();
      await page.waitForURL('**/register');
      assert.deepEqual(pageErrors, []);
      await context.close();
    }
    const newcomer = await member(site, 'invite_newcomer');
    const { page, context } = await pageAs(browser, site, newcomer);
    await page.goto('/watchlist');
    await page.getByText('You have no movies in your watchlist.').waitFor();
    assert.equal(await page.locator('.sign-in-prompt').count(), 0);
    // Someone else's empty public list is not the reader's own.
    const empty = await publicList(site, owner, 'Still Empty', []);
    await page.goto(empty.path);
    await page.locator('.item-list-empty', { hasText: 'This list has no movies yet.' }).waitFor();
    assert.equal(await page.getByText('You have no movies in your watchlist.').count(), 0);
    await context.close();
  });

  it('reconnects after the server restarts, shows the failure meanwhile, and then receives the next pick live', async () => {
    const editor = await member(site, 'restart_editor');
    const list = await publicList(site, editor, 'Restart Night', ['Restart One', 'Restart Two']);
    const { page, context, pageErrors } = await pageAs(browser, site, null);
    await page.goto(list.path);
    const picker = page.locator('.picker-card');
    await picker.getByText('No movie picked yet.').waitFor();

    // A first pick arrives live: the page is subscribed.
    const first = await editor.post(`/api/watchlists/${list.id}/pick`);
    assert.equal(first.status, 200);
    const firstTitle: string = first.body.picked_movie.title;
    await picker.locator('.picker-title', { hasText: firstTitle }).waitFor();
    // The editor reviews it, so the next pick can only be the other movie.
    assert.equal((await editor.post('/api/review', { movie_id: first.body.picked_movie.id, stars: 6 })).status, 200);
    const nextTitle = firstTitle === 'Restart One' ? 'Restart Two' : 'Restart One';

    await site.restart(async () => {
      await picker.getByText('Realtime connection failed').waitFor();
      await screenshot(page, 'watchlist-realtime-down');
    });
    await picker.getByText('Realtime connection failed').waitFor({ state: 'detached' });

    const next = await editor.post(`/api/watchlists/${list.id}/pick`);
    assert.equal(next.status, 200);
    assert.equal(next.body.picked_movie.title, nextTitle);
    await picker.locator('.picker-title', { hasText: nextTitle }).waitFor();
    assert.deepEqual(pageErrors, []);
    await context.close();
  });

  it('keeps the keyboard on the list as rows and moderators are removed', async () => {
    const owner = await member(site, 'keys_owner');
    for (const name of ['keys_mod_a', 'keys_mod_b']) await member(site, name);
    const list = await publicList(site, owner, 'Keyed Rows', ['Keyed One', 'Keyed Two', 'Keyed Three']);
    for (const username of ['keys_mod_a', 'keys_mod_b']) {
      assert.equal((await owner.post('/api/add_moderator', { username, watchlist_id: list.id })).status, 200);
    }
    const { page, context, pageErrors } = await pageAs(browser, site, owner);
    await page.goto(list.path);
    const focused = () => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.tagName);
    const row = (title: string) => page.locator('.watchlist-item', { hasText: title });

    // Each 'Remove' names its movie; the focus goes to the 'Remove' of the row taking the place.
    await page.getByRole('button', { name: 'Remove Keyed Two' }).focus();
    await page.keyboard.press('Enter');
    await row('Keyed Two').waitFor({ state: 'detached' });
    assert.equal(await focused(), 'Remove Keyed Three');
    await page.keyboard.press('Enter');
    await row('Keyed Three').waitFor({ state: 'detached' });
    assert.equal(await focused(), 'Remove Keyed One', 'the last row gone, the one before it');
    await page.keyboard.press('Enter');
    // The owner's own public list, emptied, is not their personal watchlist.
    await page.locator('.item-list-empty', { hasText: 'This list has no movies yet.' }).waitFor();
    await page.waitForFunction(() => document.activeElement?.getAttribute('aria-label') === 'Movies in this list');

    // A removed moderator's button goes: the focus goes to the next one's, then to the name field.
    await page.getByRole('button', { name: 'Remove moderator keys_mod_a' }).focus();
    await page.keyboard.press('Enter');
    await page.locator('.moderator-list').getByRole('link', { name: 'keys_mod_a' }).waitFor({ state: 'detached' });
    assert.equal(await focused(), 'Remove moderator keys_mod_b');
    await page.keyboard.press('Enter');
    await page.locator('.moderator-list').getByRole('link', { name: 'keys_mod_b' }).waitFor({ state: 'detached' });
    assert.equal(await focused(), 'Add moderator by username');
    // Added from the button, the emptied field turns it off: the focus goes back to the field.
    await page.keyboard.type('keys_mod_a');
    await page.getByRole('button', { name: 'Add Moderator' }).focus();
    await page.keyboard.press('Enter');
    await page.locator('.moderator-list').getByRole('link', { name: 'keys_mod_a' }).waitFor();
    assert.equal(await focused(), 'Add moderator by username');
    const stored = await site.database.db.selectFrom('watchlist_items').select('movie_id').where('watchlist_id', '=', list.id).execute();
    assert.deepEqual(stored, [], 'the removals were saved');
    assert.deepEqual(pageErrors, []);
    await context.close();
  });

  it('reorders by dropping a row on the middle of another row, with an insertion marker, and by keyboard', async () => {
    const editor = await member(site, 'drag_editor');
    const list = await publicList(site, editor, 'Drag Rows', ['Row First', 'Row Second', 'Row Third']);
    const { page, context, pageErrors } = await pageAs(browser, site, editor);
    await page.goto(list.path);
    const row = (title: string) => page.locator('.watchlist-item', { hasText: title });
    await row('Row Third').waitFor();
    assert.deepEqual(await titlesShown(page), ['Row First', 'Row Second', 'Row Third']);
    for (const title of ['Row First', 'Row Second', 'Row Third']) {
      await row(title).getByRole('button', { name: 'Remove' }).waitFor();
      assert.match((await row(title).locator('.item-meta').textContent()) ?? '', /^IMDb (\d+(\.\d)?|N\/A) · (\d+ min|N\/A)$/);
    }

    // Mouse: press on the first row and let go over the middle of the third.
    const from = (await row('Row First').boundingBox())!;
    const onto = (await row('Row Third').boundingBox())!;
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2 + 20, { steps: 4 });
    await page.mouse.move(onto.x + onto.width / 2, onto.y + onto.height / 2, { steps: 12 });
    const marker = await row('Row Third').evaluate((element) => {
      const style = getComputedStyle(element, '::after');
      return { content: style.content, height: style.height, background: style.backgroundColor };
    });
    assert.notEqual(marker.content, 'none', 'an insertion marker shows below the row it will follow');
    assert.equal(marker.height, '4px');
    // Not a full-page picture: that resizes the viewport, and a resize cancels a drag.
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'watchlist-dragging.png') });
    const saved = page.waitForResponse((response) => response.url().endsWith(`/api/watchlists/${list.id}/items/order`) && response.request().method() === 'PUT');
    await page.mouse.up();
    assert.equal((await saved).status(), 200);
    assert.deepEqual(await titlesShown(page), ['Row Second', 'Row Third', 'Row First']);
    await page.reload();
    await row('Row First').waitFor();
    assert.deepEqual(await titlesShown(page), ['Row Second', 'Row Third', 'Row First']);

    // Keyboard: the Move buttons, and focus stays with the moved movie.
    const up = page.getByRole('button', { name: 'Move Row First up' });
    await up.focus();
    // A new order of the same movies: who has seen and rated them is not asked again.
    const askedAgain: string[] = [];
    const noteAsked = (request: { url(): string }) => {
      if (/\/seen\?|\/ratings\?|\/seen-by/.test(request.url())) askedAgain.push(request.url());
    };
    page.on('request', noteAsked);
    for (const expected of [
      ['Row Second', 'Row First', 'Row Third'],
      ['Row First', 'Row Second', 'Row Third'],
    ]) {
      const put = page.waitForResponse((response) => response.url().endsWith('/items/order') && response.request().method() === 'PUT');
      await page.keyboard.press('Enter');
      assert.equal((await put).status(), 200);
      assert.deepEqual(await titlesShown(page), expected);
      // The focus stays on the button, so its new place is said.
      const said = `Row First moved to position ${expected.indexOf('Row First') + 1} of 3.`;
      assert.equal(await page.locator('.item-list p[role="status"]').textContent(), said);
    }
    await page.waitForTimeout(500); // the list's own change echo and its reload
    page.off('request', noteAsked);
    assert.deepEqual(askedAgain, []);
    assert.equal(await up.isDisabled(), true, 'the first row cannot move up');
    assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('aria-label')), 'Move Row First down');
    await page.reload();
    await row('Row Third').waitFor();
    assert.deepEqual(await titlesShown(page), ['Row First', 'Row Second', 'Row Third']);

    // Someone adds a movie the page has not heard of: the stale reorder is refused and the list reloads.
    const sneaked = await addMovie(site.database.db, { title: 'Row Sneaked In' });
    await site.database.db
      .insertInto('watchlist_items')
      .values({ watchlist_id: list.id, movie_id: sneaked.id, position: 3, added_by: null, added_at: new Date().toISOString() })
      .execute();
    const refused = page.waitForResponse((response) => response.url().endsWith('/items/order') && response.request().method() === 'PUT');
    await page.getByRole('button', { name: 'Move Row Third up' }).click();
    assert.equal((await refused).status(), 409);
    await row('Row Sneaked In').waitFor();
    assert.deepEqual(await titlesShown(page), ['Row First', 'Row Second', 'Row Third', 'Row Sneaked In']);

    // A visitor sees the rows but cannot drag or move them.
    const visitor = await pageAs(browser, site, null);
    await visitor.page.goto(list.path);
    await visitor.page.locator('.watchlist-item', { hasText: 'Row Sneaked In' }).waitFor();
    assert.equal(await visitor.page.getByRole('button', { name: /^Move / }).count(), 0);
    assert.equal(await visitor.page.getByRole('button', { name: 'Remove' }).count(), 0);
    await visitor.context.close();
    assert.deepEqual(pageErrors, []);
    await context.close();
  });

  it('keeps the 1200 px list area on a wide screen without a grey panel, and drops it on a phone', async () => {
    const editor = await member(site, 'layout_editor');
    const list = await publicList(site, editor, 'Short List', ['Short One With A Rather Long Title To Wrap Around', 'Short Two']);
    for (const viewport of [DESKTOP, PHONE]) {
      const { page, context } = await pageAs(browser, site, editor, viewport);
      await page.goto(list.path);
      await page.locator('.watchlist-item', { hasText: 'Short Two' }).waitFor();
      const rows = page.getByLabel('Movies in this list');
      const area = await rows.evaluate((element) => {
        const style = getComputedStyle(element);
        return { height: element.getBoundingClientRect().height, background: style.backgroundColor, minHeight: style.minHeight };
      });
      if (viewport === DESKTOP) {
        assert.equal(area.minHeight, '1200px');
        assert.equal(area.background, 'rgba(0, 0, 0, 0)', 'the empty part of the area is not a grey panel');
      } else {
        assert.ok(area.height < 400, `two rows take ${area.height} px on a phone`);
      }
      await assertFits(page, `list at ${viewport.width} px`);
      await screenshot(page, `watchlist-editor-${viewport.width}`);
      await context.close();
    }
  });

  it('edits the description with only the formats the server keeps, every control named, axe clean with overlays open', async () => {
    const owner = await member(site, 'editor_owner');
    const list = await publicList(site, owner, 'Described List', ['Described Feature']);
    for (const viewport of [DESKTOP, PHONE]) {
      const { page, context, pageErrors } = await pageAs(browser, site, owner, viewport);
      await page.goto(list.path);
      await page.locator('.description-box').getByRole('button', { name: 'Edit' }).click();
      const toolbar = page.locator('.description-box .ql-toolbar');
      await toolbar.waitFor();
      assert.equal(await page.locator('.description-box .ql-container').evaluate((element) => element.parentElement!.getBoundingClientRect().height > 0), true);

      // Nothing the sanitiser strips is offered.
      for (const stripped of ['.ql-font', '.ql-size', '.ql-color', '.ql-background', '.ql-align', '.ql-image', '.ql-video', '.ql-code-block', '.ql-script', '.ql-indent', '.ql-direction']) {
        assert.equal(await toolbar.locator(stripped).count(), 0, `${stripped} is not offered`);
      }
      const names = await toolbar.locator('button:visible, [role="button"]:visible').evaluateAll((controls) => controls.map((control) => control.getAttribute('aria-label') ?? ''));
      assert.deepEqual(names, ['Text style', 'Bold', 'Italic', 'Underline', 'Strikethrough', 'Numbered list', 'Bulleted list', 'Quote', 'Code', 'Link', 'Clear formatting']);
      await assertNoSeriousViolations(page, `editor open at ${viewport.width} px`);
      await assertFits(page, `editor at ${viewport.width} px`);
      await screenshot(page, `watchlist-editor-open-${viewport.width}`);

      // The header picker, open.
      await toolbar.getByRole('button', { name: 'Text style' }).click();
      await toolbar.getByRole('button', { name: 'Heading 2' }).waitFor();
      await assertNoSeriousViolations(page, `header picker open at ${viewport.width} px`);
      await page.keyboard.press('Escape');

      // Pasted colours, fonts, alignment and images are not taken in; headings, bold and links are.
      const editable = page.getByRole('textbox', { name: 'Description' });
      await editable.click();
      await page.keyboard.press('Control+A');
      await page.keyboard.press('Delete');
      await editable.evaluate((element) => {
        const data = new DataTransfer();
        data.setData(
          'text/html',
          '<h2 style="text-align:center">Friday <span style="color:#e60000;font-family:serif;background:yellow">club</span></h2>' +
            '<p><strong>Bring</strong> <a href="https://example.org/">snacks</a><img src="data:image/gif;base64,R0lGODlhAQABAAAAACw="></p>',
        );
        data.setData('text/plain', 'Friday club\nBring snacks');
        element.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
      });
      await page.locator('.ql-editor h2', { hasText: 'Friday club' }).waitFor();
      const pasted = await page.locator('.ql-editor').innerHTML();
      assert.doesNotMatch(pasted, /style=|<img|ql-align|ql-font|ql-color|ql-bg/, pasted);
      assert.match(pasted, /<strong>Bring<\/strong>/);
      assert.match(pasted, /<a href="https:\/\/example\.org\/"/);

      // The link box, open.
      await page.locator('.ql-editor a', { hasText: 'snacks' }).click();
      await page.locator('.ql-tooltip:not(.ql-hidden)').waitFor();
      await assertNoSeriousViolations(page, `link box open at ${viewport.width} px`);

      const saved = page.waitForResponse((response) => response.url().endsWith('/description') && response.request().method() === 'PUT');
      await page.locator('.description-box').getByRole('button', { name: 'Save' }).click();
      assert.equal((await saved).status(), 200);
      await page.locator('.description-html h2', { hasText: 'Friday club' }).waitFor();
      await page.locator('.description-html a', { hasText: 'snacks' }).waitFor();

      // The rest of the page's inputs in use, with the Stremio tooltip showing.
      await page.getByPlaceholder('Add moderator by username').fill('someone_else');
      await page.getByPlaceholder('Search public watchlists...').fill('Described');
      await page.getByPlaceholder('New public list name').fill('Another');
      await page.getByRole('button', { name: 'Stremio', exact: true }).hover();
      await page.locator('.p-tooltip').waitFor();
      await assertNoSeriousViolations(page, `forms in use at ${viewport.width} px`);
      await assertFits(page, `owner at ${viewport.width} px`);
      await screenshot(page, `watchlist-owner-${viewport.width}`);
      assert.deepEqual(pageErrors, []);
      await context.close();
    }
  });
});

