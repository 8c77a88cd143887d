/**
 * The link that had the focus on each history entry when it was left, so Back and Forward can give
 * it back. The screen is drawn anew by then, so a link is kept by its address and which of the
 * screen's links with that address it was. Only the screen's main area counts: the header's menu
 * may be folded away by then, and its heading is where a screen starts anyway.
 */
type LeftLink = { href: string; index: number };

/** Entries kept; older ones are forgotten. */
const LIMIT = 50;
/** How long Back waits for the screen to draw the link (its data may still be loading). */
const WAIT_MS = 2000;
const remembered = new Map<string, LeftLink>();
/** Counts give-backs, so only the latest one goes on. */
let givingBack = 0;

/** The history entry the browser is on: react-router keeps its location key in the entry's state. */
const currentEntryKey = (): string => (window.history.state as { key?: string } | null)?.key ?? 'default';

const linksTo = (href: string) => [...document.querySelectorAll<HTMLElement>('main a')].filter((link) => link.getAttribute('href') === href);

/**
 * Each entry keeps the last link of its main area that took the focus, and focus anywhere else
 * forgets it. The entry is read from the history as the focus moves: after a followed link the new
 * entry is current before its screen is drawn, so what the new screen focuses is never kept for the
 * old one.
 */
document.addEventListener('focusin', (event) => {
  const key = currentEntryKey();
  const target = event.target instanceof HTMLElement ? event.target : null;
  const href = target?.closest('main') && target.tagName === 'A' ? target.getAttribute('href') : null;
  remembered.delete(key);
  if (href === null) return;
  remembered.set(key, { href, index: linksTo(href).indexOf(target!) });
  if (remembered.size > LIMIT) remembered.delete(remembered.keys().next().value as string);
});

/**
 * Gives the focus back to the link the entry was left with, trying each frame until the screen has
 * drawn it, for a short while: data may come from the cache at once or after a load. Stops once
 * anything else takes the focus or the member moves on; the heading takes it when the link never comes.
 */
export function giveBack(key: string, focusedBefore: Element | null, focusHeading: () => void): void {
  const left = remembered.get(key);
  if (!left) return focusHeading();
  const run = ++givingBack;
  const until = performance.now() + WAIT_MS;
  const step = () => {
    const now = document.activeElement;
    if (run !== givingBack || currentEntryKey() !== key || (now && now !== document.body && now !== focusedBefore && now.isConnected)) return;
    const link = linksTo(left.href)[left.index];
    // The browser restores the scroll position: focusing must not move it.
    link?.focus({ preventScroll: true });
    if (link && document.activeElement === link) return;
    if (performance.now() < until) requestAnimationFrame(step);
    else focusHeading();
  };
  step();
}
