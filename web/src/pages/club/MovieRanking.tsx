import type { RatedMovie } from '@movieclub/contract';
import { Link } from 'react-router-dom';
import { t } from '../../i18n';
import { figure } from '../../lib/statsView';

interface MovieRankingProps {
  heading: string;
  movies: RatedMovie[];
  /** What each line says after the title. */
  detail(movie: RatedMovie): string;
  empty: string;
}

/** A ranked list of films with one figure each: most loved, most divisive. */
export function MovieRanking({ heading, movies, detail, empty }: MovieRankingProps) {
  return (
    <section className="club-section">
      <h2>{heading}</h2>
      {movies.length === 0 ? (
        <p className="club-empty">{empty}</p>
      ) : (
        <ol className="club-ranking">
          {movies.map((entry) => (
            <li key={entry.movie.id}>
              <Link to={`/movie/${entry.movie.id}`}>
                {entry.movie.title}
                {entry.movie.year !== null && ` (${entry.movie.year})`}
              </Link>
              <span className="club-figure">{detail(entry)}</span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

export const lovedDetail = (entry: RatedMovie) => t('{{average}} ★ from {{ratings}} ratings', { average: figure(entry.average), ratings: entry.ratings });
export const divisiveDetail = (entry: RatedMovie) =>
  t('{{average}} ★ ± {{stddev}} from {{ratings}} ratings', { average: figure(entry.average), stddev: figure(entry.stddev), ratings: entry.ratings });
