import { type Expression, type Kysely, type SqlBool, sql } from 'kysely';
import { dialectOf } from '../db/database';
import type { Database } from '../db/schema';
import type { Period } from './period';

type Db = Kysely<Database>;

/**
 * Queries shared by the member and club statistics. `userId` null means the whole club.
 * Every count and sum is done by the database; the rows that come back are one per
 * period, grade, genre text or decade, never one per review or viewing.
 */

/** `column` within the period, as a condition (true for all time). */
export function within(column: string, period: Period): Expression<SqlBool> {
  if (!period.from || !period.until) return sql<SqlBool>`1 = 1`;
  return sql<SqlBool>`${sql.ref(column)} >= ${period.from} and ${sql.ref(column)} < ${period.until}`;
}

const ofUser = (column: string, userId: number | null) => (userId === null ? sql`` : sql`and ${sql.ref(column)} = ${userId}`);

/** Number type for averages and spreads, so both databases divide alike. */
export const realType = (db: Db) => sql.raw(dialectOf(db) === 'postgres' ? 'double precision' : 'real');

/**
 * Years with any dated viewing or review, found by hopping the (…, day) indexes from one
 * year to the next rather than reading every row.
 */
export async function activeYears(db: Db, userId: number | null): Promise<number[]> {
  const { rows } = await sql<{ year: number }>`
    with recursive viewing_years(year) as (
      select cast(substr(min(watched_on), 1, 4) as integer) from viewings where watched_on is not null ${ofUser('user_id', userId)}
      union all
      select (select cast(substr(min(watched_on), 1, 4) as integer) from viewings
              where watched_on >= cast(year + 1 as text) || '-01-01' ${ofUser('user_id', userId)})
      from viewing_years where year is not null
    ),
    review_years(year) as (
      select cast(substr(min(created_at), 1, 4) as integer) from reviews where 1 = 1 ${ofUser('user_id', userId)}
      union all
      select (select cast(substr(min(created_at), 1, 4) as integer) from reviews
              where created_at >= cast(year + 1 as text) || '-01-01' ${ofUser('user_id', userId)})
      from review_years where year is not null
    )
    select year from viewing_years where year is not null
    union
    select year from review_years where year is not null`.execute(db);
  return rows.map((row) => Number(row.year));
}

export interface ViewingTotals {
  viewings: number;
  films: number;
  rewatches: number;
  minutes: number;
}

/** Viewings, distinct films, rewatches and minutes in the period (undated viewings only over all time). */
export async function viewingTotals(db: Db, userId: number | null, period: Period): Promise<ViewingTotals> {
  const row = await db
    .selectFrom('viewings as v')
    .leftJoin('movies as m', 'm.id', 'v.movie_id')
    .select((eb) => [
      eb.fn.countAll<number>().as('viewings'),
      eb.fn.count<number>('v.movie_id').distinct().as('films'),
      eb.fn.sum<number>('v.rewatch').as('rewatches'),
      eb.fn.sum<number>('m.length').as('minutes'),
    ])
    .$if(userId !== null, (query) => query.where('v.user_id', '=', userId!))
    .where(within('v.watched_on', period))
    .executeTakeFirstOrThrow();
  return { viewings: Number(row.viewings), films: Number(row.films), rewatches: Number(row.rewatches ?? 0), minutes: Number(row.minutes ?? 0) };
}

/** The club's undated viewings (a film marked watched without a day): how many, and their minutes. */
export async function undatedViewings(db: Db): Promise<{ viewings: number; minutes: number }> {
  const row = await db
    .selectFrom('viewings as v')
    .leftJoin('movies as m', 'm.id', 'v.movie_id')
    .select((eb) => [eb.fn.countAll<number>().as('viewings'), eb.fn.sum<number>('m.length').as('minutes')])
    .where('v.watched_on', 'is', null)
    .executeTakeFirstOrThrow();
  return { viewings: Number(row.viewings), minutes: Number(row.minutes ?? 0) };
}

export interface PeriodViewings {
  period: string;
  viewings: number;
  films: number;
  minutes: number;
}

