import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { describeViolations, seriousViolations } from './a11y';
import { screenshot } from './harness';
import { layoutProblems } from './layout';

const DOCS_SCREENSHOTS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../docs/screenshots');
export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1400, height: 900 };

/**
 * A screen reached in the journey: checked with axe-core (no serious or critical
 * violations) and photographed at desktop and phone widths. With
 * DOCS_SCREENSHOTS=1 the pictures also replace those in docs/screenshots/.
 */
export async function checkScreen(page: Page, name: string): Promise<void> {
  const violations = await seriousViolations(page);
  if (violations.length) throw new Error(`Accessibility problems on ${name}:\n${describeViolations(violations)}`);
  const desktop = await screenshot(page, `journey-${name}-desktop`);
  const desktopProblems = await layoutProblems(page);
  const original = page.viewportSize() ?? DESKTOP;
  await page.setViewportSize(PHONE);
  await page.waitForTimeout(300); // let responsive carousels settle before the picture
  const phone = await screenshot(page, `journey-${name}-phone`);
  const phoneProblems = await layoutProblems(page);
  await page.setViewportSize(original);
  const problems = [
    ...desktopProblems.map((problem) => `at ${DESKTOP.width} px: ${problem}`),
    ...phoneProblems.map((problem) => `at ${PHONE.width} px: ${problem}`),
  ];
  if (problems.length) throw new Error(`Layout problems on ${name}:\n${problems.join('\n')}`);
  if (process.env.DOCS_SCREENSHOTS === '1') {
    fs.mkdirSync(DOCS_SCREENSHOTS, { recursive: true });
    fs.copyFileSync(desktop, path.join(DOCS_SCREENSHOTS, `${name}-desktop.png`));
    fs.copyFileSync(phone, path.join(DOCS_SCREENSHOTS, `${name}-phone.png`));
  }
}
