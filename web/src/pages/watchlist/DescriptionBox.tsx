import { useMutation } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { Editor } from 'primereact/editor';
import type Quill from 'quill';
import { useState } from 'react';
import { saveDescription } from '../../api/watchlists';

/**
 * What the server keeps of a description (its sanitiser's allowlist): headings, bold, italic,
 * underline, strike, lists, blockquote, inline code and links. The editor offers only these,
 * and Quill parses only these, so pasted colours, fonts, alignment or images never appear.
 * (Code blocks are left out: Quill writes them as divs, which the sanitiser turns into text.)
 */
const DESCRIPTION_FORMATS = ['header', 'bold', 'italic', 'underline', 'strike', 'list', 'blockquote', 'code', 'link'];

const HEADER_CHOICES: Array<[value: string, label: string]> = [
  ['1', 'Heading 1'],
  ['2', 'Heading 2'],
  ['3', 'Heading 3'],
  ['', 'Normal'],
];

const TOOLBAR = (
  <>
    <span className="ql-formats">
      <select className="ql-header" defaultValue="">
        {HEADER_CHOICES.map(([value, label]) => (
          <option key={label} value={value}>
            {label}
          </option>
        ))}
      </select>
    </span>
    <span className="ql-formats">
      <button type="button" className="ql-bold" aria-label="Bold" />
      <button type="button" className="ql-italic" aria-label="Italic" />
      <button type="button" className="ql-underline" aria-label="Underline" />
      <button type="button" className="ql-strike" aria-label="Strikethrough" />
    </span>
    <span className="ql-formats">
      <button type="button" className="ql-list" value="ordered" aria-label="Numbered list" />
      <button type="button" className="ql-list" value="bullet" aria-label="Bulleted list" />
      <button type="button" className="ql-blockquote" aria-label="Quote" />
      <button type="button" className="ql-code" aria-label="Code" />
    </span>
    <span className="ql-formats">
      <button type="button" className="ql-link" aria-label="Link" />
      <button type="button" className="ql-clean" aria-label="Clear formatting" />
    </span>
  </>
);

/**
 * Names what Quill builds from the toolbar markup: the header picker (a span acting as a
 * button, and its choices), the link box, and the editable area itself.
 */
function nameEditorControls(quill: Quill) {
  const toolbar = quill.getModule('toolbar') as { container?: HTMLElement } | undefined;
  const picker = toolbar?.container?.querySelector('.ql-picker.ql-header');
  picker?.querySelector('.ql-picker-label')?.setAttribute('aria-label', 'Text style');
  picker?.querySelectorAll('.ql-picker-item').forEach((item) => {
    const value = item.getAttribute('data-value') ?? '';
    item.setAttribute('aria-label', HEADER_CHOICES.find(([choice]) => choice === value)?.[1] ?? 'Normal');
  });
  quill.container.querySelector('.ql-tooltip input')?.setAttribute('aria-label', 'Link address');
  quill.root.setAttribute('role', 'textbox');
  quill.root.setAttribute('aria-multiline', 'true');
  quill.root.setAttribute('aria-label', 'Description');
}

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
  const saving = useMutation({
    mutationFn: (html: string) => saveDescription(listId, html),
    onSuccess: (reply) => {
      onSaved(reply.description);
      setEditing(false);
    },
    // Description failures are swallowed; the editor stays open with the draft.
    onError: () => undefined,
  });
  const save = () => saving.mutate(draft);

  if (editing) {
    return (
      <section className="description-box editing">
        <Editor
          value={draft}
          onTextChange={(event) => setDraft(event.htmlValue ?? '')}
          style={{ height: '200px' }}
          headerTemplate={TOOLBAR}
          formats={DESCRIPTION_FORMATS}
          onLoad={nameEditorControls}
        />
        <div className="description-actions">
          <Button type="button" label="Save" size="small" loading={saving.isPending} onClick={save} />
          <Button
            type="button"
            label="Cancel"
            size="small"
            severity="secondary"
            disabled={saving.isPending}
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
