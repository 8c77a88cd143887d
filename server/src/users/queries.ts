import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

type Db = Kysely<Database>;

/** A user by name, ignoring case (names are unique case-insensitively); the one look-up every feature uses. */
export function findUserByName(db: Db, username: string) {
  return db.selectFrom('users').selectAll().where('username_lower', '=', username.toLowerCase()).executeTakeFirst();
}

/** The user's reviews of the given movies: id and TTM grade. */
export function reviewsOf(db: Db, userId: number, movieIds: number[]) {
  if (movieIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('reviews')
    .select(['movie_id', 'ttm_rating'])
    .where('user_id', '=', userId)
    .where('movie_id', 'in', movieIds)
    .execute();
}
