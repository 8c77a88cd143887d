import { Button, type ButtonProps } from 'primereact/button';

/**
 * A PrimeReact Button that is never `disabled`: with nothing to do (`idle`) or while its work runs
 * (`busy`) it says so (`aria-disabled`, `aria-busy`) and ignores presses, but keeps the keyboard's
 * focus. A disabled button under the focus drops it to the page, so the next Tab starts over.
 */
export function FocusKeepingButton({ idle = false, busy = false, className, onClick, ...props }: Omit<ButtonProps, 'disabled' | 'loading'> & { idle?: boolean; busy?: boolean }) {
  const inactive = idle || busy;
  return (
    <Button
      {...props}
      aria-disabled={inactive}
      aria-busy={busy}
      className={[className, inactive && 'button-inactive'].filter(Boolean).join(' ') || undefined}
      onClick={(event) => {
        if (inactive) return event.preventDefault();
        onClick?.(event);
      }}
    />
  );
}
