import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useDeferredValue } from 'react';
import { Link, useParams } from 'react-router-dom';
import { MovieDetailsCard } from './MovieDetailsCard';
import { parseMovieId, tconstFromLink } from './movieFormat';
import { queryKeys } from '../../api/queryKeys';
import { MovieSeenBy } from './MovieSeenBy';
import { MovieViewings } from './MovieViewings';
import { RecentReviews } from './RecentReviews';
import { RecommendedMovies } from './RecommendedMovies';
import { useSession } from '../../session/SessionProvider';
import { useMovie, useMovieReviews, useMyReview } from './useMoviePageData';
import { useMovieSocket } from './useMovieSocket';
import { t } from '../../i18n';
import './movie.css';

// Below the details, recommendations and reviews: its form controls load while those render.
const ReviewForm = lazy(() => import('./ReviewForm').then((module) => ({ default: module.ReviewForm })));

/** /movie/{id}: details, recommendations, recent reviews and the review form. */
export function MoviePage() {
  const { id: rawId } = useParams();
  const id = parseMovieId(rawId);
  return (
    <div className="movie-page">
      <Link to="/" className="movie-back-link">
        {t('← Back to Movies')}
      </Link>
      {/* A key per movie: opening a recommendation starts the screen afresh. */}
      {id === null ? <p className="movie-status">{t('Movie not found.')}</p> : <MovieScreen key={id} id={id} />}
    </div>
  );
}

function MovieScreen({ id }: { id: number }) {
  const { state: loaded, reload: reloadMovie } = useMovie(id);
  const { reviews: loadedReviews, reload: reloadReviews } = useMovieReviews(id);
  // The screen renders in the background, yielding to the browser, not in one long task.
  const state = useDeferredValue(loaded);
  const reviews = useDeferredValue(loadedReviews);
  const { user } = useSession();
  const queryClient = useQueryClient();
  const myReview = useMyReview(id, user === undefined ? undefined : (user?.id ?? null));
  // Others' reviews, comments and reactions show as they happen.
  useMovieSocket(id, (event) => {
    if (event === null || event.what === 'reviews') void reloadMovie();
    void reloadReviews();
    // A reaction may be to one of the review's comments.
    if (event === null) void queryClient.invalidateQueries({ queryKey: queryKeys.allComments });
    else if (event.review_id !== null) void queryClient.invalidateQueries({ queryKey: queryKeys.comments(event.review_id) });
  });

  // The details show as soon as the movie is here; the cards below them follow in the background.
  if (loaded.status === 'loading') return <p className="movie-status">{t('Loading...')}</p>;
  if (loaded.status === 'not-found') return <p className="movie-status">{t('Movie not found.')}</p>;
  if (loaded.status === 'error') return <p className="movie-status movie-error" role="alert">{t('Failed to load movie.')}</p>;

  const { movie } = loaded;
  // A first review also logs a viewing for today, and clears a movie night's prompt to rate it.
  const afterReview = () =>
    Promise.all([
      reloadMovie(),
      reloadReviews(),
      queryClient.invalidateQueries({ queryKey: queryKeys.viewings }),
      queryClient.invalidateQueries({ queryKey: queryKeys.ratingPrompts }),
      queryClient.invalidateQueries({ queryKey: queryKeys.insights }),
    ]);
  // A deleted review leaves every read of reviews stale: averages, the member's own, the feed's.
  const afterDeletion = () =>
    Promise.all([
      afterReview(),
      queryClient.invalidateQueries({ queryKey: queryKeys.reviews }),
      queryClient.invalidateQueries({ queryKey: queryKeys.feed }),
      queryClient.invalidateQueries({ queryKey: queryKeys.catalogues }),
    ]);
  return (
    <>
      <MovieDetailsCard movie={movie} />
      {state.status === 'loaded' && (
        <>
          <RecommendedMovies tconst={tconstFromLink(movie.imdb_link) ?? movie.tconst} />
          <MovieViewings movieId={movie.id} />
          <MovieSeenBy movieId={movie.id} />
          <RecentReviews reviews={reviews ?? []} read={reviews !== null} onDeleted={afterDeletion} />
          <Suspense fallback={null}>
            <ReviewForm movieId={movie.id} saved={myReview} onPosted={afterReview} onDeleted={afterDeletion} />
          </Suspense>
        </>
      )}
    </>
  );
}
