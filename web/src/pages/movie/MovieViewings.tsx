import { useQuery } from '@tanstack/react-query';
import { Card } from 'primereact/card';
import { Link } from 'react-router-dom';
import { queryKeys } from '../../api/queryKeys';
import { fetchMovieViewings } from '../../api/viewings';
import { UserAvatar } from '../../components/UserAvatar';
import { namesText, viewingDate } from '../../lib/viewingDates';
import { t } from '../../i18n';

/** 'You watched this on …' and the club's viewings of the movie, newest first. */
export function MovieViewings({ movieId }: { movieId: number }) {
  const viewings = useQuery({ queryKey: queryKeys.movieViewings(movieId), queryFn: ({ signal }) => fetchMovieViewings(movieId, signal) });
  // The card is there from the start, one line high, so the cards below do not move when it fills.
  if (!viewings.data) {
    return (
      <Card title={t('Club Viewings')} className="movie-viewings" aria-busy={viewings.isPending}>
        <p className="movie-muted">{viewings.isError ? t('Failed to load viewings.') : t('Loading viewings...')}</p>
      </Card>
    );
  }
  const { mine, total } = viewings.data;
  return (
    <Card title={t('Club Viewings')} className="movie-viewings">
      {mine && mine.count > 0 && (
        <p className="movie-viewings-mine">
          {mine.last_watched_on
            ? mine.count > 1
              ? t('You watched this on {{date}} ({{n}} viewings).', { date: viewingDate(mine.last_watched_on), n: mine.count })
              : t('You watched this on {{date}}.', { date: viewingDate(mine.last_watched_on) })
            : mine.count > 1
              ? t('You have watched this ({{n}} viewings).', { n: mine.count })
              : t('You have watched this.')}
        </p>
      )}
      {total === 0 ? (
        <p className="movie-muted">{t('Nobody has logged a viewing yet.')}</p>
      ) : (
        <ul className="movie-viewings-list">
          {viewings.data.viewings.map((viewing) => (
            <li key={viewing.id}>
              <Link to={`/user/profile/${encodeURIComponent(viewing.user.username)}`} className="movie-viewings-user">
                <UserAvatar username={viewing.user.username} picture={viewing.user.profile_picture} decorative />
                <span>{viewing.user.username}</span>
              </Link>
              <span className="movie-viewings-when">
                {viewing.watched_on ? viewingDate(viewing.watched_on) : t('Day unknown')}
                {viewing.rewatch && (
                  <span className="viewing-rewatch" title={t('Rewatch')}>
                    <i className="pi pi-replay" aria-hidden="true" /> {t('rewatch')}
                  </span>
                )}
              </span>
              {viewing.with.length > 0 && <span className="movie-viewings-with">{t('with {{names}}', { names: namesText(viewing.with.map((member) => member.username)) })}</span>}
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
