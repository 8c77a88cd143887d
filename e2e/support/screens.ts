import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { describeViolations, seriousViolations } from './a11y';
import { screenshot } from './harness';
import { layoutProblems } from './layout';
import { leftOutThemeRulesInUse } from './themeRules';

const DOCS_SCREENSHOTS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../docs/screenshots');
export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1400, height: 900 };

/**
 * The screens kept in docs/screenshots (the README shows some): the spec's screens and what a
 * club does together. The others are photographed into e2e/artifacts only, to keep the repository small.
 */
const DOCUMENTED_SCREENS = new Set([
  'home', 'movie', 'watchlist', 'profile', 'add-movie', 'login', 'register', 'not-found', 'movie-not-found',
  'screening-board', 'schedule-movie-night', 'club', 'club-year-in-review', 'year-in-review', 'feed', 'notifications',
  'profile-stats', 'taste-match', 'movie-viewings', 'log-viewing-dialog', 'import-preview', 'review-comments', 'admin',
]);

/** A picture for docs/screenshots: reduced to a palette, which leaves a flat interface looking the same at a third of the bytes. */
async function copyToDocs(picture: string, name: string): Promise<void> {
  const { default: sharp } = await import('sharp'); // loaded only when the docs' pictures are asked for
  fs.mkdirSync(DOCS_SCREENSHOTS, { recursive: true });
  await sharp(picture).png({ palette: true, quality: 90, effort: 8, compressionLevel: 9 }).toFile(path.join(DOCS_SCREENSHOTS, name));
}

/**
 * A screen reached in the journey: checked with axe-core (no serious or critical
 * violations) and for theme rules the build left out that would style it, and photographed at desktop and phone widths. With
 * DOCS_SCREENSHOTS=1 the pictures of DOCUMENTED_SCREENS also replace those in docs/screenshots/.
 */
export async function checkScreen(page: Page, name: string): Promise<void> {
  const violations = await seriousViolations(page);
  if (violations.length) throw new Error(`Accessibility problems on ${name}:\n${describeViolations(violations)}`);
  const leftOutInUse = await leftOutThemeRulesInUse(page);
  if (leftOutInUse.length) throw new Error(`Theme rules the build leaves out would style ${name}: ${leftOutInUse.slice(0, 5).join(', ')}`);
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
  if (process.env.DOCS_SCREENSHOTS === '1' && DOCUMENTED_SCREENS.has(name)) {
    await copyToDocs(desktop, `${name}-desktop.png`);
    await copyToDocs(phone, `${name}-phone.png`);
  }
}
