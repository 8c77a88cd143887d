import type { RefObject } from 'react';

/** Calls `work` after two animation frames; answers a function that cancels it. */
function afterFrames(work: () => void): () => void {
  let frame = requestAnimationFrame(() => {
    frame = requestAnimationFrame(work);
  });
  return () => cancelAnimationFrame(frame);
}

/**
 * Opens an overlay (a Dropdown's panel, an OverlayPanel) whose component has just mounted.
 * PrimeReact puts an overlay's portal on the page a render or two after the component
 * mounts; opened before that, the overlay appears without its enter transition, unplaced
 * and without calling onShow. So it is opened after two frames, and if `entered` (set by
 * the overlay's onShow) is still false once the transition should have run, and nobody has
 * pressed a key or a pointer since, closed and opened again, a few times at most. Answers a
 * function that cancels what is pending.
 */
export function showWhenMounted(overlay: { show(): void; hide(): void }, entered: RefObject<boolean>, tries = 5): () => void {
  let cancel = afterFrames(() => {
    entered.current = false;
    overlay.show();
    // A key or a press meanwhile (Escape, an option, a click elsewhere) is the person using or closing
    // it: opening it again then would bring back a panel they had just closed.
    let used = false;
    const markUsed = () => (used = true);
    document.addEventListener('keydown', markUsed, true);
    document.addEventListener('pointerdown', markUsed, true);
    const stopWatching = () => {
      document.removeEventListener('keydown', markUsed, true);
      document.removeEventListener('pointerdown', markUsed, true);
    };
    // The enter transitions take 0.12 s; a busy machine gets some slack.
    const check = setTimeout(() => {
      stopWatching();
      if (entered.current || used || tries <= 1) return;
      overlay.hide();
      cancel = showWhenMounted(overlay, entered, tries - 1);
    }, 600);
    cancel = () => {
      clearTimeout(check);
      stopWatching();
    };
  });
  return () => cancel();
}