/** Dated viewings per period key (the first `keyLength` characters of the day). */
export async function viewingsByPeriod(db: Db, userId: number | null, period: Period, keyLength: number): Promise<PeriodViewings[]> {
  const key = sql<string>`substr(v.watched_on, 1, ${sql.lit(keyLength)})`;
  const rows = await db
    .selectFrom('viewings as v')
    .leftJoin('movies as m', 'm.id', 'v.movie_id')
    .select((eb) => [
      key.as('period'),
      eb.fn.countAll<number>().as('viewings'),
      eb.fn.count<number>('v.movie_id').distinct().as('films'),
      eb.fn.sum<number>('m.length').as('minutes'),
    ])
    .$if(userId !== null, (query) => query.where('v.user_id', '=', userId!))
    .where('v.watched_on', 'is not', null)
    .where(within('v.watched_on', period))
    .groupBy(key)
    .execute();
  return rows.map((row) => ({ period: row.period, viewings: Number(row.viewings), films: Number(row.films), minutes: Number(row.minutes ?? 0) }));
}

/**
 * Reviews first written in each period (`YYYY` or `YYYY-MM`), one index range count per
 * period rather than a pass over every review.
 */
export async function reviewsByPeriod(db: Db, userId: number | null, periods: string[]): Promise<Map<string, number>> {
  if (periods.length === 0) return new Map();
  const ranges = periods.map((key) => {
    const [from, until] = key.length === 4 ? [`${key}-01-01`, `${Number(key) + 1}-01-01`] : [`${key}-01`, nextMonth(key)];
    return sql`select ${key} as period, count(*) as reviews from reviews where created_at >= ${from} and created_at < ${until} ${ofUser('user_id', userId)}`;
  });
  const { rows } = await sql<{ period: string; reviews: number }>`${sql.join(ranges, sql` union all `)}`.execute(db);
  return new Map(rows.map((row) => [String(row.period), Number(row.reviews)]));
}

/** 'YYYY-MM' → the first day of the next month. */
function nextMonth(key: string): string {
  const year = Number(key.slice(0, 4));
  const month = Number(key.slice(5, 7));
  return month === 12 ? `${year + 1}-01-01` : `${year}-${String(month + 1).padStart(2, '0')}-01`;
}

