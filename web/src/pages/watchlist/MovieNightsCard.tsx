import { watchlistIdentifier } from '@movieclub/contract';
import { useQuery } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { Card } from 'primereact/card';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router-dom';
import { queryKeys } from '../../api/queryKeys';
import { fetchScreening, fetchUpcomingScreenings, listCalendarUrl } from '../../api/screenings';
import { RsvpButtons } from '../../components/screenings/RsvpButtons';
import { screeningTime } from '../../lib/screeningTime';
import { t } from '../../i18n';
import { EarlierNights } from './EarlierNights';

const ScheduleDialog = lazy(() => import('../../components/screenings/ScheduleDialog'));

interface MovieNightsCardProps {
  list: { id: number; name: string };
  /** Editors (owner or moderators) schedule. */
  canSchedule: boolean;
  signedIn: boolean;
}

/** 'Movie nights' of a public list: the next one with the caller's RSVP, how many more, the calendar feed, scheduling for editors, and the earlier nights. */
export function MovieNightsCard({ list, canSchedule, signedIn }: MovieNightsCardProps) {
  const [scheduling, setScheduling] = useState(false);
  const upcoming = useQuery({
    queryKey: queryKeys.upcomingScreenings(list.id),
    queryFn: ({ signal }) => fetchUpcomingScreenings(list.id, signal),
  });
  const next = upcoming.data?.screenings[0] ?? null;
  // The caller's own answer is on the screening itself.
  const detail = useQuery({
    queryKey: queryKeys.screening(next?.id ?? 0),
    queryFn: ({ signal }) => fetchScreening(next!.id, signal),
    enabled: next !== null && signedIn,
  });
  const more = (upcoming.data?.screenings.length ?? 0) - 1;
  const feed = listCalendarUrl(watchlistIdentifier(list.id, list.name));

  return (
    <Card title={t('Movie nights')} className="movie-nights-card">
      {upcoming.isLoadingError && <p className="screening-error">{t('Could not load the movie nights.')}</p>}
      {upcoming.data && !next && <p className="screening-hint">{t('No movie night planned yet.')}</p>}
      {next && (
        <div className="movie-night-next">
          <p className="screening-when">{screeningTime(next.starts_at)}</p>
          {next.place && <p className="screening-where">{next.place}</p>}
          <p className="screening-where">
            {next.picked_movie ? <>{t('Watching')} <strong>{next.picked_movie.title}</strong> · </> : null}
            {next.yes_count === 1 ? t('1 going') : t('{{n}} going', { n: next.yes_count })}
          </p>
          {signedIn && detail.data && (
            <RsvpButtons screeningId={next.id} myRsvp={detail.data.screening.my_rsvp} disabled={!detail.data.screening.permissions.rsvp} />
          )}
          <p className="movie-night-links">
            <Link to={`/screening/${next.id}`}>{t('Open the movie night')}</Link>
            {more > 0 && <span> · {more === 1 ? t('1 more planned') : t('{{n}} more planned', { n: more })}</span>}
          </p>
        </div>
      )}
      <div className="movie-night-actions">
        {canSchedule && <Button type="button" size="small" label={t('Schedule movie night')} icon="pi pi-calendar-plus" onClick={() => setScheduling(true)} />}
        <a className="movie-night-feed" href={feed.webcal} title={feed.https}>
          <i className="pi pi-calendar" aria-hidden="true" /> {t('Subscribe in your calendar')}
        </a>
      </div>
      <EarlierNights listId={list.id} />
      {scheduling && (
        <Suspense fallback={null}>
          <ScheduleDialog watchlistId={list.id} onClose={() => setScheduling(false)} />
        </Suspense>
      )}
    </Card>
  );
}
