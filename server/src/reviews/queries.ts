import { type Kysely, sql, type Updateable } from 'kysely';
import { oneOfIntegers } from '../db/gatheredReads';
import { rowIf } from '../db/rowIf';
import type { Database, ReviewsTable } from '../db/schema';

export type ReviewFields = Pick<
  ReviewsTable,
  'ttm_rating' | 'pain_level' | 'smoke_alarms' | 'equipment_seen' | 'estimated_budget' | 'text'
>;

/** A review with stars alone: every detail field empty. */
export const NO_REVIEW_DETAILS: ReviewFields = {
  ttm_rating: null,
  pain_level: null,
  smoke_alarms: null,
  equipment_seen: null,
  estimated_budget: null,
  text: null,
};

export async function movieExists(db: Kysely<Database>, movieId: number): Promise<boolean> {
  const row = await db.selectFrom('movies').select('id').where('id', '=', movieId).executeTakeFirst();
  return row !== undefined;
}

/**
 * The statement that inserts the user's review of a movie or updates the one they have (run alone
 * or within a larger one), returning the saved row's `created_at` and `text`; it returns nothing,
 * and writes nothing, when the movie is not in the catalogue (checked in the same statement).
 * `changes` holds only the detail fields the client sent, so a quick rating (stars alone) keeps
 * everything else. ON CONFLICT … DO UPDATE reads the same on SQLite and PostgreSQL, and is
 * atomic on both.
 */
export function reviewUpsert(
  db: Kysely<Database>,
  key: { user_id: number; movie_id: number },
  stars: number,
  changes: Partial<ReviewFields> & { spoiler?: number },
  now: string,
) {
  const update: Updateable<ReviewsTable> = { stars, updated_at: now, ...changes };
  const { columns, select } = rowIf(db, { ...key, ...NO_REVIEW_DETAILS, ...changes, stars, created_at: now, updated_at: now }, (eb) =>
    eb.exists(eb.selectFrom('movies').select('id').where('id', '=', key.movie_id)),
  );
  return db
    .insertInto('reviews')
    .columns(columns)
    .expression(select)
    .onConflict((conflict) => conflict.columns(['user_id', 'movie_id']).doUpdateSet(update))
    .returning(['created_at', 'text']);
}

/** Average stars and review count of each listed movie that has reviews. */
export function averageStarsOf(db: Kysely<Database>, movieIds: number[]) {
  return db
    .selectFrom('reviews')
    .select((eb) => ['movie_id', eb.fn.avg<number>('stars').as('avg'), eb.fn.countAll<number>().as('count')])
    .where(oneOfIntegers(db, 'movie_id', movieIds))
    .groupBy('movie_id')
    .execute();
}

/** Average stars and review count of every reviewed movie. */
export function averageStars(db: Kysely<Database>) {
  return db
    .selectFrom('reviews')
    .select((eb) => ['movie_id', eb.fn.avg<number>('stars').as('avg'), eb.fn.countAll<number>().as('count')])
    .groupBy('movie_id')
    .execute();
}

/** The latest reviewers of each listed movie, newest (last updated) first, at most `limit` each. */
export function recentReviewers(db: Kysely<Database>, movieIds: number[], limit: number) {
  const ranked = db
    .selectFrom('reviews')
    .innerJoin('users', 'users.id', 'reviews.user_id')
    .select([
      'reviews.movie_id',
      'reviews.updated_at',
      'reviews.id',
      'users.username',
      'users.profile_picture',
      sql<number>`row_number() over (partition by reviews.movie_id order by reviews.updated_at desc, reviews.id desc)`.as('rank'),
    ])
    .where('reviews.movie_id', 'in', movieIds)
    .as('ranked');
  return db
    .selectFrom(ranked)
    .select(['movie_id', 'username', 'profile_picture'])
    .where('rank', '<=', limit)
    .orderBy('movie_id')
    .orderBy('updated_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/** Reviews joined with their authors, in the columns the read shape needs. */
function reviewsWithAuthors(db: Kysely<Database>) {
  return db
    .selectFrom('reviews')
    .innerJoin('users', 'users.id', 'reviews.user_id')
    .select([
      'reviews.id',
      'reviews.stars',
      'reviews.ttm_rating',
      'reviews.pain_level',
      'reviews.smoke_alarms',
      'reviews.equipment_seen',
      'reviews.estimated_budget',
      'reviews.text',
      'reviews.spoiler',
      'reviews.created_at',
      'users.username',
      'users.profile_picture',
    ]);
}

/** A movie's reviews with their authors, newest (last updated) first. */
export function movieReviews(db: Kysely<Database>, movieId: number, limit: number) {
  return reviewsWithAuthors(db)
    .where('reviews.movie_id', '=', movieId)
    .orderBy('reviews.updated_at', 'desc')
    .orderBy('reviews.id', 'desc')
    .limit(limit)
    .execute();
}

/** One user's review of a movie (there is at most one), with its author. */
export function userReview(db: Kysely<Database>, userId: number, movieId: number) {
  return reviewsWithAuthors(db).where('reviews.movie_id', '=', movieId).where('reviews.user_id', '=', userId).executeTakeFirst();
}
