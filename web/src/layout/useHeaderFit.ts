import { type RefObject, useLayoutEffect } from 'react';

/**
 * The narrowest the header search may get (box and button) while the header can still give
 * something up: its placeholder shows in full in English and German.
 */
const SEARCH_MIN_PX = 240;

/**
 * What the header gives up, one step at a time, for the search to keep SEARCH_MIN_PX (styles.css,
 * `data-fit`): the brand's name, the language's name (its globe stays), the Admin and Logout labels
 * (Logout's tooltip stays), the username beside the avatar, the menu's icons and some spacing.
 * What it needs depends on the language, the username and whether Admin shows, so the header
 * measures itself rather than trusting fixed widths.
 */
const STEPS = ['brand', 'language', 'labels', 'name', 'tight'];

/** The least of a shortened username worth showing in the folded header: three letters and the ellipsis. */
const NAME_MIN_PX = 40;

/** The width at which the theme folds the menu into its burger; the search then has a row of its own. */
const COLLAPSED = '(max-width: 960px)';

/** Keeps `data-fit` on the header at the fewest steps that leave the search its room, as the window, the words or the signed-in part change. */
export function useHeaderFit(header: RefObject<HTMLElement | null>): void {
  useLayoutEffect(() => {
    const element = header.current;
    if (!element) return;
    const collapsed = window.matchMedia(COLLAPSED);
    const fit = () => {
      if (collapsed.matches) {
        element.dataset.fit = 'collapsed';
        // The username shortened to a letter or two says nothing: the avatar alone then, as wide headers do.
        const name = element.querySelector('.user-chip-link .p-chip-text');
        if (name && name.scrollWidth > name.clientWidth && name.clientWidth < NAME_MIN_PX) element.dataset.fit = 'collapsed name';
        return;
      }
      const search = element.querySelector('.header-search');
      let steps = 0;
      element.dataset.fit = '';
      while (search && steps < STEPS.length && search.getBoundingClientRect().width < SEARCH_MIN_PX) {
        steps += 1;
        element.dataset.fit = STEPS.slice(0, steps).join(' ');
      }
    };
    fit();
    // The header is as wide as the window; giving parts up changes neither its width nor its height.
    const resized = new ResizeObserver(fit);
    resized.observe(element);
    // The signed-in part arrives in a chunk of its own, and the words change with the language. The
    // whole header is watched, so parts the menu draws anew count too; changes inside the search
    // are left out (its suggestions come and go as people type).
    const inSearch = (node: Node) => (node instanceof Element ? node : node.parentElement)?.closest('.header-search');
    const changed = new MutationObserver((records) => {
      if (records.some((record) => !inSearch(record.target))) fit();
    });
    changed.observe(element, { childList: true, subtree: true, characterData: true });
    void document.fonts?.ready.then(fit);
    return () => {
      resized.disconnect();
      changed.disconnect();
    };
  }, [header]);
}
