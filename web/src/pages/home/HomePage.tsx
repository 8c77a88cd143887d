import { CAROUSEL_LIMIT, HOME_LIST_LIMIT } from '@movieclub/contract';
import { lazy, Suspense, useCallback, useDeferredValue, useMemo, useState } from 'react';
import { dropdownNames } from '../../components/a11y';
import { LazyDropdown } from '../../components/LazyDropdown';
import { MovieCard } from '../../components/MovieCard';
import { Spinner } from '../../components/Spinner';
import { t } from '../../i18n';
import { listMovies, newestAdded, sortFields, sortOrders, type SortField, type SortOrder } from '../../lib/movieList';
import { useSession } from '../../session/SessionProvider';
import './home.css';
import { RecentCarousel } from './RecentCarousel';
import { type HomeMovie, useHomeMovies, useRecentReviewers } from './useHomeMovies';

// Only an empty catalogue shows it: a club's usual visit does not wait for its code.
const FirstRun = lazy(() => import('./FirstRun').then((module) => ({ default: module.FirstRun })));
// Members only: a visitor's first page does not load it.
const UpcomingScreenings = lazy(() => import('./UpcomingScreenings'));
const HomeFeed = lazy(() => import('./HomeFeed'));

/**
 * Home: the recently added carousel, then the searchable, sortable top 10. An
 * empty catalogue shows what to do instead; a member who found it empty keeps
 * the suggestions for the visit, to add several with a click each.
 */
export function HomePage() {
  const { user } = useSession();
  const { movies: loaded, failed, startedEmpty, reload, myRatings, averages, rated } = useHomeMovies();
  // The catalogue's cards render in the background, yielding to the browser, not in one long task.
  const movies = useDeferredValue(loaded);
  const [query, setQuery] = useState('');
  const [field, setField] = useState<SortField>('imdb_rating');
  const [order, setOrder] = useState<SortOrder>('desc');

  const carousel = useMemo(() => newestAdded(movies ?? [], CAROUSEL_LIMIT), [movies]);
  const shown = useMemo(
    () =>
      listMovies<HomeMovie>(movies ?? [], {
        query,
        field,
        order,
        limit: HOME_LIST_LIMIT,
        titleOf: (movie) => movie.title,
        valueOf: (movie, key) =>
          key === 'imdb_rating' ? movie.imdb_rating : key === 'my_rating' ? myRatings[movie.id] : averages[movie.id]?.avg,
      }),
    [movies, query, field, order, myRatings, averages],
  );

  const shownIds = useMemo(() => shown.map((movie) => movie.id), [shown]);
  const recent = useRecentReviewers(shownIds);

  const onRated = useCallback((movieId: number, stars: number) => rated(movieId, stars, shownIds), [rated, shownIds]);

  if (failed) return <p className="home-error" role="alert">{t('Failed to load movies. Please try again later.')}</p>;
  if (!movies) return <Spinner className="home-loading" label={t('Loading movies')} />;

  const catalogueEmpty = movies.length === 0;
  const welcome = catalogueEmpty || (startedEmpty && Boolean(user));

  return (
    <div className="home-page">
      <RecentCarousel movies={carousel} />
      {user && !catalogueEmpty && (
        <Suspense fallback={null}>
          <UpcomingScreenings />
          <HomeFeed me={user.username} />
        </Suspense>
      )}
      {welcome && (
        <Suspense fallback={null}>
          <FirstRun signedIn={Boolean(user)} onAdded={reload} />
        </Suspense>
      )}
      {!catalogueEmpty && (
        <section className="home-list">
          <div className="home-controls">
            {/* PrimeReact's IconField and InputText markup, without their code on the first page. */}
            <div className="p-icon-field p-icon-field-left home-search">
              <span className="p-input-icon pi pi-search" />
              <input
                type="search"
                className={`p-inputtext p-component${query ? ' p-filled' : ''}`}
                value={query}
                onChange={(event) => setQuery(event.target.value)}
                placeholder={t('Search titles...')}
                aria-label={t('Search titles')}
              />
            </div>
            <LazyDropdown value={field} options={sortFields()} onChange={(event) => setField(event.value as SortField)} aria-label={t('Sort by')} pt={dropdownNames(t('Sort by'))} className="home-sort-field" />
            <LazyDropdown value={order} options={sortOrders()} onChange={(event) => setOrder(event.value as SortOrder)} aria-label={t('Order')} pt={dropdownNames(t('Order'))} className="home-sort-order" />
          </div>
          {shown.length === 0 ? (
            <p className="home-empty">{t('No movies found.')}</p>
          ) : (
            <div className="home-grid">
              {shown.map((movie) => (
                <MovieCard
                  key={movie.id}
                  movie={movie}
                  myRating={myRatings[movie.id] ?? null}
                  average={averages[movie.id] ?? null}
                  reviewers={recent[movie.id] ?? []}
                  onRated={onRated}
                />
              ))}
            </div>
          )}
        </section>
      )}
    </div>
  );
}
