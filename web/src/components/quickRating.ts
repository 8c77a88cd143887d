import { ApiError, errorText } from '../api/client';
import { postReview } from '../api/reviews';

const answeredUnsuccessfully = (error: unknown) =>
  error instanceof ApiError && (error.body as { success?: unknown } | null)?.success === false;

/**
 * Posts a quick rating (movie_id and stars only, so a detailed review keeps its
 * other fields). Resolves true on success; otherwise alerts the spec's text and
 * resolves false.
 */
export async function submitQuickRating(movieId: number, stars: number): Promise<boolean> {
  try {
    const reply = await postReview({ movie_id: movieId, stars });
    if (reply.success) return true;
    window.alert(reply.error || 'Failed to submit review.');
  } catch (error) {
    if (answeredUnsuccessfully(error)) window.alert(errorText(error, 'Failed to submit review.'));
    else window.alert(errorText(error, 'An error occurred while submitting your review.'));
  }
  return false;
}
