import { useEffect } from 'react';
import { useLocation, useNavigationType } from 'react-router-dom';
import { giveBack } from '../lib/screenFocusMemory';

/**
 * A link or a back step that opens another screen leaves the focus on what is gone (so on the page
 * itself) or in the header's menu: it goes to the new screen's heading, and a followed link starts
 * at the top. Back and Forward give it instead to what had it when that screen was left (the link
 * followed from it), once the screen draws it again; the browser keeps the scroll. A field the new
 * screen focused keeps it, and so does a control of a screen that stays (a list picked from the
 * list beside it), an address corrected in place likewise.
 */
export function useFocusOnNewScreen(pathname: string) {
  const navigationType = useNavigationType();
  const { key } = useLocation();
  useEffect(() => {
    const previous = shownPath;
    shownPath = pathname;
    if (previous === null || previous === pathname) return;
    const focused = document.activeElement;
    const lost = !focused || focused === document.body || !focused.isConnected;
    if (!lost && !focused.closest('.app-header')) return;
    if (navigationType === 'PUSH') window.scrollTo(0, 0);
    if (navigationType === 'POP') giveBack(key, focused, focusHeading);
    else focusHeading();
  }, [pathname, key, navigationType]);
}

/** The screen last shown, kept outside the layout in case a new screen mounts a new one; null before the first. */
let shownPath: string | null = null;
function focusHeading() {
  document.querySelector<HTMLElement>('.app-title')?.focus({ preventScroll: true });
}
