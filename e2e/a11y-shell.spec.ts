import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { describeViolations, seriousViolations } from './support/a11y';
import { closeStage, newPage, openStage, type Site } from './support/harness';

describe('accessibility of the shell screens', () => {
  let site: Site;
  let browser: Browser;
  before(async () => ({ site, browser } = await openStage()));
  after(() => closeStage(site, browser));

  for (const path of ['/login', '/register', '/no-such-page']) {
    it(`${path} has no serious or critical axe violations`, async () => {
      const { page, context } = await newPage(browser, site.url);
      await page.goto(path);
      await page.locator('.app-title').waitFor();
      const violations = await seriousViolations(page);
      assert.equal(violations.length, 0, describeViolations(violations));
      await context.close();
    });
  }
});
