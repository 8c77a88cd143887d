import { z } from 'zod';
import { idList, rowId, rowIdOut, rowIdText } from './ids';
import { reactionCounts } from './reactions';
import { defineRoute } from './route';
import {
  BUDGET_BANDS,
  MOVIE_REVIEWS_LIMIT,
  MOVIE_REVIEWS_LIMIT_MAX,
  PAIN_MAX,
  PAIN_MIN,
  RECENT_REVIEWERS_LIMIT,
  RECENT_REVIEWERS_LIMIT_MAX,
  REVIEW_TEXT_MAX,
  STARS_MAX,
  STARS_MIN,
  TTM_GRADES,
} from './limits';


// Each field's sentences are written out whole, so the client can translate them (web/src/i18n/serverText.ts).
const wholeNumber = (min: number, max: number, sentence: string) => z.number({ error: sentence }).int({ error: sentence }).min(min, { error: sentence }).max(max, { error: sentence });

const flag = (sentence: string) => z.boolean({ error: sentence }).nullable();

/**
 * `POST /api/review`. A quick rating sends only movie_id and stars; the detail
 * form sends every field (empty ones as null). Fields left out keep their stored value.
 */
export const reviewPost = z.object({
  movie_id: rowId('The movie id is not valid.'),
  stars: wholeNumber(STARS_MIN, STARS_MAX, `Stars must be a whole number from ${STARS_MIN} to ${STARS_MAX}.`),
  ttm_rating: z.enum(TTM_GRADES, { error: 'TTM rating must be one of F, D, C, B, A or S.' }).nullable().optional(),
  pain_level: wholeNumber(PAIN_MIN, PAIN_MAX, `Pain level must be a whole number from ${PAIN_MIN} to ${PAIN_MAX}.`).nullable().optional(),
  smoke_alarms: flag('Smoke alarms must be true, false or null.').optional(),
  equipment_seen: flag('Movie equipment seen must be true, false or null.').optional(),
  estimated_budget: z.enum(BUDGET_BANDS, { error: 'Estimated budget must be one of the listed bands.' }).nullable().optional(),
  text: z
    .string({ error: 'Text review must be text.' })
    .max(REVIEW_TEXT_MAX, { error: `Text review must be at most ${REVIEW_TEXT_MAX.toLocaleString('en')} characters.` })
    .nullable()
    .optional(),
  spoiler: z.boolean({ error: 'Spoiler must be true or false.' }).optional().meta({ description: 'The text gives the plot away: blurred until clicked. Left out: unchanged (false for a new review).' }),
});
export type ReviewPost = z.infer<typeof reviewPost>;

export const reviewUser = z.object({ username: z.string(), profile_picture: z.string().nullable() }).meta({ id: 'ReviewUser' });
export type ReviewUser = z.infer<typeof reviewUser>;

/** A review as `GET /api/movies/{id}/reviews` returns it (field names are the contract, misspellings included). */
export const reviewRead = z
  .object({
    id: rowIdOut,
    user: reviewUser,
    created_at: z.string(),
    ttm_rating: z.string().nullable(),
    stars: z.number().int(),
    acting: z.number().int().meta({ description: 'Same as stars: older clients read it under this name.' }),
    trash_rating: z.number().int().nullable().meta({ description: 'The TTM grade as its 1–7 number (F=1 … S=7), null without one.' }),
    smoke_alerms: z.boolean().nullable(),
    how_painful: z.number().int().nullable(),
    movie_equipment_seen: z.boolean().nullable(),
    estitamated_budget: z.string().nullable(),
    text: z.string().nullable(),
    spoiler: z.boolean(),
    mentions: z.array(z.string()).meta({ description: 'Members the text mentions with @name, in their own spelling, for linking; others stay text.' }),
    comment_count: z.number().int().min(0),
    reactions: reactionCounts,
  })
  .meta({ id: 'ReviewRead' });
export type ReviewRead = z.infer<typeof reviewRead>;

export const movieReviewsReply = z.object({ success: z.literal(true), reviews: z.array(reviewRead) });
export type MovieReviewsReply = z.infer<typeof movieReviewsReply>;

/** The `{id}` of `/api/movies/{id}/reviews/mine`: a positive whole number. */
export const movieReviewParams = z.object({
  id: rowIdText('The movie id is not valid.'),
});

/** The `{id}` of `DELETE /api/reviews/{id}`: a positive whole number. */
export const reviewIdParams = z.object({
  id: rowIdText('The review id is not valid.'),
});

