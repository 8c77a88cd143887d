import { useMutation, useQueryClient } from '@tanstack/react-query';
import { answeredUnsuccessfully, errorText } from '../api/client';
import { queryKeys } from '../api/queryKeys';
import { postReview } from '../api/reviews';
import { t } from '../i18n';

/**
 * Posts a quick rating (movie_id and stars only, so a detailed review keeps its
 * other fields). The returned function resolves true on success; otherwise it
 * alerts the spec's text and resolves false.
 */
export function useQuickRating(): (movieId: number, stars: number) => Promise<boolean> {
  const queryClient = useQueryClient();
  const rating = useMutation({
    mutationFn: (input: { movie_id: number; stars: number }) => postReview(input),
    // A rating clears a movie night's prompt to rate the movie.
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryKeys.ratingPrompts }),
  });
  return async (movieId, stars) => {
    try {
      const reply = await rating.mutateAsync({ movie_id: movieId, stars });
      if (reply.success) return true;
      window.alert(reply.error || t('Failed to submit review.'));
    } catch (error) {
      if (answeredUnsuccessfully(error)) window.alert(errorText(error, t('Failed to submit review.')));
      else window.alert(errorText(error, t('An error occurred while submitting your review.')));
    }
    return false;
  };
}
