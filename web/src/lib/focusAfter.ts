/**
 * Moves the focus to `target` once a press's work is done, unless the member has moved on since:
 * only when the focus is still on what was pressed (`pressed`), or was lost with it (the page
 * itself). A field typed into meanwhile keeps it.
 */
export function moveFocusAfter(pressed: Element | null, target: HTMLElement | null | undefined): void {
  const now = document.activeElement;
  if (now && now !== document.body && now !== pressed) return;
  target?.focus();
}
