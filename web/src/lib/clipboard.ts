/** How long the clipboard may take to answer: a browser can leave its promise pending (an unfocused window, a permission prompt). */
export const CLIPBOARD_PATIENCE_MS = 2_000;

/** The clipboard API's answer within the patience, as whether it took the text (missing outside secure addresses). */
function writeWithinPatience(text: string): Promise<boolean> {
  if (!navigator.clipboard?.writeText) return Promise.resolve(false);
  let timer: number | undefined;
  return Promise.race([
    navigator.clipboard.writeText(text).then(() => true),
    new Promise<boolean>((resolve) => (timer = window.setTimeout(() => resolve(false), CLIPBOARD_PATIENCE_MS))),
  ])
    .catch(() => false)
    .finally(() => window.clearTimeout(timer));
}

/** The older copy command on a hidden text area: the only route on a plain-http address other than localhost. */
function copyWithCommand(text: string): boolean {
  const focused = document.activeElement as HTMLElement | null;
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.cssText = 'position:fixed;top:0;left:0;opacity:0';
  document.body.appendChild(area);
  area.select();
  area.setSelectionRange(0, text.length); // iOS selects nothing with select() alone
  let copied = false;
  try {
    copied = document.execCommand('copy');
  } catch {
    // Refused: the caller lets the reader copy by hand.
  }
  area.remove();
  focused?.focus({ preventScroll: true });
  return copied;
}

/**
 * Copies `text` to the clipboard and resolves whether it did. It never waits longer than
 * the patience, so a button always answers; where it resolves false the caller selects the
 * text for the reader to copy by hand. Import it statically and call it first thing in the click:
 * Safari lets the clipboard be written only while the tap is being handled.
 */
export async function copyText(text: string): Promise<boolean> {
  return (await writeWithinPatience(text)) || copyWithCommand(text);
}
