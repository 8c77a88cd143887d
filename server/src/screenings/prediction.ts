import { parseGenres, shrunkMean } from '../recommendations/similarity';

/**
 * Predicted stars for the people in the room, from what the recommender already
 * knows how to weigh: each member's own ratings of movies sharing genres with the
 * candidate (weighted by the genres' overlap), pulled towards the member's mean
 * (shrunk as the recommender shrinks it) by one imaginary rating.
 */

export interface MemberRating {
  user_id: number;
  movie_id: number;
  stars: number;
  genres: string | null;
}

function jaccard(a: string[], b: string[]): number {
  if (a.length === 0 || b.length === 0) return 0;
  const right = new Set(b);
  const shared = a.filter((genre) => right.has(genre)).length;
  return shared / (a.length + b.length - shared);
}

/** One member's predicted stars for a movie (their own stars if they rated it); null without any rating. */
export function predictedStars(ratings: MemberRating[], movieId: number, movieGenres: string | null): number | null {
  if (ratings.length === 0) return null;
  const own = ratings.find((rating) => rating.movie_id === movieId);
  if (own) return own.stars;
  const genres = parseGenres(movieGenres);
  const mean = shrunkMean(
    ratings.reduce((sum, rating) => sum + rating.stars, 0),
    ratings.length,
  );
  let weighted = mean;
  let weights = 1;
  for (const rating of ratings) {
    const weight = jaccard(genres, parseGenres(rating.genres));
    weighted += weight * rating.stars;
    weights += weight;
  }
  return Math.min(10, Math.max(1, weighted / weights));
}

/** The average of the members' predictions, to one decimal; null when none of them has rated anything. */
export function groupScore(byMember: Map<number, MemberRating[]>, memberIds: number[], movieId: number, movieGenres: string | null): number | null {
  const predictions = memberIds
    .map((id) => predictedStars(byMember.get(id) ?? [], movieId, movieGenres))
    .filter((value): value is number => value !== null);
  if (predictions.length === 0) return null;
  return Math.round((predictions.reduce((sum, value) => sum + value, 0) / predictions.length) * 10) / 10;
}