/** `GET /api/movies/{id}/reviews/mine`: the signed-in user's own review of the movie, or null. */
export const myReviewReply = z.object({ success: z.literal(true), review: reviewRead.nullable() });
export type MyReviewReply = z.infer<typeof myReviewReply>;

export const averageEntry = z.object({ avg: z.number(), count: z.number().int() }).meta({ id: 'AverageEntry' });
export type AverageEntry = z.infer<typeof averageEntry>;

/** `{averages: {<movieId>: {avg, count}}}`; movies without reviews are left out. */
export const averagesReply = z.object({ success: z.literal(true), averages: z.record(z.string(), averageEntry) });
export type AveragesReply = z.infer<typeof averagesReply>;

/** `{recent: {<movieId>: reviewers newest first}}` */
export const recentReviewersReply = z.object({ success: z.literal(true), recent: z.record(z.string(), z.array(reviewUser)) });
export type RecentReviewersReply = z.infer<typeof recentReviewersReply>;

/** A `limit` query value: absent or junk gives the default, numbers are held within 1..max. */
const lenientLimit = (fallback: number, max: number) =>
  z
    .string()
    .optional()
    .catch(undefined)
    .transform((raw) => {
      const text = (raw ?? '').trim();
      if (!/^\d{1,6}$/.test(text)) return fallback;
      return Math.min(Math.max(Number(text), 1), max);
    })
    .meta({ description: `Whole number, held within 1–${max}; absent or not a number: ${fallback}.` });

const averagesQuery = z.object({ ids: idList });
/** The POST variants read `ids` from a JSON body; a body without usable ids answers for none. */
const averagesBody = z.object({ ids: idList }).catch({ ids: [] });

const AVERAGES_SUMMARY =
  'Average stars and review count of each given movie (movies without reviews are left out). The client tries four paths; all answer alike.';
const averagesByQuery = (path: string) =>
  defineRoute({ method: 'GET', path, summary: AVERAGES_SUMMARY, tag: 'Reviews', auth: 'none', query: averagesQuery, reply: averagesReply });
const averagesByBody = (path: string) =>
  defineRoute({ method: 'POST', path, summary: AVERAGES_SUMMARY, tag: 'Reviews', auth: 'none', body: averagesBody, reply: averagesReply });

/** The review calls. */
export const reviewRoutes = {
  post: defineRoute({
    method: 'POST',
    path: '/api/review',
    summary: "Saves the caller's review of a movie: a quick rating (movie_id, stars) or the whole form; one review per user and movie.",
    tag: 'Reviews',
    auth: 'required',
    signInSentence: 'You must be signed in to rate movies.',
    body: reviewPost,
    reply: z.object({ success: z.literal(true) }),
  }),
  averagesGet: averagesByQuery('/api/review/averages'),
  averagesGetPlural: averagesByQuery('/api/reviews/averages'),
  averagesPost: averagesByBody('/api/review/averages'),
  averagesPostPlural: averagesByBody('/api/reviews/averages'),
  recent: defineRoute({
    method: 'GET',
    path: '/api/reviews/recent',
    summary: 'The newest reviewers of each given movie, newest first.',
    tag: 'Reviews',
    auth: 'none',
    query: z.object({ ids: idList, limit: lenientLimit(RECENT_REVIEWERS_LIMIT, RECENT_REVIEWERS_LIMIT_MAX) }),
    reply: recentReviewersReply,
  }),
  forMovie: defineRoute({
    method: 'GET',
    path: '/api/movies/:id/reviews',
    summary: 'The reviews of a movie, newest first.',
    tag: 'Reviews',
    auth: 'none',
    params: movieReviewParams,
    query: z.object({ limit: lenientLimit(MOVIE_REVIEWS_LIMIT, MOVIE_REVIEWS_LIMIT_MAX) }),
    reply: movieReviewsReply,
  }),
  mine: defineRoute({
    method: 'GET',
    path: '/api/movies/:id/reviews/mine',
    summary: "The caller's own review of the movie, or null: the review form opens with it.",
    tag: 'Reviews',
    auth: 'required',
    signInSentence: 'You must be signed in to see your review.',
    params: movieReviewParams,
    reply: myReviewReply,
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: '/api/reviews/:id',
    summary:
      "Deletes a review with its comments, every reaction to it or them and what they told people: its author or a site admin. The diary's viewing stays.",
    tag: 'Reviews',
    auth: 'required',
    signInSentence: 'You must be signed in to delete a review.',
    params: reviewIdParams,
    reply: z.object({ success: z.literal(true) }),
  }),
};
