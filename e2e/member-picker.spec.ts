import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { createUser } from '../server/src/testing/factories';
import { closeStage, newSignedInPage, openStage, type Site } from './support/harness';

describe('choosing a member from suggestions', () => {
  let site: Site;
  let browser: Browser;

  before(async () => {
    ({ site, browser } = await openStage());
  });
  after(() => closeStage(site, browser));

  it('takes a click on a suggestion shown above the field after the page has scrolled', async () => {
    // The first account is the site's admin, whose page has a member field far down.
    const admin = await createUser(site, 'pick_admin');
    await createUser(site, 'pick_bob');
    const { page, context, pageErrors } = await newSignedInPage(browser, site.url, admin);
    await page.goto('/admin');
    const section = page.locator('.admin-card', { has: page.locator('.p-card-title', { hasText: 'Members' }) });
    const field = section.getByLabel('Member to remove');
    await field.waitFor();

    // The field at the window's bottom edge: its suggestions open above it, for want of room below.
    await field.evaluate((input) => window.scrollBy(0, input.getBoundingClientRect().bottom - window.innerHeight + 4));
    await field.fill('pick_b');
    const suggestion = page.locator('.admin-remove-member-panel').getByText('pick_bob', { exact: true });
    await suggestion.waitFor();
    const fieldBox = (await field.boundingBox())!;
    const above = (await suggestion.boundingBox())!;
    assert.ok(above.y + above.height <= fieldBox.y, 'the suggestions open above the field');

    // The member scrolls the page on (now there is room below) and clicks the suggestion where it is.
    await page.mouse.move(fieldBox.x + 10, fieldBox.y - 200);
    await page.mouse.wheel(0, 300);
    await page.waitForFunction(() => window.scrollY > 0 && document.querySelector('.admin-remove-member-panel') !== null);
    const target = (await suggestion.boundingBox())!;
    await page.mouse.click(target.x + target.width / 2, target.y + target.height / 2);
    await section.locator('.p-autocomplete-token', { hasText: 'pick_bob' }).waitFor({ timeout: 5000 });
    assert.equal(await field.evaluate((input) => input === document.activeElement), true, 'the focus stays in the field');
    assert.deepEqual(pageErrors, []);
    await context.close();
  });
});
