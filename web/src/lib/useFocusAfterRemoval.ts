import { useLayoutEffect, useRef } from 'react';
import { moveFocusAfter } from './focusAfter';

/**
 * A row removed from the keyboard takes its button, and the focus, with it: once the row is gone
 * from `keys`, the focus goes to the same button of the row now in its place (the one before it
 * when it was the last), or to `fallback` when no row is left; not if the member moved on meanwhile.
 */
export function useFocusAfterRemoval<Key>(keys: readonly Key[] | undefined, buttons: () => ArrayLike<HTMLElement>, fallback: () => HTMLElement | null | undefined) {
  const removed = useRef<{ key: Key; index: number; pressed: Element | null } | null>(null);
  const find = useRef({ buttons, fallback });
  find.current = { buttons, fallback };
  useLayoutEffect(() => {
    const pending = removed.current;
    if (!pending || !keys || keys.includes(pending.key)) return;
    removed.current = null;
    const left = find.current.buttons();
    moveFocusAfter(pending.pressed, left[Math.min(pending.index, left.length - 1)] ?? find.current.fallback());
  }, [keys]);
  return {
    /** Called as the removal starts: the row with this key, at this place among the buttons. */
    removing(key: Key, index: number) {
      removed.current = { key, index, pressed: document.activeElement };
    },
    /** The removal was refused: the row stays, and so does the focus. */
    kept() {
      removed.current = null;
    },
  };
}
