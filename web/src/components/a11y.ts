import type { AutoCompletePassThroughOptions } from 'primereact/autocomplete';
import type { DropdownPassThroughOptions } from 'primereact/dropdown';
import type { InputSwitchPassThroughOptions } from 'primereact/inputswitch';
import { type RefObject, useEffect, useLayoutEffect } from 'react';
import { t } from '../i18n';

/**
 * Names for the parts of a PrimeReact Dropdown it leaves unnamed: the hidden
 * native <select> it keeps for forms, and the trigger button (named after the
 * placeholder, or nothing). The focusable input takes `inputId` + a <label>, or
 * `aria-label`, as usual. The Dropdown also puts `aria-activedescendant` on its
 * role-less outer <div> while focused, naming `dropdownItem_-1` before any option
 * is focused: an attribute a <div> may not carry, pointing at nothing. It is dropped.
 */
export function dropdownNames(label: string): DropdownPassThroughOptions {
  return {
    root: { 'aria-activedescendant': undefined },
    select: { 'aria-label': label },
    trigger: { 'aria-label': label },
  };
}

/**
 * A Dropdown with `showClear`: PrimeReact gives its clear icon a tab stop and Enter but no role
 * or name, so it is named a button here.
 */
export function clearableDropdownNames(label: string): DropdownPassThroughOptions {
  return { ...dropdownNames(label), clearIcon: { role: 'button', 'aria-label': t('Clear {{label}}', { label }) } };
}

/**
 * Pressing a suggestion leaves the focus in the field. Otherwise the field's blur re-renders the
 * AutoComplete, which places its panel again between the press and the release: a panel shown above
 * the field for want of room below flips under it once the page has scrolled (or a phone's keyboard
 * has closed), the release lands elsewhere and the choice is lost.
 */
export const SUGGESTIONS_KEEP_FOCUS: AutoCompletePassThroughOptions = { panel: { onMouseDown: (event) => event.preventDefault() } };

/** A cleared Dropdown's clear icon goes, and the focus with it: the focus goes back to the field (by its `inputId`). */
export function focusAfterClear(inputId: string): void {
  requestAnimationFrame(() => document.getElementById(inputId)?.focus());
}

/**
 * Gives the focus back to what had it when a dialog opened (the button that opened it), once the
 * dialog is gone. Ours leave the page at once on close, so PrimeReact's own return never runs.
 */
export function useFocusReturn(): void {
  useEffect(() => {
    const opener = document.activeElement;
    return () => {
      if (opener instanceof HTMLElement && opener.isConnected) opener.focus({ preventScroll: true });
    };
  }, []);
}

/** InputSwitch wraps its own role="switch" checkbox in a div with role="checkbox": one control, so the wrapper loses its role. */
export const SWITCH_PT: InputSwitchPassThroughOptions = { root: { role: undefined, 'aria-checked': undefined } };

const FOCUSABLE = 'a[href], button, input, select, textarea, [tabindex]';
/** Where a hidden slide's element keeps its own tabindex ('' for none) until the slide shows again. */
const SAVED = 'data-slide-tabindex';

/** The attribute marking the element whose text names its slide. */
export const SLIDE_LABEL = 'data-slide-label';

/** Takes a slide's links and buttons out of the tab order, or puts them back as they were. */
function setSlideFocusable(slide: Element, focusable: boolean) {
  slide.querySelectorAll<HTMLElement>(FOCUSABLE).forEach((element) => {
    const saved = element.getAttribute(SAVED);
    if (focusable) {
      if (saved === null) return;
      if (saved === '') element.removeAttribute('tabindex');
      else element.setAttribute('tabindex', saved);
      element.removeAttribute(SAVED);
    } else if (saved === null) {
      element.setAttribute(SAVED, element.getAttribute('tabindex') ?? '');
      element.setAttribute('tabindex', '-1');
    }
  });
}

/**
 * PrimeReact's Carousel marks slides out of view aria-hidden but leaves their
 * links and buttons in the tab order, and its circular copies of the first and
 * last slides are neither hidden nor unfocusable, so keyboard users tab through
 * invisible and duplicate controls. This keeps the Carousel's own view of which
 * slides are shown and makes the rest unfocusable (not inert: a copy can be on
 * screen for a moment and must still take a click). It also names each slide
 * after the text of its element marked `data-slide-label` (the movie's title),
 * where the Carousel names them by their index from 0. `shown`: the Carousel is
 * rendered inside `container` now.
 */
export function useCarouselHiddenSlides(container: RefObject<HTMLElement | null>, shown: boolean) {
  // In the commit that shows the slides, not in a later task: nothing (a keyboard, a screen
  // reader, a check) ever meets a hidden slide that can still be focused.
  useLayoutEffect(() => {
    const root = container.current;
    if (!shown || !root) return;
    const sync = () => {
      root.querySelectorAll('.p-carousel-item, .p-carousel-item-cloned').forEach((slide) => {
        const copy = slide.classList.contains('p-carousel-item-cloned');
        if (copy && slide.getAttribute('aria-hidden') !== 'true') slide.setAttribute('aria-hidden', 'true');
        setSlideFocusable(slide, !copy && slide.getAttribute('aria-hidden') !== 'true');
        const label = slide.querySelector(`[${SLIDE_LABEL}]`)?.textContent?.trim();
        if (label && slide.getAttribute('aria-label') !== label) slide.setAttribute('aria-label', label);
      });
    };
    sync();
    const observer = new MutationObserver(sync);
    observer.observe(root, { subtree: true, childList: true, characterData: true, attributes: true, attributeFilter: ['aria-hidden', 'aria-label'] });
    return () => observer.disconnect();
  }, [container, shown]);
}
