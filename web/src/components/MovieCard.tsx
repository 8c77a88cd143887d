import type { Movie, ReviewUser } from '@movieclub/contract';
import { useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import type { Average } from '../api/adapters';
import { MovieActions } from './MovieActions';
import './MovieCard.css';
import { useQuickRating } from './quickRating';
import { RatingPicker } from './RatingPicker';
import { StarRating } from './StarRating';
import { UserAvatar } from './UserAvatar';
import { withBase } from '../lib/basePath';
import { formatOneDecimal, t } from '../i18n';

/** How many recent reviewers a card shows. */
const AVATARS_SHOWN = 5;

interface MovieCardProps {
  movie: Movie;
  /** The signed-in user's stars, or null. */
  myRating: number | null;
  average: Average | null;
  reviewers: ReviewUser[];
  /** Called after a quick rating was saved, so the owner can update its maps and refetch averages. */
  onRated(movieId: number, stars: number): void;
}

/** A rating with one decimal, as toFixed(1) writes it, in the language's digits. */
const oneDecimal = formatOneDecimal;

const formatAverage = (average: Average | null) =>
  average && average.count > 0 ? `${oneDecimal(average.avg)} (${average.count})` : t('N/A (0)');

/** The picture for a movie without a poster: a neutral frame (the title is printed under it). */
export function NoPoster({ className }: { className: string }) {
  return (
    <span className={className}>
      <i className="pi pi-video" aria-hidden="true" />
    </span>
  );
}

/**
 * A movie in the home grid: facts, recent reviewers and the 10-star quick
 * rating. The card is a CSS container: where it is too narrow for ten 24-px
 * stars (phones), the stars give way to a one-button picker (MovieCard.css).
 */
export function MovieCard({ movie, myRating, average, reviewers, onRated }: MovieCardProps) {
  const submitQuickRating = useQuickRating();
  // Arrow keys step through the stars faster than a rating is saved: the stars show the
  // latest choice at once, and once the rating on its way is saved the latest is sent.
  const [chosen, setChosen] = useState<number | null>(null);
  const sending = useRef(false);
  const latest = useRef<number | null>(null);
  const shownRating = chosen ?? myRating;

  const rate = async (stars: number) => {
    setChosen(stars);
    latest.current = stars;
    if (sending.current) return;
    sending.current = true;
    for (let saved: number | null = null; latest.current !== null && latest.current !== saved; ) {
      const next: number = latest.current;
      if (!(await submitQuickRating(movie.id, next))) break;
      saved = next;
      onRated(movie.id, next);
    }
    sending.current = false;
    latest.current = null;
    setChosen(null);
  };

  return (
    <article className="movie-card" data-movie-id={movie.id}>
      <Link to={`/movie/${movie.id}`} className="movie-card-poster" tabIndex={-1} aria-hidden="true">
        {movie.poster ? <img src={withBase(movie.poster)} alt="" loading="lazy" /> : <NoPoster className="movie-card-no-poster" />}
      </Link>
      <div className="movie-card-body">
        <div className="movie-card-heading">
          <Link to={`/movie/${movie.id}`} className="movie-card-title" title={movie.title}>
            {movie.title}
          </Link>
          <MovieActions movie={movie} />
        </div>
        <div className="movie-card-facts">
          <span className="movie-card-release">{movie.release_date ?? '—'}</span>
          <span className="movie-card-length">{movie.length != null ? t('{{length}} min', { length: movie.length }) : '—'}</span>
        </div>
        <div className="movie-card-ratings">
          <span className="movie-card-imdb" title={t('IMDb Rating')}>
            <i className="pi pi-star-fill" aria-hidden="true" /> IMDb {movie.imdb_rating != null ? oneDecimal(movie.imdb_rating) : t('N/A')}
          </span>
          <span className="movie-card-average" title={t('Average User Rating (number of ratings)')}>
            <i className="pi pi-users" aria-hidden="true" /> {t('Users {{average}}', { average: formatAverage(average) })}
          </span>
        </div>
        <div className="movie-card-reviewers" role="group" aria-label={t('Recent reviewers')}>
          {reviewers.slice(0, AVATARS_SHOWN).map((reviewer) => (
            <Link key={reviewer.username} to={`/user/profile/${encodeURIComponent(reviewer.username)}`} title={reviewer.username}>
              <UserAvatar username={reviewer.username} picture={reviewer.profile_picture} className="movie-card-avatar" />
            </Link>
          ))}
        </div>
        <div className="movie-card-rate">
          {/* Not disabled while sending: a disabled star drops out of the tab order and a keyboard user's focus with it. */}
          <StarRating label={t('My Rating')} value={shownRating} onChange={(stars) => void rate(stars)} className="movie-card-stars" />
          <span className="movie-card-picker">
            <RatingPicker label={t('My Rating')} value={shownRating} onChange={(stars) => void rate(stars)} />
          </span>
        </div>
        <a className="movie-card-imdb-link" href={movie.imdb_link} target="_blank" rel="noopener noreferrer">
          IMDb <i className="pi pi-external-link" aria-hidden="true" />
        </a>
      </div>
    </article>
  );
}
