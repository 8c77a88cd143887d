import { STARS_MAX } from '@movieclub/contract';
import { Rating } from 'primereact/rating';
import { type KeyboardEvent, useEffect, useRef } from 'react';
import { t } from '../i18n';

interface StarRatingProps {
  /** The accessible name of the whole row of stars, e.g. 'My Rating'. */
  label: string;
  value: number | null;
  /** `step` when an arrow key moved the choice, `choose` for a click, Enter or Space. */
  onChange?(stars: number, how: 'step' | 'choose'): void;
  /** Shown, not editable: one image named '{label}: n of 10 stars'. */
  readOnly?: boolean;
  className?: string;
}

const starName = (stars: number) => (stars === 1 ? t('1 star') : t('{{stars}} stars', { stars }));

/**
 * PrimeReact's Rating as a named radio group. Its stars are bare focusable divs
 * with no role or name, and no pass-through option knows a star's number, so
 * the roles, names and checked state are set on the rendered stars here. It
 * also checks for a key called 'Space', which never arrives (the key is ' '),
 * so Space is handled here as Enter is.
 */
export function StarRating({ label, value, onChange, readOnly = false, className }: StarRatingProps) {
  const rating = useRef<Rating>(null);
  const current = value ?? 0;

  useEffect(() => {
    if (readOnly) return;
    const stars = rating.current?.getElement()?.querySelectorAll<HTMLElement>('.p-rating-item') ?? [];
    stars.forEach((star, index) => {
      star.setAttribute('role', 'radio');
      star.setAttribute('aria-label', starName(index + 1));
      star.setAttribute('aria-checked', String(index + 1 === current));
      // One tab stop for the group, as in any radio group: the checked star, or the first.
      star.tabIndex = index === Math.max(current, 1) - 1 ? 0 : -1;
    });
    // As in any radio group, focus follows the checked star (PrimeReact leaves it where an arrow key was pressed).
    const focused = document.activeElement;
    if (current > 0 && focused instanceof HTMLElement && focused.classList.contains('p-rating-item') && [...stars].includes(focused)) {
      stars[current - 1]?.focus();
    }
  }, [current, readOnly]);

  if (readOnly) {
    const name = t('{{label}}: {{value}} of {{max}} stars', { label, value: current, max: STARS_MAX });
    return <Rating className={className} value={current} stars={STARS_MAX} cancel={false} readOnly role="img" aria-label={name} />;
  }

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const star = event.target as HTMLElement;
    if (event.key !== ' ' || !star.classList.contains('p-rating-item')) return;
    event.preventDefault();
    star.click();
  };

  return (
    <Rating
      ref={rating}
      className={className}
      value={current}
      stars={STARS_MAX}
      cancel={false}
      onChange={(event) => {
        const key = (event.originalEvent as { key?: unknown } | undefined)?.key;
        if (event.value) onChange?.(event.value, typeof key === 'string' && key.startsWith('Arrow') ? 'step' : 'choose');
      }}
      onKeyDown={onKeyDown}
      role="radiogroup"
      aria-label={label}
    />
  );
}
