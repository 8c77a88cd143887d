import { z } from 'zod';
import { rowIdOut, rowIdText } from './ids';
import { wholeIn } from './queryNumbers';
import { defineRoute } from './route';

/** The earliest and latest year a statistics call takes. */
export const STATS_YEAR_MIN = 1900;
export const STATS_YEAR_MAX = 2100;
/** How many entries each ranked statistic lists. */
export const STATS_TOP = 10;
/** A film needs this many ratings to be most loved or most divisive. */
export const CLUB_MIN_RATINGS = 3;
/** A club member: anyone who reviewed or logged a viewing within this many months. */
export const CLUB_MEMBER_MONTHS = 12;
/** Films each side of a taste match lists. */
export const TASTE_EXAMPLES = 5;

const yearQuery = z.object({
  year: wholeIn(`Year must be a whole number from ${STATS_YEAR_MIN} to ${STATS_YEAR_MAX}.`, STATS_YEAR_MIN, STATS_YEAR_MAX)
    .optional()
    .meta({ description: 'One calendar year (UTC days of viewings, UTC time of reviews); all time when absent.' }),
});

export const statsMovie = z
  .object({ id: rowIdOut, title: z.string(), year: z.number().int().nullable(), poster: z.string().nullable() })
  .meta({ id: 'StatsMovie' });
export type StatsMovie = z.infer<typeof statsMovie>;

export const statsMember = z.object({ username: z.string(), profile_picture: z.string().nullable() }).meta({ id: 'StatsMember' });
export type StatsMember = z.infer<typeof statsMember>;

const count = z.number().int().min(0);
const named = z.object({ name: z.string(), count });

export const periodActivity = z
  .object({
    period: z.string().meta({ description: "'YYYY' in all-time statistics, 'YYYY-MM' in a year's (every month of it, empty ones too)." }),
    films: count.meta({ description: 'Distinct movies with a dated viewing in the period.' }),
    viewings: count,
    hours: z.number().min(0).meta({ description: "Sum of the viewed movies' lengths, in hours to one decimal (movies without a length count 0)." }),
    reviews: count.meta({ description: 'Reviews first written in the period.' }),
  })
  .meta({ id: 'PeriodActivity' });
export type PeriodActivity = z.infer<typeof periodActivity>;

export const memberStats = z
  .object({
    username: z.string(),
    year: z.number().int().nullable(),
    years: z.array(z.number().int()).meta({ description: 'Years with any viewing or review of the member, newest first: what a year picker offers.' }),
    totals: z.object({
      films: count.meta({ description: 'Distinct movies viewed (undated viewings count in all-time totals only).' }),
      viewings: count,
      rewatches: count,
      hours: z.number().min(0),
      reviews: count,
    }),
    activity: z.array(periodActivity),
    ratings: z.array(count).length(10).meta({ description: 'How many of the reviews gave 1, 2, … 10 stars (index 0 is 1 star).' }),
    average_stars: z.number().nullable().meta({ description: 'One decimal; null without reviews.' }),
    ttm_grades: z.array(named).meta({ description: 'Every TTM grade given, most used first (ties by grade).' }),
    genres: z.array(named).meta({ description: `Genres of the movies viewed, most first (ties by name), at most ${STATS_TOP}.` }),
    decades: z.array(z.object({ decade: z.number().int(), count })).meta({ description: 'Release decades of the movies viewed (1990 for the 1990s), oldest first.' }),
    watched_with: z
      .array(statsMember.extend({ count }))
      .meta({ description: `Members the member watched with most (either side tagging the other), most first, at most ${STATS_TOP}.` }),
    pain_level_average: z.number().nullable().meta({ description: 'Mean pain level over reviews that give one, one decimal.' }),
    smoke_alarms_average: z.number().nullable(),
    smoke_alarms_total: count,
    longest_streak: z
      .object({ days: z.number().int().min(1), from: z.string(), to: z.string() })
      .nullable()
      .meta({ description: 'Most consecutive days with a viewing (the earliest such run on a tie); null without dated viewings.' }),
  })
  .meta({ id: 'MemberStats' });
export type MemberStats = z.infer<typeof memberStats>;

export const memberStatsReply = z.object({ success: z.literal(true), stats: memberStats });
export type MemberStatsReply = z.infer<typeof memberStatsReply>;

export const ratedMovie = z
  .object({
    movie: statsMovie,
    average: z.number().meta({ description: 'Mean stars, two decimals.' }),
    stddev: z.number().meta({ description: 'Population standard deviation of the stars, two decimals.' }),
    ratings: count,
  })
  .meta({ id: 'RatedMovie' });
export type RatedMovie = z.infer<typeof ratedMovie>;

export const disagreement = z
  .object({
    movie: statsMovie,
    high: statsMember.extend({ stars: z.number().int() }),
    low: statsMember.extend({ stars: z.number().int() }),
    gap: z.number().int().min(0),
  })
  .meta({ id: 'Disagreement' });
export type Disagreement = z.infer<typeof disagreement>;

