import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Locator, Page } from 'playwright-core';
import { addMovie, addReview, createUser } from '../server/src/testing/factories';
import { closeStage, newSignedInPage, openStage, type Site } from './support/harness';
import { checkScreen } from './support/screens';

type Member = Awaited<ReturnType<typeof createUser>>;

/** The clipboards a copy button can meet, set up before the page's own scripts run. */
const CLIPBOARDS = {
  /** Never answers: an unfocused window, or a permission prompt left open. The older copy command still works. */
  silent: () => {
    navigator.clipboard.writeText = () => new Promise<void>(() => undefined);
  },
  /** None at all (a plain-http address other than localhost), and the copy command refused too. */
  refused: () => {
    Object.defineProperty(navigator, 'clipboard', { value: undefined });
    document.execCommand = () => false;
  },
};

/** A page signed in as `member` whose clipboard behaves as `clipboard` says. */
async function pageWith(browser: Browser, site: Site, member: Member, clipboard: keyof typeof CLIPBOARDS) {
  const opened = await newSignedInPage(browser, site.url, member);
  await opened.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: site.url });
  await opened.context.addInitScript(CLIPBOARDS[clipboard]);
  return opened;
}

/** What the clipboard holds, read through the API the silent clipboard still answers for reading. */
const clipboardText = (page: Page) => page.evaluate(() => navigator.clipboard.readText());

/** The field's selected text, and whether it has the focus, so that the keyboard's copy takes it. */
const selectionIn = (field: Locator) =>
  field.evaluate((input: HTMLInputElement) => ({
    selected: input.value.slice(input.selectionStart ?? 0, input.selectionEnd ?? 0),
    focused: document.activeElement === input,
  }));

describe('copy buttons, whatever the clipboard does', () => {
  let site: Site;
  let browser: Browser;
  let admin: Member;
  let listPath: string;
  const year = new Date().getUTCFullYear();

  before(async () => {
    ({ site, browser } = await openStage());
    admin = await createUser(site, 'copy_admin'); // the first account runs the site
    const list = (await admin.agent.post('/api/watchlists/public', { name: 'Copy Night' })).body.watchlist as { id: number };
    listPath = `/watchlist/${list.id}-copy-night`;
    const movie = await addMovie(site.database.db, { title: 'Copied Picture', year: 1999 });
    await addReview(site.database.db, { user_id: admin.id, movie_id: movie.id, stars: 8 });
  });
  after(() => closeStage(site, browser));

  /** Each copy button, pressed on its screen: `text` is what it copies, `field` where it shows that text, `button` the button pressed. */
  const buttons: { name: string; press(page: Page): Promise<{ text: string; field: Locator; button: Locator }> }[] = [
    {
      name: "a list's Stremio address",
      press: async (page) => {
        await page.goto(listPath);
        const button = page.getByRole('button', { name: 'Stremio', exact: true });
        await button.click();
        return { text: `${site.url}/api${listPath}/stremio/manifest.json`, field: page.getByLabel('Stremio address'), button };
      },
    },
    {
      name: 'the admin page\'s Radarr address',
      press: async (page) => {
        await page.goto('/admin');
        const field = page.getByLabel('Radarr import list', { exact: true });
        const button = page.getByRole('button', { name: 'Copy the Radarr import list address' });
        await button.click();
        return { text: await field.inputValue(), field, button };
      },
    },
    {
      name: 'an invitation link',
      press: async (page) => {
        await page.goto('/admin');
        await page.getByRole('button', { name: 'Create invitation' }).click();
        const field = page.getByLabel('New invitation link');
        const text = await field.inputValue();
        const button = page.getByRole('button', { name: 'Copy link', exact: true });
        await button.click();
        return { text, field, button };
      },
    },
    {
      name: 'a new API token',
      press: async (page) => {
        await page.goto('/user/profile/copy_admin');
        const card = page.locator('.api-tokens');
        await card.getByLabel('Name').fill(`Script ${Date.now()}`);
        await card.getByRole('button', { name: 'Create token' }).click();
        const field = card.getByRole('textbox', { name: 'Token' });
        const text = await field.inputValue();
        const button = card.getByRole('button', { name: 'Copy', exact: true });
        await button.click();
        return { text, field, button };
      },
    },
    {
      name: "a year in review's address",
      press: async (page) => {
        await page.goto(`/user/profile/copy_admin/year/${year}`);
        const button = page.getByRole('button', { name: 'Copy link' });
        await button.click();
        return { text: `${site.url}/user/profile/copy_admin/year/${year}`, field: page.getByLabel('Address of this page'), button };
      },
    },
  ];

  it('copies with the older copy command when the clipboard never answers, and says so within seconds', async () => {
    const { page, context, pageErrors } = await pageWith(browser, site, admin, 'silent');
    for (const button of buttons) {
      const { text } = await button.press(page);
      // The confirmation each screen gives, after the two seconds the clipboard is given.
      await page.getByText(/^(Copied!|Copied\.|Link copied\.?|Copied to the clipboard\.)$/).first().waitFor({ timeout: 5_000 });
      assert.equal(await clipboardText(page), text, button.name);
    }
    assert.deepEqual(pageErrors, []);
    await context.close();
  });

  it('shows the text selected, with a sentence to copy it by hand, where nothing can copy', async () => {
    const { page, context, pageErrors } = await pageWith(browser, site, admin, 'refused');
    for (const button of buttons) {
      const { text, field, button: pressed } = await button.press(page);
      await page.getByText('Selected: copy it with your keyboard.').waitFor();
      assert.deepEqual(await selectionIn(field), { selected: text, focused: true }, button.name);
      // The reader clicks into the field and away; the next press selects the whole text again.
      await field.evaluate((input: HTMLInputElement) => {
        input.setSelectionRange(0, 0);
        input.blur();
      });
      await pressed.click();
      await page.waitForFunction((input) => input === document.activeElement, await field.elementHandle());
      assert.deepEqual(await selectionIn(field), { selected: text, focused: true }, `${button.name}, pressed again`);
      if (button.name.includes('Stremio')) {
        assert.equal(await page.getByRole('button', { name: 'Copied!' }).count(), 0, 'no confirmation for what was not copied');
        await checkScreen(page, 'watchlist-address-to-copy');
      }
      if (button.name.includes('year')) {
        assert.equal(await page.getByRole('button', { name: 'Link copied' }).count(), 0, 'no confirmation for what was not copied');
        await checkScreen(page, 'year-address-to-copy');
      }
    }
    assert.deepEqual(pageErrors, []);
    await context.close();
  });
});
