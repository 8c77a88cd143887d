import { TTM_GRADE_NUMBER, type TtmGrade } from '@movieclub/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { notFound } from '../http/errors';
import { findUserByName, reviewsOf } from './queries';

/** Seen map and TTM-grade map of one user for the given movies: the watchlist's 'Hide owner seen' and rating letters. */
export async function seenAndRatings(db: Kysely<Database>, username: string, movieIds: number[]) {
  const user = await findUserByName(db, username);
  if (!user) throw notFound('User not found.', 'user_not_found');
  const reviews = await reviewsOf(db, user.id, movieIds);
  const seen: Record<string, true> = {};
  const ratings: Record<string, number> = {};
  for (const review of reviews) {
    seen[review.movie_id] = true;
    const grade = review.ttm_rating as TtmGrade | null;
    if (grade && grade in TTM_GRADE_NUMBER) ratings[review.movie_id] = TTM_GRADE_NUMBER[grade];
  }
  return { seen, ratings };
}
