import { useMutation } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { Editor } from 'primereact/editor';
import type Quill from 'quill';
import { useMemo, useState } from 'react';
import { saveDescription } from '../../api/watchlists';
import { t } from '../../i18n';
import { FocusKeepingButton } from '../../components/FocusKeepingButton';

/**
 * What the server keeps of a description (its sanitiser's allowlist): headings, bold, italic,
 * underline, strike, lists, blockquote, inline code and links. The editor offers only these,
 * and Quill parses only these, so pasted colours, fonts, alignment or images never appear.
 * (Code blocks are left out: Quill writes them as divs, which the sanitiser turns into text.)
 */
const DESCRIPTION_FORMATS = ['header', 'bold', 'italic', 'underline', 'strike', 'list', 'blockquote', 'code', 'link'];

const headerChoices = (): Array<[value: string, label: string]> => [
  ['1', t('Heading 1')],
  ['2', t('Heading 2')],
  ['3', t('Heading 3')],
  ['', t('Normal')],
];

const toolbar = () => (
  <>
    <span className="ql-formats">
      <select className="ql-header" defaultValue="">
        {headerChoices().map(([value, label]) => (
          <option key={label} value={value}>
            {label}
          </option>
        ))}
      </select>
    </span>
    <span className="ql-formats">
      <button type="button" className="ql-bold" aria-label={t('Bold')} />
      <button type="button" className="ql-italic" aria-label={t('Italic')} />
      <button type="button" className="ql-underline" aria-label={t('Underline')} />
      <button type="button" className="ql-strike" aria-label={t('Strikethrough')} />
    </span>
    <span className="ql-formats">
      <button type="button" className="ql-list" value="ordered" aria-label={t('Numbered list')} />
      <button type="button" className="ql-list" value="bullet" aria-label={t('Bulleted list')} />
      <button type="button" className="ql-blockquote" aria-label={t('Quote')} />
      <button type="button" className="ql-code" aria-label={t('Code')} />
    </span>
    <span className="ql-formats">
      <button type="button" className="ql-link" aria-label={t('Link')} />
      <button type="button" className="ql-clean" aria-label={t('Clear formatting')} />
    </span>
  </>
);

/**
 * Names what Quill builds from the toolbar markup: the header picker (a span acting as a
 * button, and its choices), the link box, and the editable area itself; lets Tab leave it.
 */
function nameEditorControls(quill: Quill) {
  const toolbar = quill.getModule('toolbar') as { container?: HTMLElement } | undefined;
  const picker = toolbar?.container?.querySelector('.ql-picker.ql-header');
  picker?.querySelector('.ql-picker-label')?.setAttribute('aria-label', t('Text style'));
  const choices = headerChoices();
  picker?.querySelectorAll('.ql-picker-item').forEach((item) => {
    const value = item.getAttribute('data-value') ?? '';
    item.setAttribute('aria-label', choices.find(([choice]) => choice === value)?.[1] ?? t('Normal'));
  });
  quill.container.querySelector('.ql-tooltip input')?.setAttribute('aria-label', t('Link address'));
  quill.root.setAttribute('role', 'textbox');
  quill.root.setAttribute('aria-multiline', 'true');
  quill.root.setAttribute('aria-label', t('Description'));
  // Tab leaves the editor for Save and Cancel, as in any text box, instead of typing a tab (a keyboard trap).
  delete (quill.keyboard as unknown as { bindings: Record<string, unknown> }).bindings.Tab;
  // Edit was pressed to write: the text goes where the keyboard is.
  quill.focus();
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
  // Built once: Quill turns the toolbar's markup into its own controls on mount.
  const header = useMemo(toolbar, []);
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
          headerTemplate={header}
          formats={DESCRIPTION_FORMATS}
          onLoad={nameEditorControls}
        />
        <div className="description-actions">
          <FocusKeepingButton type="button" label={t('Save')} size="small" busy={saving.isPending} onClick={save} />
          <Button
            type="button"
            label={t('Cancel')}
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
        <p className="description-empty">{t('No description.')}</p>
      )}
      {canEdit && (
        <Button
          type="button"
          label={t('Edit')}
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
