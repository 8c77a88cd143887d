import type { Movie } from '@movieclub/contract';
import { Card } from 'primereact/card';
import { MovieActions } from '../../components/MovieActions';
import { averageText } from './movieFormat';
import { withBase } from '../../lib/basePath';

/** Poster, title and release date, heart and plus, ratings, length, plot and the IMDb link. */
export function MovieDetailsCard({ movie }: { movie: Movie }) {
  return (
    <Card className="movie-details">
      <div className="movie-details-body">
        {movie.poster ? (
          <img className="movie-details-poster" src={withBase(movie.poster)} alt={`Poster of ${movie.title}`} />
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
            <dt>IMDb Rating</dt>
            <dd data-testid="imdb-rating">{movie.imdb_rating ?? 'N/A'}</dd>
            <dt>Average User Rating</dt>
            <dd data-testid="average-rating">{averageText(movie.avg_user_rating, movie.user_rating_count)}</dd>
            <dt>Length</dt>
            <dd className="movie-length">{movie.length ? `${movie.length} min` : 'N/A'}</dd>
          </dl>
          <p className="movie-plot">{movie.plot || 'No plot available.'}</p>
          <a href={movie.imdb_link} target="_blank" rel="noopener noreferrer" className="movie-imdb-link">
            View on IMDb
          </a>
        </div>
      </div>
    </Card>
  );
}
