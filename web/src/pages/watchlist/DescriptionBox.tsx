import { Button } from 'primereact/button';
import { Editor } from 'primereact/editor';
import { useState } from 'react';
import { saveDescription } from '../../api/watchlists';

interface DescriptionBoxProps {
  listId: number;
  description: string;
  canEdit: boolean;
  onSaved(description: string): void;
}

/**
 * The list's description: server-sanitised HTML, or 'No description.'. Editors
 * edit it in a 200 px rich-text editor; Cancel restores the saved text. The page
 * keys this box by list id, so switching lists leaves edit mode.
 */
export function DescriptionBox({ listId, description, canEdit, onSaved }: DescriptionBoxProps) {
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(description);
  const [saving, setSaving] = useState(false);

  const save = async () => {
    setSaving(true);
    try {
      const reply = await saveDescription(listId, draft);
      onSaved(reply.description);
      setEditing(false);
    } catch {
      // Description failures are swallowed; the editor stays open with the draft.
    } finally {
      setSaving(false);
    }
  };

  if (editing) {
    return (
      <section className="description-box editing">
        <Editor value={draft} onTextChange={(event) => setDraft(event.htmlValue ?? '')} style={{ height: '200px' }} aria-label="Description" />
        <div className="description-actions">
          <Button type="button" label="Save" size="small" loading={saving} onClick={() => void save()} />
          <Button
            type="button"
            label="Cancel"
            size="small"
            severity="secondary"
            disabled={saving}
            onClick={() => {
              setDraft(description);
              setEditing(false);
            }}
          />
        </div>
      </section>
    );
  }
  return (
    <section className="description-box">
      {description ? (
        // Sanitised by the server against the allowlist before it was stored.
        <div className="description-html" dangerouslySetInnerHTML={{ __html: description }} />
      ) : (
        <p className="description-empty">No description.</p>
      )}
      {canEdit && (
        <Button
          type="button"
          label="Edit"
          icon="pi pi-pencil"
          size="small"
          text
          onClick={() => {
            setDraft(description);
            setEditing(true);
          }}
        />
      )}
    </section>
  );
}
