import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import postcss from 'postcss';
import type { Page } from 'playwright-core';
import { clientWords, withoutUnusedThemeRules } from '../../web/build/unusedThemeRules';

const require = createRequire(import.meta.url);
const THEME = require.resolve('primereact/resources/themes/lara-light-blue/theme.css');
const WEB_SOURCES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/src');

const selectorsOf = (css: string) => {
  const selectors = new Set<string>();
  postcss.parse(css).walkRules((rule) => rule.selectors.forEach((selector) => selectors.add(selector.trim())));
  return selectors;
};

let leftOut: string[] | null = null;

/**
 * The theme's selectors the build leaves out (web/build/unusedThemeRules.ts), without their
 * states and pseudo-elements (`.p-tree .p-treenode:focus` → `.p-tree .p-treenode`), so a
 * selector stands for every state of what it styles.
 */
function leftOutSelectors(): string[] {
  if (leftOut) return leftOut;
  const theme = fs.readFileSync(THEME, 'utf8');
  const kept = selectorsOf(withoutUnusedThemeRules(theme, clientWords(WEB_SOURCES)));
  leftOut = [...selectorsOf(theme)]
    .filter((selector) => !kept.has(selector))
    .map((selector) => selector.replace(/::?[\w-]+(\((?:[^()]|\([^()]*\))*\))?/g, '').trim())
    .filter((selector) => selector !== '' && !/[>+~]$/.test(selector));
  return leftOut;
}

/** The left-out theme selectors that match something on the page: each would have styled it. */
export async function leftOutThemeRulesInUse(page: Page): Promise<string[]> {
  return page.evaluate((selectors) => selectors.filter((selector) => {
    try {
      return document.querySelector(selector) !== null;
    } catch {
      return false; // not a selector the browser reads once its states are taken off
    }
  }), leftOutSelectors());
}