/** How many reviews in the period. */
export async function reviewCount(db: Db, userId: number | null, period: Period): Promise<number> {
  const row = await db
    .selectFrom('reviews')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .$if(userId !== null, (query) => query.where('user_id', '=', userId!))
    .where(within('created_at', period))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The member's reviews in the period summed up: count, mean stars, mean pain level and smoke alarms (over reviews giving one). */
export async function reviewSummary(db: Db, userId: number, period: Period) {
  const row = await db
    .selectFrom('reviews')
    .select((eb) => [
      eb.fn.countAll<number>().as('reviews'),
      eb.fn.avg<number>('stars').as('stars'),
      eb.fn.avg<number>('pain_level').as('pain'),
      eb.fn.avg<number>('smoke_alarms').as('smoke'),
      eb.fn.sum<number>('smoke_alarms').as('smoke_total'),
    ])
    .where('user_id', '=', userId)
    .where(within('created_at', period))
    .executeTakeFirstOrThrow();
  const numberOrNull = (value: unknown) => (value === null || value === undefined ? null : Number(value));
  return {
    reviews: Number(row.reviews),
    stars: numberOrNull(row.stars),
    pain: numberOrNull(row.pain),
    smoke: numberOrNull(row.smoke),
    smokeTotal: Number(row.smoke_total ?? 0),
  };
}

/** How many of the member's reviews in the period gave each number of stars. */
export function starCounts(db: Db, userId: number, period: Period) {
  return db
    .selectFrom('reviews')
    .select((eb) => ['stars', eb.fn.countAll<number>().as('count')])
    .where('user_id', '=', userId)
    .where(within('created_at', period))
    .groupBy('stars')
    .execute();
}

/** How often the member gave each TTM grade in the period. */
export function gradeCounts(db: Db, userId: number, period: Period) {
  return db
    .selectFrom('reviews')
    .select((eb) => ['ttm_rating as grade', eb.fn.countAll<number>().as('count')])
    .where('user_id', '=', userId)
    .where('ttm_rating', 'is not', null)
    .where('ttm_rating', '<>', '')
    .where(within('created_at', period))
    .groupBy('ttm_rating')
    .execute();
}

/**
 * Distinct movies viewed in the period per genre text ('Horror,Comedy', or null): few rows,
 * split into genres by the caller. A movie has one genre text, so the counts add up per
 * genre, and all of them to the distinct movies viewed. A member's few viewings are joined;
 * the club's many are probed per movie instead.
 */
export function viewedGenreTexts(db: Db, userId: number | null, period: Period) {
  if (userId !== null) {
    return db
      .selectFrom('viewings as v')
      .innerJoin('movies as m', 'm.id', 'v.movie_id')
      .select((eb) => ['m.genres', eb.fn.count<number>('v.movie_id').distinct().as('count')])
      .where('v.user_id', '=', userId)
      .where(within('v.watched_on', period))
      .groupBy('m.genres')
      .execute();
  }
  return db
    .selectFrom('movies as m')
    .select((eb) => ['m.genres', eb.fn.countAll<number>().as('count')])
    .where(({ exists, selectFrom }) => exists(selectFrom('viewings as v').select('v.id').whereRef('v.movie_id', '=', 'm.id').where(within('v.watched_on', period))))
    .groupBy('m.genres')
    .execute();
}

/** Distinct movies the member viewed in the period per release decade. */
export function viewedDecades(db: Db, userId: number, period: Period) {
  const decade = sql<number>`(m.year / 10) * 10`;
  return db
    .selectFrom('viewings as v')
    .innerJoin('movies as m', 'm.id', 'v.movie_id')
    .select((eb) => [decade.as('decade'), eb.fn.count<number>('v.movie_id').distinct().as('count')])
    .where('v.user_id', '=', userId)
    .where('m.year', 'is not', null)
    .where(within('v.watched_on', period))
    .groupBy(decade)
    .execute();
}

/**
 * With whom the member watched, and how often: a viewing the member logged and tagged
 * someone in, or one someone logged and tagged the member in. One movie on one day is
 * one time together however many of the two logged it (a movie night logs it for each);
 * undated viewings of a movie count once.
 */
export async function watchedWith(db: Db, userId: number, period: Period) {
  const day = sql<string>`coalesce(v.watched_on, '')`;
  const tagged = db
    .selectFrom('viewings as v')
    .innerJoin('viewing_companions as c', 'c.viewing_id', 'v.id')
    .select(['c.user_id as other', 'v.movie_id', day.as('day')])
    .where('v.user_id', '=', userId)
    .where('c.user_id', '<>', userId)
    .where(within('v.watched_on', period));
  const taggedBy = db
    .selectFrom('viewing_companions as c')
    .innerJoin('viewings as v', 'v.id', 'c.viewing_id')
    .select(['v.user_id as other', 'v.movie_id', day.as('day')])
    .where('c.user_id', '=', userId)
    .where('v.user_id', '<>', userId)
    .where(within('v.watched_on', period));
  return db
    .selectFrom(tagged.union(taggedBy).as('together'))
    .innerJoin('users as u', 'u.id', 'together.other')
    .select((eb) => ['u.username', 'u.username_lower', 'u.profile_picture', eb.fn.countAll<number>().as('count')])
    .groupBy(['u.id', 'u.username', 'u.username_lower', 'u.profile_picture'])
    .execute();
}

/** The distinct days the member viewed anything in the period, oldest first. */
export async function viewingDays(db: Db, userId: number, period: Period): Promise<string[]> {
  const rows = await db
    .selectFrom('viewings')
    .select('watched_on')
    .distinct()
    .where('user_id', '=', userId)
    .where('watched_on', 'is not', null)
    .where(within('watched_on', period))
    .orderBy('watched_on')
    .execute();
  return rows.map((row) => row.watched_on!);
}

/** Each member's count and sum of stars over every review, for their mean. */
export async function ratingTotals(db: Db, userIds: number[]) {
  const rows = await db
    .selectFrom('reviews')
    .select((eb) => ['user_id', eb.fn.countAll<number>().as('count'), eb.fn.sum<number>('stars').as('sum')])
    .where('user_id', 'in', userIds)
    .groupBy('user_id')
    .execute();
  return new Map(rows.map((row) => [row.user_id, { count: Number(row.count), sum: Number(row.sum) }]));
}

/** The movies both members rated, with both ratings. */
export function coRatings(db: Db, firstId: number, secondId: number) {
  return db
    .selectFrom('reviews as a')
    .innerJoin('reviews as b', (join) => join.onRef('b.movie_id', '=', 'a.movie_id').on('b.user_id', '=', secondId))
    .innerJoin('movies as m', 'm.id', 'a.movie_id')
    .select(['m.id', 'm.title', 'm.year', 'm.poster', 'a.stars as a_stars', 'b.stars as b_stars'])
    .where('a.user_id', '=', firstId)
    .execute();
}
