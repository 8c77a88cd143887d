import { CAROUSEL_LIMIT, HOME_LIST_LIMIT } from '@movieclub/contract';
import { Dropdown } from 'primereact/dropdown';
import { IconField } from 'primereact/iconfield';
import { InputIcon } from 'primereact/inputicon';
import { InputText } from 'primereact/inputtext';
import { ProgressSpinner } from 'primereact/progressspinner';
import { useCallback, useMemo, useState } from 'react';
import { dropdownNames } from '../../components/a11y';
import { MovieCard } from '../../components/MovieCard';
import { listMovies, newestAdded, SORT_FIELDS, SORT_ORDERS, type SortField, type SortOrder } from '../../lib/movieList';
import { useSession } from '../../session/SessionProvider';
import { FirstRun } from './FirstRun';
import './home.css';
import { RecentCarousel } from './RecentCarousel';
import { type HomeMovie, useHomeMovies, useRecentReviewers } from './useHomeMovies';

/**
 * Home: the recently added carousel, then the searchable, sortable top 10. An
 * empty catalogue shows what to do instead; a member who found it empty keeps
 * the suggestions for the visit, to add several with a click each.
 */
export function HomePage() {
  const { user } = useSession();
  const { movies, failed, startedEmpty, reload, myRatings, averages, rated } = useHomeMovies();
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

  if (failed) return <p className="home-error" role="alert">Failed to load movies. Please try again later.</p>;
  if (!movies) return <ProgressSpinner className="home-loading" aria-label="Loading movies" />;

  const catalogueEmpty = movies.length === 0;
  const welcome = catalogueEmpty || (startedEmpty && Boolean(user));

  return (
    <div className="home-page">
      <RecentCarousel movies={carousel} />
      {welcome && <FirstRun signedIn={Boolean(user)} onAdded={reload} />}
      {!catalogueEmpty && (
        <section className="home-list">
          <div className="home-controls">
            <IconField iconPosition="left" className="home-search">
              <InputIcon className="pi pi-search" />
              <InputText type="search" value={query} onChange={(event) => setQuery(event.target.value)} placeholder="Search titles..." aria-label="Search titles" />
            </IconField>
            <Dropdown value={field} options={SORT_FIELDS} onChange={(event) => setField(event.value as SortField)} aria-label="Sort by" pt={dropdownNames('Sort by')} className="home-sort-field" />
            <Dropdown value={order} options={SORT_ORDERS} onChange={(event) => setOrder(event.value as SortOrder)} aria-label="Order" pt={dropdownNames('Order')} className="home-sort-order" />
          </div>
          {shown.length === 0 ? (
            <p className="home-empty">No movies found.</p>
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
