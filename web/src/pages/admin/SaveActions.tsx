import { FocusKeepingButton } from '../../components/FocusKeepingButton';

/** A settings form's save button, and the note that says how saving went (read out when it changes). */
export function SaveActions({ label, saving, disabled, note }: { label: string; saving: boolean; disabled: boolean; note: string }) {
  return (
    <div className="admin-actions">
      <FocusKeepingButton type="submit" label={label} icon="pi pi-check" idle={disabled} busy={saving} />
      <span className="admin-note" role="status">
        {note}
      </span>
    </div>
  );
}
