import { PAIN_MAX, PAIN_MIN, REVIEW_TEXT_MAX, type ReviewRead, TTM_GRADES, type TtmGrade } from '@movieclub/contract';
import { BUDGET_OPTIONS } from '../../lib/budget';
import { Button } from 'primereact/button';
import { Card } from 'primereact/card';
import { Dropdown } from 'primereact/dropdown';
import { InputSwitch } from 'primereact/inputswitch';
import { GrowingTextarea } from '../../components/GrowingTextarea';
import { SelectButton } from 'primereact/selectbutton';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { answeredUnsuccessfully, ApiError, errorText } from '../../api/client';
import { deleteReview, postReview } from '../../api/reviews';
import { clearableDropdownNames, focusAfterClear, SWITCH_PT } from '../../components/a11y';
import { RatingLetter } from '../../components/RatingLetter';
import { StarRating } from '../../components/StarRating';
import { t } from '../../i18n';
import { EMPTY_REVIEW_FORM, formChoicesFromReview, reviewPayload, type ReviewFormValues } from './movieFormat';
import { useOnePending } from '../../lib/useOnePending';

const PAIN_OPTIONS = Array.from({ length: PAIN_MAX - PAIN_MIN + 1 }, (_, index) => ({ label: String(PAIN_MIN + index), value: PAIN_MIN + index }));
const yesNoOptions = () => [
  { label: t('YES'), value: true },
  { label: t('NO'), value: false },
];

/**
 * The alert text for a failed submit. A reply saying success false: the server's
 * sentence, else 'Failed to submit review.'. Any other failure (an error status,
 * no answer at all): the server's sentence when it sent one, else 'An error
 * occurred while submitting your review.' — never the client's own wording.
 */
function submitFailure(error: unknown): string {
  if (answeredUnsuccessfully(error)) return error.message || t('Failed to submit review.');
  return error instanceof ApiError && error.answered && error.message ? error.message : t('An error occurred while submitting your review.');
}

interface ReviewFormProps {
  movieId: number;
  /** The user's own review, to open the form on: undefined while loading, null for none. */
  saved?: ReviewRead | null;
  onPosted(): Promise<unknown>;
  /** After the member deleted their review: every read of it is stale. */
  onDeleted(): Promise<unknown>;
}

