import { COMMENT_TEXT_MAX } from '@movieclub/contract';
import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { GrowingTextarea } from '../GrowingTextarea';
import { useId, useState } from 'react';
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
}

/** The text (plain, line breaks kept; @name mentions a member) and whether it spoils the film. */
export function CommentForm({ initialText = '', initialSpoiler = false, textLabel, submitLabel, busy, error, onSubmit, onCancel }: CommentFormProps) {
  const ids = useId();
  const [text, setText] = useState(initialText);
  const [spoiler, setSpoiler] = useState(initialSpoiler);
  return (
    <form
      className="comment-form"
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit(text, spoiler);
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
        <Button type="submit" size="small" label={submitLabel} loading={busy} disabled={text.trim() === ''} />
      </div>
      {error && (
        <p className="social-error" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}
