import type { Movie } from '@movieclub/contract';
import { Card } from 'primereact/card';
import { MovieActions } from '../../components/MovieActions';
import { averageText } from './movieFormat';
import { withBase } from '../../lib/basePath';
import { formatNumber, t } from '../../i18n';

/** Poster, title and release date, heart and plus, ratings, length, plot and the IMDb link. */
export function MovieDetailsCard({ movie }: { movie: Movie }) {
  return (
    <Card className="movie-details">
      <div className="movie-details-body">
        {movie.poster ? (
          <img className="movie-details-poster" src={withBase(movie.poster)} alt={t('Poster of {{title}}', { title: movie.title })} />
        ) : (
          <div className="movie-details-poster movie-poster-empty" aria-hidden="true">
            <i className="pi pi-image" />
          </div>
        )}
        <div className="movie-details-info">
          <h2 className="movie-details-title">
            {movie.title}
            {movie.release_date && <span className="movie-details-date"> ({movie.release_date})</span>}
          </h2>
          <MovieActions movie={movie} />
          <dl className="movie-facts">
            <dt>{t('IMDb Rating')}</dt>
            <dd data-testid="imdb-rating">{movie.imdb_rating === null ? t('N/A') : formatNumber(movie.imdb_rating, { useGrouping: false })}</dd>
            <dt>{t('Average User Rating')}</dt>
            <dd data-testid="average-rating">{averageText(movie.avg_user_rating, movie.user_rating_count)}</dd>
            <dt>{t('Length')}</dt>
            <dd className="movie-length">{movie.length ? t('{{length}} min', { length: movie.length }) : t('N/A')}</dd>
          </dl>
          <p className="movie-plot">{movie.plot || t('No plot available.')}</p>
          <a href={movie.imdb_link} target="_blank" rel="noopener noreferrer" className="movie-imdb-link">
            {t('View on IMDb')}
          </a>
        </div>
      </div>
    </Card>
  );
}
