import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema';

type Db = Kysely<Database>;

/** The year as a half-open range of ISO instants: stored times compare as text. */
export const yearRange = (year: number) => ({ from: `${year}-01-01T00:00:00.000Z`, to: `${year + 1}-01-01T00:00:00.000Z` });

/** The year's movie night with most attendees (the earliest on a tie), optionally one the member came to. */
export async function bestNight(db: Db, year: number, userId: number | null) {
  const { from, to } = yearRange(year);
  let query = db
    .selectFrom('screenings as s')
    .innerJoin('screening_attendees as a', 'a.screening_id', 's.id')
    .innerJoin('watchlists as w', 'w.id', 's.watchlist_id')
    .leftJoin('movies as m', 'm.id', 's.picked_movie_id')
    .select((eb) => [
      's.id',
      's.starts_at',
      's.utc_offset',
      'w.name as watchlist_name',
      'm.id as movie_id',
      'm.title',
      'm.year',
      'm.poster',
      eb.fn.countAll<number>().as('attendees'),
    ])
    .where('s.status', '=', 'planned')
    .where('s.starts_at', '>=', from)
    .where('s.starts_at', '<', to)
    .groupBy(['s.id', 's.starts_at', 's.utc_offset', 'w.name', 'm.id', 'm.title', 'm.year', 'm.poster'])
    .orderBy('attendees', 'desc')
    .orderBy('s.starts_at')
    .limit(1);
  if (userId !== null) {
    query = query.where((eb) =>
      eb.exists(eb.selectFrom('screening_attendees as mine').select('mine.user_id').whereRef('mine.screening_id', '=', 's.id').where('mine.user_id', '=', userId)),
    );
  }
  return query.executeTakeFirst();
}

/** Accounts created in the year, oldest first. */
export function newMembers(db: Db, year: number) {
  const { from, to } = yearRange(year);
  return db
    .selectFrom('users')
    .select(['username', 'profile_picture'])
    .where('created_at', '>=', from)
    .where('created_at', '<', to)
    .orderBy('created_at')
    .orderBy('username_lower')
    .execute();
}

/** The member's highest-rated films among the reviews they wrote in the year; the newer review first on a tie. */
export function topReviewed(db: Db, userId: number, year: number, limit: number) {
  const { from, to } = yearRange(year);
  return db
    .selectFrom('reviews as r')
    .innerJoin('movies as m', 'm.id', 'r.movie_id')
    .select(['m.id', 'm.title', 'm.year', 'm.poster', 'r.stars'])
    .where('r.user_id', '=', userId)
    .where('r.created_at', '>=', from)
    .where('r.created_at', '<', to)
    .orderBy('r.stars', 'desc')
    .orderBy('r.created_at', 'desc')
    .orderBy('m.id')
    .limit(limit)
    .execute();
}

/**
 * Of the movies the member reviewed in the year, the star sums of every club rating of
 * each with at least `minRatings` of them: enough to rank by spread without loading rows.
 */
export function spreadOfReviewed(db: Db, userId: number, year: number, minRatings: number) {
  const { from, to } = yearRange(year);
  return db
    .selectFrom('reviews as r')
    .innerJoin('movies as m', 'm.id', 'r.movie_id')
    .select((eb) => [
      'm.id',
      'm.title',
      'm.year',
      'm.poster',
      eb.fn.countAll<number>().as('ratings'),
      eb.fn.sum<number>('r.stars').as('total'),
      eb.fn.sum<number>(sql<number>`r.stars * r.stars`).as('squares'),
    ])
    .where('r.movie_id', 'in', (eb) =>
      eb.selectFrom('reviews as mine').select('mine.movie_id').where('mine.user_id', '=', userId).where('mine.created_at', '>=', from).where('mine.created_at', '<', to),
    )
    .groupBy(['m.id', 'm.title', 'm.year', 'm.poster'])
    .having((eb) => eb.fn.countAll(), '>=', minRatings)
    .execute();
}
