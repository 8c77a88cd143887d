import { PROFILE_RECENT_REVIEWS_LIMIT, type Profile } from '@movieclub/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { notFound } from '../http/errors';
import { levelFor } from './levels';
import { diaryTotals } from '../viewings/service';
import { findUserByName } from '../users/queries';
import { recentReviews, reviewStats } from './queries';

const blankToNull = (value: string | null | undefined) => (value && value.trim() ? value : null);

/** A member's public profile: stats, level and newest reviews; 404 for an unknown name. */
export async function getProfile(db: Kysely<Database>, username: string): Promise<Profile> {
  const user = await findUserByName(db, username);
  if (!user) throw notFound('User not found.', 'user_not_found');
  const [stats, reviews, diary] = await Promise.all([
    reviewStats(db, user.id),
    recentReviews(db, user.id, PROFILE_RECENT_REVIEWS_LIMIT),
    diaryTotals(db, user.id),
  ]);
  return {
    username: user.username,
    profile_picture: user.profile_picture,
    joined: user.created_at,
    total_reviews: stats.total,
    average_rating: stats.average === null ? null : Math.round(stats.average * 10) / 10,
    level: levelFor(stats.total),
    ...diary,
    recent_reviews: reviews.map((review) => ({
      movie_id: Number(review.movie_id),
      title: review.title,
      year: review.year ?? review.imdb_year ?? null,
      poster: blankToNull(review.poster),
      genres: blankToNull(review.genres) ?? blankToNull(review.imdb_genres),
      user_stars: review.stars === null ? null : Number(review.stars),
      created_at: review.created_at,
    })),
  };
}
