import { z } from 'zod';
import { rowIdOut } from './ids';
import { ratedMovie, STATS_YEAR_MAX, STATS_YEAR_MIN, statsMember, statsMovie } from './insights';
import { inLanguageQuery } from './languageQuery';
import { defineRoute } from './route';

/** How many top films and favourite genres a year in review shows. */
export const YEAR_TOP_FILMS = 5;
export const YEAR_TOP_GENRES = 3;

const NOT_A_YEAR = `Year must be a whole number from ${STATS_YEAR_MIN} to ${STATS_YEAR_MAX}.`;
/** A year in review's address part: four digits, STATS_YEAR_MIN to STATS_YEAR_MAX, as a number (its pages and cards share it). */
export const yearInReviewParam = z
  .string({ error: NOT_A_YEAR })
  .regex(/^\d{4}$/, { error: NOT_A_YEAR })
  .transform(Number)
  .refine((year) => year >= STATS_YEAR_MIN && year <= STATS_YEAR_MAX, { error: NOT_A_YEAR });

const count = z.number().int().min(0);

export const bestNight = z
  .object({
    screening_id: rowIdOut,
    watchlist_name: z.string(),
    starts_at: z.string(),
    movie: statsMovie.nullable(),
    attendees: count,
  })
  .nullable()
  .meta({ id: 'BestNight', description: 'The movie night of the year with the most people recorded as coming (the earliest on a tie); null without one.' });

const yearTotals = z.object({ films: count, hours: z.number().min(0), viewings: count, reviews: count });
const activeYears = z
  .array(z.number().int())
  .meta({ description: 'Years with any viewing or review (of the member; of anyone, for the club), newest first: the years worth leafing to.' });

export const memberYear = z
  .object({
    username: z.string(),
    profile_picture: z.string().nullable(),
    year: z.number().int(),
    totals: yearTotals,
    top_films: z
      .array(statsMovie.extend({ stars: z.number().int() }))
      .meta({ description: `The member's highest-rated films reviewed that year (ties: the newer review), at most ${YEAR_TOP_FILMS}.` }),
    most_divisive: ratedMovie.nullable().meta({ description: "Of the films the member reviewed that year, the one that split the club most (at least 3 ratings)." }),
    best_night: bestNight.meta({ description: 'Of the movie nights the member came to that year, the best attended.' }),
    genres: z.array(z.object({ name: z.string(), count })).meta({ description: `Favourite genres by films viewed, at most ${YEAR_TOP_GENRES}.` }),
    watched_with: z.array(statsMember.extend({ count })).meta({ description: 'Who they watched with most, at most 3.' }),
    years: activeYears,
  })
  .meta({ id: 'MemberYear' });
export type MemberYear = z.infer<typeof memberYear>;

export const clubYear = z
  .object({
    year: z.number().int(),
    totals: yearTotals,
    members: count.meta({ description: 'Club members that year.' }),
    new_members: z.array(statsMember).meta({ description: 'Accounts created that year, oldest first.' }),
    top_films: z.array(ratedMovie).meta({ description: `The year's most loved films (at least 3 ratings), at most ${YEAR_TOP_FILMS}.` }),
    most_divisive: ratedMovie.nullable(),
    best_night: bestNight,
    genres: z.array(z.object({ name: z.string(), count })).meta({ description: `The club's favourite genres, at most ${YEAR_TOP_GENRES}.` }),
    years: activeYears,
  })
  .meta({ id: 'ClubYear' });
export type ClubYear = z.infer<typeof clubYear>;

export const memberYearReply = z.object({ success: z.literal(true), review: memberYear });
export type MemberYearReply = z.infer<typeof memberYearReply>;
export const clubYearReply = z.object({ success: z.literal(true), review: clubYear });
export type ClubYearReply = z.infer<typeof clubYearReply>;

const TAG = 'Insights';
const memberParams = z.object({ username: z.string(), year: yearInReviewParam });
const clubParams = z.object({ year: yearInReviewParam });

/** The year in review: a member's and the club's, as data and as a shareable picture. */
export const yearReviewRoutes = {
  member: defineRoute({
    method: 'GET',
    path: '/api/users/:username/year/:year',
    summary: "A member's year in review.",
    tag: TAG,
    auth: 'none',
    params: memberParams,
    reply: memberYearReply,
  }),
  memberCard: defineRoute({
    method: 'GET',
    path: '/api/users/:username/year/:year/card.png',
    summary: "A member's year as a 1200×630 PNG card to share.",
    tag: TAG,
    auth: 'none',
    params: memberParams,
    query: inLanguageQuery,
    reply: z.string(),
    produces: 'image/png',
  }),
  club: defineRoute({
    method: 'GET',
    path: '/api/club/year/:year',
    summary: "The club's year in review.",
    tag: TAG,
    auth: 'none',
    params: clubParams,
    reply: clubYearReply,
  }),
  clubCard: defineRoute({
    method: 'GET',
    path: '/api/club/year/:year/card.png',
    summary: "The club's year as a 1200×630 PNG card to share.",
    tag: TAG,
    auth: 'none',
    params: clubParams,
    query: inLanguageQuery,
    reply: z.string(),
    produces: 'image/png',
  }),
};
