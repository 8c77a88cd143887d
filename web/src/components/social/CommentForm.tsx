import { COMMENT_TEXT_MAX } from '@movieclub/contract';
import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { FocusKeepingButton } from '../FocusKeepingButton';
import { GrowingTextarea } from '../GrowingTextarea';
import { useEffect, useId, useState } from 'react';
import { t } from '../../i18n';

interface CommentFormProps {
  initialText?: string;
  initialSpoiler?: boolean;
  /** The text box's name for screen readers: 'Your comment', 'Change your comment'. */
  textLabel: string;
  submitLabel: string;
  busy: boolean;
  error: string;
  onSubmit(text: string, spoiler: boolean): void;
  onCancel?(): void;
  /** Puts the focus in the text box as the form appears (a comment opened for editing, the next comment after one is posted). */
  focusText?: boolean;
}

/** The text (plain, line breaks kept; @name mentions a member) and whether it spoils the film. */
export function CommentForm({ initialText = '', initialSpoiler = false, textLabel, submitLabel, busy, error, onSubmit, onCancel, focusText = false }: CommentFormProps) {
  const ids = useId();
  const [text, setText] = useState(initialText);
  const [spoiler, setSpoiler] = useState(initialSpoiler);
  // Not `autoFocus`: the text box measures itself as it is focused, which it can only once mounted.
  useEffect(() => {
    if (focusText) document.getElementById(`${ids}-text`)?.focus();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- as the form appears, not later
  }, []);
  return (
    <form
      className="comment-form"
      onSubmit={(event) => {
        event.preventDefault();
        if (!busy && text.trim() !== '') onSubmit(text, spoiler);
      }}
    >
      <label htmlFor={`${ids}-text`} className="visually-hidden">
        {textLabel}
      </label>
      <GrowingTextarea
        id={`${ids}-text`}
        value={text}
        rows={2}
        maxLength={COMMENT_TEXT_MAX}
        placeholder={t('Write a comment… (@name to mention a member)')}
        onChange={(event) => setText(event.target.value)}
      />
      <div className="comment-form-actions">
        <span className="comment-spoiler-choice">
          <Checkbox inputId={`${ids}-spoiler`} checked={spoiler} onChange={(event) => setSpoiler(Boolean(event.checked))} />
          <label htmlFor={`${ids}-spoiler`}>{t('Contains spoilers')}</label>
        </span>
        {onCancel && <Button type="button" size="small" text severity="secondary" label={t('Cancel')} onClick={onCancel} />}
        <FocusKeepingButton type="submit" size="small" label={submitLabel} busy={busy} idle={text.trim() === ''} />
      </div>
      {error && (
        <p className="social-error" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}
