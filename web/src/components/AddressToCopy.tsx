import { useEffect, useId, useRef } from 'react';
import { t } from '../i18n';
import './addressToCopy.css';

/**
 * An address the clipboard refused, shown selected with a sentence saying to copy it by hand.
 * Callers key it by the refused press, so that each press selects it again.
 * Pages load it lazily: it is rarely needed, and the first visit's script has no room for it.
 */
export default function AddressToCopy({ label, address }: { label: string; address: string }) {
  const id = useId();
  const field = useRef<HTMLInputElement>(null);
  useEffect(() => field.current?.select(), []);
  return (
    <div className="address-to-copy">
      <label htmlFor={id}>{label}</label>
      {/* PrimeReact's look without its InputText, whose key filter the first visit's script would then carry. */}
      <input id={id} ref={field} className="p-inputtext p-component" value={address} readOnly onFocus={(event) => event.target.select()} />
      <p role="status">{t('Selected: copy it with your keyboard.')}</p>
    </div>
  );
}
