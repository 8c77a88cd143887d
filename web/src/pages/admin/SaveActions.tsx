import { Button } from 'primereact/button';

/** A settings form's save button, and the note that says how saving went (read out when it changes). */
export function SaveActions({ label, saving, disabled, note }: { label: string; saving: boolean; disabled: boolean; note: string }) {
  return (
    <div className="admin-actions">
      <Button type="submit" label={label} icon="pi pi-check" loading={saving} disabled={disabled} />
      <span className="admin-note" role="status">
        {note}
      </span>
    </div>
  );
}
