import { z } from 'zod';
import { rowId, rowIdText } from './ids';
import { BUDGET_BANDS, PAIN_MAX, PAIN_MIN, REVIEW_TEXT_MAX, STARS_MAX, STARS_MIN, TTM_GRADES } from './limits';


const wholeNumber = (field: string, min: number, max: number) =>
  z
    .number({ error: `${field} must be a whole number from ${min} to ${max}.` })
    .int({ error: `${field} must be a whole number from ${min} to ${max}.` })
    .min(min, { error: `${field} must be a whole number from ${min} to ${max}.` })
    .max(max, { error: `${field} must be a whole number from ${min} to ${max}.` });

const flag = (field: string) => z.boolean({ error: `${field} must be true, false or null.` }).nullable();

/**
 * `POST /api/review`. A quick rating sends only movie_id and stars; the detail
 * form sends every field (empty ones as null). Fields left out keep their stored value.
 */
export const reviewPost = z.object({
  movie_id: rowId('The movie id is not valid.'),
  stars: wholeNumber('Stars', STARS_MIN, STARS_MAX),
  ttm_rating: z.enum(TTM_GRADES, { error: 'TTM rating must be one of F, D, C, B, A or S.' }).nullable().optional(),
  pain_level: wholeNumber('Pain level', PAIN_MIN, PAIN_MAX).nullable().optional(),
  smoke_alarms: flag('Smoke alarms').optional(),
  equipment_seen: flag('Movie equipment seen').optional(),
  estimated_budget: z.enum(BUDGET_BANDS, { error: 'Estimated budget must be one of the listed bands.' }).nullable().optional(),
  text: z
    .string({ error: 'Text review must be text.' })
    .max(REVIEW_TEXT_MAX, { error: `Text review must be at most ${REVIEW_TEXT_MAX.toLocaleString('en')} characters.` })
    .nullable()
    .optional(),
});
export type ReviewPost = z.infer<typeof reviewPost>;

export interface ReviewUser {
  username: string;
  profile_picture: string | null;
}

/** A review as `GET /api/movies/{id}/reviews` returns it (field names are the contract, misspellings included). */
export interface ReviewRead {
  id: number;
  user: ReviewUser;
  created_at: string;
  ttm_rating: string | null;
  stars: number;
  /** Same as stars: older clients read it under this name. */
  acting: number;
  /** The TTM grade as its 1–7 number (F=1 … S=7), null without one. */
  trash_rating: number | null;
  smoke_alerms: boolean | null;
  how_painful: number | null;
  movie_equipment_seen: boolean | null;
  estitamated_budget: string | null;
  text: string | null;
}

export interface MovieReviewsReply {
  success: true;
  reviews: ReviewRead[];
}

/** The `{id}` of `/api/movies/{id}/reviews/mine`: a positive whole number. */
export const movieReviewParams = z.object({
  id: rowIdText('The movie id is not valid.'),
});

/** `GET /api/movies/{id}/reviews/mine`: the signed-in user's own review of the movie, or null. */
export interface MyReviewReply {
  success: true;
  review: ReviewRead | null;
}

export interface AverageEntry {
  avg: number;
  count: number;
}

/** `{averages: {<movieId>: {avg, count}}}`; movies without reviews are left out. */
export interface AveragesReply {
  success: true;
  averages: Record<string, AverageEntry>;
}

/** `{recent: {<movieId>: reviewers newest first}}` */
export interface RecentReviewersReply {
  success: true;
  recent: Record<string, ReviewUser[]>;
}