export const clubStats = z
  .object({
    year: z.number().int().nullable(),
    years: z.array(z.number().int()),
    members: z
      .array(statsMember)
      .meta({ description: `Club members: reviewed or logged a viewing in the ${CLUB_MEMBER_MONTHS} months before the end of the period (before now for all time).` }),
    most_loved: z.array(ratedMovie).meta({ description: `At least ${CLUB_MIN_RATINGS} ratings, highest mean first (ties: more ratings, then title); at most ${STATS_TOP}.` }),
    most_divisive: z.array(ratedMovie).meta({ description: `At least ${CLUB_MIN_RATINGS} ratings, highest standard deviation first; at most ${STATS_TOP}.` }),
    seen_by_everyone: z.array(statsMovie).meta({ description: 'Movies every club member has seen (reviewed or viewed, ever), by title; none with fewer than 2 members.' }),
    disagreements: z.array(disagreement).meta({ description: `The biggest star gaps between two members on one movie, at most ${STATS_TOP}.` }),
    genres: z.array(named).meta({ description: 'Genres of the movies viewed in the period, most first.' }),
    activity: z.array(periodActivity),
    totals: z.object({ films: count, viewings: count, hours: z.number().min(0), reviews: count }),
  })
  .meta({ id: 'ClubStats' });
export type ClubStats = z.infer<typeof clubStats>;

export const clubStatsReply = z.object({ success: z.literal(true), stats: clubStats });
export type ClubStatsReply = z.infer<typeof clubStatsReply>;

export const tasteExample = z
  .object({ movie: statsMovie, a_stars: z.number().int(), b_stars: z.number().int() })
  .meta({ id: 'TasteExample' });

export const tasteReply = z
  .object({
    success: z.literal(true),
    score: z
      .number()
      .int()
      .min(0)
      .max(100)
      .nullable()
      .meta({ description: "0–100 from the recommender's adjusted cosine similarity of co-rated movies, shrunk towards 50 for few of them; null with none." }),
    common: count.meta({ description: 'Movies both rated.' }),
    agree: z.array(tasteExample).meta({ description: `Co-rated movies with the smallest gap (ties: higher stars first), at most ${TASTE_EXAMPLES}.` }),
    disagree: z.array(tasteExample).meta({ description: `Co-rated movies with the largest gap, at most ${TASTE_EXAMPLES}; none where the gap is under 2.` }),
  })
  .meta({ id: 'TasteMatch' });
export type TasteReply = z.infer<typeof tasteReply>;

export const seenByReply = z
  .object({
    success: z.literal(true),
    seen: z.array(statsMember).meta({ description: 'Club members who reviewed or viewed the movie (or were tagged in a viewing), by name.' }),
    not_seen: z.array(statsMember).meta({ description: 'The other club members, by name.' }),
  })
  .meta({ id: 'SeenBy' });
export type SeenByReply = z.infer<typeof seenByReply>;

export const listSeenByReply = z
  .object({
    success: z.literal(true),
    members: z.array(statsMember).meta({ description: 'Club members, by name.' }),
    seen_by: z.record(z.string(), z.array(z.string())).meta({ description: 'Per movie id on the list, the usernames of the club members who have seen it.' }),
  })
  .meta({ id: 'ListSeenBy' });
export type ListSeenByReply = z.infer<typeof listSeenByReply>;

const TAG = 'Insights';

/** Club insights: member and club statistics, taste matches, who has seen what. */
export const insightRoutes = {
  memberStats: defineRoute({
    method: 'GET',
    path: '/api/users/:username/stats',
    summary: "A member's statistics, all time or for one year.",
    tag: TAG,
    auth: 'none',
    params: z.object({ username: z.string() }),
    query: yearQuery,
    reply: memberStatsReply,
  }),
  clubStats: defineRoute({
    method: 'GET',
    path: '/api/club/stats',
    summary: "The club's consensus: most loved and most divisive films, films everyone has seen, disagreements, genres, activity.",
    tag: TAG,
    auth: 'none',
    query: yearQuery,
    reply: clubStatsReply,
  }),
  taste: defineRoute({
    method: 'GET',
    path: '/api/users/:username/taste/:other',
    summary: 'How closely two members rate alike, with the films they agree and disagree on most.',
    tag: TAG,
    auth: 'none',
    params: z.object({ username: z.string(), other: z.string() }),
    reply: tasteReply,
  }),
  movieSeenBy: defineRoute({
    method: 'GET',
    path: '/api/movies/:id/seen-by',
    summary: 'The club members who have and have not seen a movie.',
    tag: TAG,
    auth: 'none',
    params: z.object({ id: rowIdText('The movie id is not valid.') }),
    reply: seenByReply,
  }),
  listSeenBy: defineRoute({
    method: 'GET',
    path: '/api/watchlists/:id/seen-by',
    summary: 'For each movie on a list the caller may read, the club members who have seen it.',
    tag: TAG,
    auth: 'none',
    params: z.object({ id: z.string().max(200).meta({ description: '`{id}-{slug}`, the bare id, or `mine`.' }) }),
    reply: listSeenByReply,
  }),
};
