import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { queryKeys } from '../../api/queryKeys';
import { fetchUpcomingScreenings } from '../../api/screenings';
import { t } from '../../i18n';
import { screeningTime } from '../../lib/screeningTime';

const SHOWN = 5;

/** 'Upcoming movie nights' on home, for members: the club's next screenings, soonest first. */
export default function UpcomingScreenings() {
  const upcoming = useQuery({ queryKey: queryKeys.upcomingScreenings(null), queryFn: ({ signal }) => fetchUpcomingScreenings(undefined, signal) });
  const screenings = upcoming.data?.screenings.slice(0, SHOWN) ?? [];
  if (!upcoming.isSuccess) return null;
  return (
    <section className="home-screenings" aria-labelledby="home-screenings-heading">
      <div className="home-screenings-head">
        <h2 id="home-screenings-heading">{t('Upcoming movie nights')}</h2>
        <Link to="/club">{t('Club statistics')}</Link>
      </div>
      {screenings.length === 0 ? (
        <p className="home-screenings-empty">{t('No movie night planned. The editors of a public watchlist can schedule one from its page.')}</p>
      ) : (
        <ul className="home-screenings-list">
          {screenings.map((screening) => (
            <li key={screening.id}>
              <Link to={`/screening/${screening.id}`} className="home-screening">
                <span className="home-screening-when">{screeningTime(screening.starts_at)}</span>
                <span className="home-screening-what">
                  {screening.watchlist_name}
                  {screening.picked_movie && `: ${screening.picked_movie.title}`}
                </span>
                <span className="home-screening-going">{t('{{count}} going', { count: screening.yes_count })}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
