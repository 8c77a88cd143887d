import { BUDGET_BANDS, type BudgetBand, type ReviewPost, type ReviewRead, rowIdFromText, TTM_GRADES, type TtmGrade } from '@movieclub/contract';
import { formatLocale, formatNumber, t } from '../../i18n';

/** The numeric id from /movie/{id}, or null for anything else ('abc', '0', '12x'): the contract's rule for row ids, which the server reads the address by too. */
export function parseMovieId(raw: string | undefined): number | null {
  return raw === undefined ? null : rowIdFromText(raw);
}

/** The tt-number inside an IMDb address such as https://www.imdb.com/title/tt0111161/. */
export function tconstFromLink(link: string | null | undefined): string | null {
  return link?.match(/tt\d{7,}/)?.[0] ?? null;
}

/** '7.5 (2 ratings)' — one decimal with the count — or 'N/A' without ratings. */
export function averageText(avg: number | null | undefined, count: number | null | undefined): string {
  if (avg === null || avg === undefined || !Number.isFinite(Number(avg)) || !count) return t('N/A');
  const average = formatNumber(Number(avg), { minimumFractionDigits: 1, maximumFractionDigits: 1, useGrouping: false });
  return count === 1 ? t('{{average}} (1 rating)', { average }) : t('{{average}} ({{n}} ratings)', { average, n: count });
}

/** A review's date in the reader's locale; the raw text if it cannot be read. */
export function reviewDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleDateString(formatLocale());
}

export const yesNo = (value: boolean | null | undefined) => (value === true ? t('YES') : value === false ? t('NO') : null);

/** The 'Leave a Review' form as the widgets hold it: every field may be empty. */
export interface ReviewFormValues {
  stars: number | null;
  ttm_rating: TtmGrade | null;
  pain_level: number | null;
  smoke_alarms: boolean | null;
  equipment_seen: boolean | null;
  estimated_budget: BudgetBand | null;
  text: string;
  /** The text gives the plot away: readers see it blurred until they click. */
  spoiler: boolean;
}

export const EMPTY_REVIEW_FORM: ReviewFormValues = {
  stars: null,
  ttm_rating: null,
  pain_level: null,
  smoke_alarms: null,
  equipment_seen: null,
  estimated_budget: null,
  text: '',
  spoiler: false,
};

/**
 * The `POST /api/review` body: every field sent, empty ones as null, except an empty
 * text box. That box starts empty and clears after a submit, so sent as null it would
 * erase the words of a review whose stars are changed; left out, they stay. No checks
 * here — the server decides (a missing star rating comes back as its sentence).
 */
export function reviewPayload(movieId: number, form: ReviewFormValues): ReviewPost {
  const { text, ...post } = {
    movie_id: movieId,
    // The contract types stars as required; unset it still goes as null (spec: empties are sent as null).
    stars: form.stars as number,
    ttm_rating: form.ttm_rating ?? null,
    pain_level: form.pain_level ?? null,
    smoke_alarms: form.smoke_alarms ?? null,
    equipment_seen: form.equipment_seen ?? null,
    estimated_budget: form.estimated_budget ?? null,
    text: form.text,
    spoiler: form.spoiler,
  };
  return text.trim() === '' ? post : { ...post, text };
}

/**
 * The form's choices as a stored review holds them, for opening the form on the
 * user's own review. The text box is left out: it starts empty, as after a submit.
 */
export function formChoicesFromReview(review: ReviewRead): Omit<ReviewFormValues, 'text'> {
  const grade = TTM_GRADES.find((candidate) => candidate === review.ttm_rating) ?? null;
  const budget = BUDGET_BANDS.find((band) => band === review.estitamated_budget) ?? null;
  return {
    stars: review.stars ?? null,
    ttm_rating: grade,
    pain_level: review.how_painful ?? null,
    smoke_alarms: review.smoke_alerms ?? null,
    equipment_seen: review.movie_equipment_seen ?? null,
    estimated_budget: budget,
    spoiler: review.spoiler,
  };
}
