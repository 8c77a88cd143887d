import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { queryKeys } from '../../api/queryKeys';
import { clubCalendarUrl, fetchUpcomingScreenings, memberCalendarUrl } from '../../api/screenings';
import { t } from '../../i18n';
import { screeningTime } from '../../lib/screeningTime';
import { useSession } from '../../session/SessionProvider';

const SHOWN = 5;

/** 'Upcoming movie nights' on home, for members: the club's next screenings, soonest first, and calendars to subscribe to. */
export default function UpcomingScreenings() {
  const { user } = useSession();
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
      <p className="home-screenings-feeds">
        <CalendarLink feed={clubCalendarUrl()} label={t('Subscribe to every movie night')} />
        {user && <CalendarLink feed={memberCalendarUrl(user.username)} label={t('Subscribe to the nights you are going to')} />}
      </p>
    </section>
  );
}

/** A `webcal:` link (a calendar app's subscription dialog), its https address on hover. */
function CalendarLink({ feed, label }: { feed: { https: string; webcal: string }; label: string }) {
  return (
    <a href={feed.webcal} title={feed.https}>
      <i className="pi pi-calendar" aria-hidden="true" /> {label}
    </a>
  );
}
