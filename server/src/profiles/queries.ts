import type { Kysely } from 'kysely';
import { dialectOf } from '../db/database';
import type { Database } from '../db/schema';

/** How many reviews a user wrote and the mean of their stars (null without reviews). */
export async function reviewStats(db: Kysely<Database>, userId: number) {
  const row = await db
    .selectFrom('reviews')
    .select((eb) => [eb.fn.countAll().as('total'), eb.fn.avg('stars').as('average')])
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return { total: Number(row.total), average: row.average === null ? null : Number(row.average) };
}

/** The user's newest reviews with their movie; year and genres also from the IMDb index. */
export function recentReviews(db: Kysely<Database>, userId: number, limit: number) {
  return db
    .selectFrom('reviews')
    .innerJoin('movies', 'movies.id', 'reviews.movie_id')
    .leftJoin('imdb_titles', 'imdb_titles.tconst', 'movies.tconst')
    .select([
      'movies.id as movie_id',
      'movies.title',
      'movies.year',
      'movies.poster',
      'movies.genres',
      'imdb_titles.start_year as imdb_year',
      'imdb_titles.genres as imdb_genres',
      'reviews.stars',
      'reviews.created_at',
    ])
    .where('reviews.user_id', '=', userId)
    .orderBy('reviews.created_at', 'desc')
    .orderBy('reviews.id', 'desc')
    .limit(limit)
    .execute();
}

/**
 * Sets the picture and returns the one it replaced, in one transaction (the row locked
 * on PostgreSQL), so of two changes at once each deletes exactly the file it replaced.
 */
export function swapProfilePicture(db: Kysely<Database>, userId: number, picture: string | null): Promise<string | null> {
  return db.transaction().execute(async (trx) => {
    const current = trx.selectFrom('users').select('profile_picture').where('id', '=', userId);
    const row = await (dialectOf(db) === 'postgres' ? current.forUpdate() : current).executeTakeFirst();
    await trx.updateTable('users').set({ profile_picture: picture }).where('id', '=', userId).execute();
    return row?.profile_picture ?? null;
  });
}
