import { STARS_MAX } from '@movieclub/contract';
import { useRef, useState } from 'react';
import { t } from '../i18n';
import { LazyOverlayPanel, type PopupHandle } from './LazyOverlayPanel';
import { StarRating } from './StarRating';

interface RatingPickerProps {
  /** The field's name, e.g. 'My Rating'. */
  label: string;
  value: number | null;
  onChange(stars: number): void;
}

/**
 * The 10-star rating for a card too narrow for ten 24-px stars: one button
 * showing the rating, opening the same star radio group in a popup. Choosing a
 * star (click, Enter or Space) rates and closes it; arrow keys rate and keep it
 * open, as they do on the stars in a row. Focus goes into the stars when it
 * opens and back to the button when it closes from inside.
 */
export function RatingPicker({ label, value, onChange }: RatingPickerProps) {
  const panel = useRef<PopupHandle>(null);
  const button = useRef<HTMLButtonElement>(null);
  const stars = useRef<HTMLDivElement>(null);
  const [open, setOpen] = useState(false);

  const shown = () => {
    setOpen(true);
    // The stars mount with the panel; focus the chosen one, or the first.
    requestAnimationFrame(() => {
      const items = stars.current?.querySelectorAll<HTMLElement>('.p-rating-item');
      items?.[Math.max(0, (value ?? 1) - 1)]?.focus();
    });
  };
  const hidden = () => {
    setOpen(false);
    const focus = document.activeElement;
    if (!focus || focus === document.body || stars.current?.contains(focus)) button.current?.focus();
  };

  return (
    <>
      <button
        ref={button}
        type="button"
        className="rating-picker-button"
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={(event) => panel.current?.toggle(event)}
      >
        <i className={value ? 'pi pi-star-fill' : 'pi pi-star'} aria-hidden="true" />
        <span className="visually-hidden">{label}: </span>
        {value ? (
          <>
            {value}
            <span className="rating-picker-of"> / {STARS_MAX}</span>
          </>
        ) : (
          t('Rate')
        )}
      </button>
      <LazyOverlayPanel handle={panel} onShow={shown} onHide={hidden} aria-label={label} className="rating-picker-panel">
        {/* Rendered with the panel (it mounts its content only while shown), so the panel is placed at its full width. */}
        <div ref={stars}>
          <StarRating
            label={label}
            value={value}
            className="rating-picker-stars"
            onChange={(chosen, how) => {
              onChange(chosen);
              if (how === 'choose') panel.current?.hide();
            }}
          />
        </div>
      </LazyOverlayPanel>
    </>
  );
}
