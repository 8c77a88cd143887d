import assert from 'node:assert/strict';
import type { BrowserContext, Page } from 'playwright-core';

/**
 * What a person would see as broken layout on the current viewport: a page that
 * scrolls sideways, a control that sticks out of the screen, or text that spills
 * out of its box. Content clipped on purpose (carousel tracks, ellipsis, line
 * clamps, scrolling panels) is not a problem: only overflow that stays visible is.
 */
export async function layoutProblems(page: Page): Promise<string[]> {
  // tsx compiles the named helpers below with esbuild's keepNames, which calls a `__name` the page lacks.
  await page.evaluate('window.__name = window.__name || ((fn) => fn)');
  return page.evaluate(() => {
    const problems: string[] = [];
    const viewport = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth > viewport + 1) {
      problems.push(`the page scrolls sideways (${document.documentElement.scrollWidth} px wide in a ${viewport} px viewport)`);
    }
    const describe = (element: Element) => {
      const id = element.id ? `#${element.id}` : '';
      const classes = typeof element.className === 'string' && element.className.trim()
        ? `.${element.className.trim().split(/\s+/).slice(0, 2).join('.')}`
        : '';
      const text = (element.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
      return `${element.tagName.toLowerCase()}${id}${classes}${text ? ` "${text}"` : ''}`;
    };
    const visible = (element: Element) => {
      const style = getComputedStyle(element);
      const box = element.getBoundingClientRect();
      return style.visibility !== 'hidden' && style.display !== 'none' && box.width > 0 && box.height > 0;
    };
    /** True when an ancestor hides or scrolls what pokes out of it (carousels, panels, ellipsis). */
    const clippedByAncestor = (element: Element) => {
      for (let node = element.parentElement; node && node !== document.body; node = node.parentElement) {
        if (getComputedStyle(node).overflowX !== 'visible') return true;
      }
      return false;
    };
    const interactive = 'a[href], button, input, select, textarea, [role="button"], [role="combobox"], [role="slider"], [role="radio"]';
    for (const element of Array.from(document.querySelectorAll(interactive))) {
      if (!visible(element) || clippedByAncestor(element)) continue;
      const box = element.getBoundingClientRect();
      if (box.right > viewport + 1 || box.left < -1) {
        problems.push(`${describe(element)} sticks out of the screen (${Math.round(box.left)}–${Math.round(box.right)} px)`);
      }
    }
    for (const element of Array.from(document.querySelectorAll('body *'))) {
      if (!visible(element)) continue;
      const style = getComputedStyle(element);
      if (style.display.startsWith('inline') && !style.display.includes('block') && !style.display.includes('flex')) continue;
      if (style.overflowX !== 'visible' || clippedByAncestor(element)) continue;
      const ownText = Array.from(element.childNodes).some((node) => node.nodeType === Node.TEXT_NODE && node.textContent?.trim());
      if (!ownText) continue;
      if (element.scrollWidth > element.clientWidth + 1) {
        problems.push(`${describe(element)} overflows its box (${element.scrollWidth} px of text in ${element.clientWidth} px)`);
      }
    }
    return problems;
  });
}

/**
 * Where `selectors` sit with the page's styles as they are, and again with every rule the
 * page's scripts added (PrimeReact's `<style>` elements: its components' own rules and each
 * carousel's item widths) taken out. A screen rendered in the background is painted before
 * those rules arrive: any difference is something that jumps a moment after the first paint.
 */
export async function boxesWithoutAddedRules(page: Page, selectors: string[]): Promise<{ withRules: string[]; without: string[]; removed: number }> {
  const boxes = () =>
    page.evaluate((wanted) =>
      wanted.map((selector) => {
        const box = document.querySelector(selector)?.getBoundingClientRect();
        return `${selector}: ${box ? [box.x, box.y, box.width, box.height].map(Math.round).join(' ') : 'missing'}`;
      }), selectors);
  const withRules = await boxes();
  const removed = await page.evaluate(() => {
    const added = [...document.querySelectorAll('style')];
    added.forEach((style) => style.remove());
    return added.length;
  });
  return { withRules, without: await boxes(), removed };
}

/**
 * Opens `address` at a phone's and a desktop's width, waits for `ready` and the network to settle,
 * and fails if anything in `selectors` sits elsewhere without the rules the scripts added.
 */
export async function assertLaidOutFromStylesheet(
  open: (viewport: { width: number; height: number }) => Promise<{ page: Page; context: BrowserContext }>,
  address: string,
  ready: string,
  selectors: string[],
): Promise<void> {
  for (const viewport of [{ width: 390, height: 844 }, { width: 1400, height: 900 }]) {
    const { page, context } = await open(viewport);
    await page.goto(address);
    await page.locator(ready).first().waitFor();
    await page.waitForLoadState('networkidle');
    const { withRules, without, removed } = await boxesWithoutAddedRules(page, selectors);
    assert.ok(removed > 0, 'PrimeReact added its rules');
    assert.deepEqual(without, withRules, `${address} at ${viewport.width} px`);
    await context.close();
  }
}

/** How far a text box's placeholder is cut off: its drawn width minus the room inside the box (≤ 0 when it fits). */
export function placeholderOverflow(page: Page, selector: string): Promise<number> {
  return page.locator(selector).evaluate((input: HTMLInputElement) => {
    const style = getComputedStyle(input);
    const context = document.createElement('canvas').getContext('2d')!;
    context.font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const room = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    return context.measureText(input.placeholder).width - room;
  });
}

/**
 * Words the browser split across two lines without a hyphen (`overflow-wrap` breaking a word too
 * long for its box): each as `word (in element)`. A break at a soft hyphen or a hyphen is a
 * hyphenated word, not a split one. Words in `[translate="no"]` (names people chose) are left out.
 */
export async function wordsSplitAcrossLines(page: Page): Promise<string[]> {
  await page.evaluate('window.__name = window.__name || ((fn) => fn)');
  return page.evaluate(() => {
    const split: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    const range = document.createRange();
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || parent.closest('[hidden], script, style, [translate="no"], [aria-hidden="true"]')) continue;
      const text = node.textContent ?? '';
      for (const match of text.matchAll(/[^\s\u00AD\-‐/]{2,}/g)) {
        // The line of its first letter and of its last (a range of the whole word also holds the hyphen drawn before it).
        const lineOf = (offset: number) => {
          range.setStart(node!, offset);
          range.setEnd(node!, offset + 1);
          return Math.round(range.getBoundingClientRect().bottom);
        };
        if (lineOf(match.index) !== lineOf(match.index + match[0].length - 1)) split.push(`${match[0]} (in ${parent.tagName.toLowerCase()}.${String(parent.className).split(/\s+/)[0]})`);
      }
    }
    return split;
  });
}