/** 'Leave a Review': no checks here, empties go as null, and the text box clears after a submit. */
export function ReviewForm({ movieId, saved, onPosted, onDeleted }: ReviewFormProps) {
  const [form, setForm] = useState<ReviewFormValues>(EMPTY_REVIEW_FORM);
  // Once the user has chosen something, a late-arriving saved review must not overwrite it.
  const touched = useRef(false);
  const set = <K extends keyof ReviewFormValues>(key: K, value: ReviewFormValues[K]) => {
    touched.current = true;
    setForm((current) => ({ ...current, [key]: value }));
  };

  useEffect(() => {
    if (saved && !touched.current) setForm((current) => ({ ...current, ...formChoicesFromReview(saved) }));
  }, [saved]);

  const post = useMutation({
    mutationFn: async (values: ReviewFormValues) => {
      await postReview(reviewPayload(movieId, values));
      set('text', '');
      await onPosted();
    },
    onError: (error) => window.alert(submitFailure(error)),
  });
  const send = useOnePending(post);
  const busy = post.isPending;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    send(form);
  };
  const yesNo = yesNoOptions();

  // Deleting empties the form; the focus goes to the sentence saying so, as the button goes.
  const deletedNotice = useRef<HTMLParagraphElement>(null);
  const remove = useMutation({
    mutationFn: async (id: number) => {
      await deleteReview(id);
      touched.current = false;
      setForm(EMPTY_REVIEW_FORM);
      await onDeleted();
    },
  });
  const deletedShown = remove.isSuccess && !saved;
  useEffect(() => {
    if (deletedShown) deletedNotice.current?.focus();
  }, [deletedShown]);
  const askToDelete = () => {
    if (saved && !remove.isPending && window.confirm(t('Delete your review of this movie? Its comments and reactions go with it.'))) remove.mutate(saved.id);
  };

  return (
    <Card title={t('Leave a Review')} className="movie-review-form">
      <form onSubmit={submit} className="review-form" noValidate>
        <Field label={t('Actual Rating')} id="review-stars">
          <StarRating label={t('Actual Rating')} value={form.stars} onChange={(stars) => set('stars', stars)} />
        </Field>
        <Field label={t('TTM Rating')} id="review-ttm">
          {/* allowEmpty: clicking the chosen grade again clears it. */}
          <SelectButton
            className="ttm-select"
            value={form.ttm_rating}
            options={[...TTM_GRADES]}
            onChange={(e) => set('ttm_rating', (e.value as TtmGrade | null) ?? null)}
            itemTemplate={(grade: TtmGrade) => (
              <span className="ttm-option">
                <RatingLetter grade={grade} size={22} />
                {grade}
              </span>
            )}
          />
        </Field>
        <Field label={t('Pain Level')} id="review-pain" input>
          <Dropdown
            inputId="review-pain"
            value={form.pain_level}
            options={PAIN_OPTIONS}
            onChange={(e) => {
              set('pain_level', e.value ?? null);
              if (e.value == null) focusAfterClear('review-pain');
            }}
            showClear
            placeholder="1-10"
            pt={clearableDropdownNames(t('Pain Level'))}
          />
        </Field>
        <Field label={t('Smoke Alarms')} id="review-smoke">
          <SelectButton value={form.smoke_alarms} options={yesNo} onChange={(e) => set('smoke_alarms', e.value ?? null)} />
        </Field>
        <Field label={t('Movie Equipment Seen')} id="review-equipment">
          <SelectButton value={form.equipment_seen} options={yesNo} onChange={(e) => set('equipment_seen', e.value ?? null)} />
        </Field>
        <Field label={t('Estimated Budget')} id="review-budget" input>
          <Dropdown
            inputId="review-budget"
            value={form.estimated_budget}
            options={BUDGET_OPTIONS}
            onChange={(e) => {
              set('estimated_budget', e.value ?? null);
              if (e.value == null) focusAfterClear('review-budget');
            }}
            showClear
            placeholder={t('Select a budget')}
            pt={clearableDropdownNames(t('Estimated Budget'))}
          />
        </Field>
        <Field label={t('Text Review')} id="review-text" input>
          <GrowingTextarea id="review-text" value={form.text} maxLength={REVIEW_TEXT_MAX} onChange={(e) => set('text', e.target.value)} rows={5} className="w-full" />
        </Field>
        <Field label={t('Contains spoilers')} id="review-spoiler" input>
          <InputSwitch inputId="review-spoiler" checked={form.spoiler} onChange={(e) => set('spoiler', Boolean(e.value))} pt={SWITCH_PT} />
        </Field>
        {/* Not disabled while it saves: that would throw the keyboard's focus out of the form. */}
        <div className="review-form-actions">
          <Button type="submit" label={t('Submit Review')} aria-busy={busy} className="review-submit" />
          {saved && <Button type="button" label={t('Delete Review')} icon="pi pi-trash" severity="danger" text aria-busy={remove.isPending} onClick={askToDelete} />}
        </div>
        {remove.isError && (
          <p className="review-form-error" role="alert">
            {errorText(remove.error, t('Could not delete the review.'))}
          </p>
        )}
        <p className="review-form-notice" role="status" ref={deletedNotice} tabIndex={-1}>
          {deletedShown ? t('Your review was deleted.') : ''}
        </p>
      </form>
    </Card>
  );
}

/** A labelled row; widgets without their own input are grouped under the label. */
function Field({ label, id, input = false, children }: { label: string; id: string; input?: boolean; children: ReactNode }) {
  return (
    <div className="review-field" role="group" aria-labelledby={`${id}-label`}>
      <label id={`${id}-label`} htmlFor={input ? id : undefined}>
        {label}
      </label>
      {children}
    </div>
  );
}
