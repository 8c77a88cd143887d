import { PAIN_MAX, PAIN_MIN, TTM_GRADES, type TtmGrade } from '@movieclub/contract';
import { BUDGET_OPTIONS } from '../../lib/budget';
import { Button } from 'primereact/button';
import { Card } from 'primereact/card';
import { Dropdown } from 'primereact/dropdown';
import { InputTextarea } from 'primereact/inputtextarea';
import { SelectButton } from 'primereact/selectbutton';
import { type FormEvent, type ReactNode, useState } from 'react';
import { ApiError, errorText } from '../../api/client';
import { postReview } from '../../api/reviews';
import { dropdownNames } from '../../components/a11y';
import { RatingLetter } from '../../components/RatingLetter';
import { StarRating } from '../../components/StarRating';
import { EMPTY_REVIEW_FORM, reviewPayload, type ReviewFormValues } from './movieFormat';

const PAIN_OPTIONS = Array.from({ length: PAIN_MAX - PAIN_MIN + 1 }, (_, index) => ({ label: String(PAIN_MIN + index), value: PAIN_MIN + index }));
const YES_NO = [
  { label: 'YES', value: true },
  { label: 'NO', value: false },
];

/** The alert text for a failed submit: the server's sentence, else the spec's fallback. */
function submitFailure(error: unknown): string {
  const unsuccessful = error instanceof ApiError && error.answered && (error.body as { success?: unknown } | null)?.success === false;
  if (unsuccessful) return error.message || 'Failed to submit review.';
  return errorText(error, 'An error occurred while submitting your review.');
}

/** 'Leave a Review': no checks here, empties go as null, and the text box clears after a submit. */
export function ReviewForm({ movieId, onPosted }: { movieId: number; onPosted(): Promise<unknown> }) {
  const [form, setForm] = useState<ReviewFormValues>(EMPTY_REVIEW_FORM);
  const [busy, setBusy] = useState(false);
  const set = <K extends keyof ReviewFormValues>(key: K, value: ReviewFormValues[K]) => setForm((current) => ({ ...current, [key]: value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      await postReview(reviewPayload(movieId, form));
      set('text', '');
      await onPosted();
    } catch (error) {
      window.alert(submitFailure(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card title="Leave a Review" className="movie-review-form">
      <form onSubmit={submit} className="review-form" noValidate>
        <Field label="Actual Rating" id="review-stars">
          <StarRating label="Actual Rating" value={form.stars} onChange={(stars) => set('stars', stars)} />
        </Field>
        <Field label="TTM Rating" id="review-ttm">
          {/* allowEmpty: clicking the chosen grade again clears it. */}
          <SelectButton
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
        <Field label="Pain Level" id="review-pain" input>
          <Dropdown
            inputId="review-pain"
            value={form.pain_level}
            options={PAIN_OPTIONS}
            onChange={(e) => set('pain_level', e.value ?? null)}
            showClear
            placeholder="1-10"
            pt={dropdownNames('Pain Level')}
          />
        </Field>
        <Field label="Smoke Alarms" id="review-smoke">
          <SelectButton value={form.smoke_alarms} options={YES_NO} onChange={(e) => set('smoke_alarms', e.value ?? null)} />
        </Field>
        <Field label="Movie Equipment Seen" id="review-equipment">
          <SelectButton value={form.equipment_seen} options={YES_NO} onChange={(e) => set('equipment_seen', e.value ?? null)} />
        </Field>
        <Field label="Estimated Budget" id="review-budget" input>
          <Dropdown
            inputId="review-budget"
            value={form.estimated_budget}
            options={BUDGET_OPTIONS}
            onChange={(e) => set('estimated_budget', e.value ?? null)}
            showClear
            placeholder="Select a budget"
            pt={dropdownNames('Estimated Budget')}
          />
        </Field>
        <Field label="Text Review" id="review-text" input>
          <InputTextarea id="review-text" value={form.text} onChange={(e) => set('text', e.target.value)} rows={5} autoResize className="w-full" />
        </Field>
        <Button type="submit" label="Submit Review" disabled={busy} className="review-submit" />
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
