import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { useRef, useState } from 'react';
import { t } from '../../i18n';
import { copyText } from '../../lib/clipboard';

/** One address for another app, with a Copy button (or the text selected, where the clipboard is refused or does not answer). */
export function CopyField({ id, label, value }: { id: string; label: string; value: string }) {
  const field = useRef<HTMLInputElement>(null);
  const [note, setNote] = useState('');
  const copy = async () => {
    if (await copyText(value)) return setNote(t('Copied.'));
    field.current?.select();
    setNote(t('Selected: copy it with your keyboard.'));
  };
  return (
    <div className="admin-new-link">
      <label htmlFor={id}>{label}</label>
      <div className="admin-link-row">
        <InputText id={id} ref={field} value={value} readOnly onFocus={(event) => event.target.select()} />
        <Button type="button" label={t('Copy')} icon="pi pi-copy" aria-label={t('Copy the {{server}} address', { server: label })} onClick={() => void copy()} />
      </div>
      <p className="admin-note" role="status">
        {note}
      </p>
    </div>
  );
}
