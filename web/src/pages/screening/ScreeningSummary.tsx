import { type ScreeningDetail, watchlistIdentifier } from '@movieclub/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { Card } from 'primereact/card';
import { Tag } from 'primereact/tag';
import { lazy, Suspense, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { errorText } from '../../api/client';
import { queryKeys } from '../../api/queryKeys';
import { cancelScreening, screeningCalendarUrl } from '../../api/screenings';
import { RsvpButtons } from '../../components/screenings/RsvpButtons';
import { screeningTime } from '../../lib/screeningTime';
import { mayAnswer } from './answering';
import { t } from '../../i18n';
import { FocusKeepingButton } from '../../components/FocusKeepingButton';

const ScheduleDialog = lazy(() => import('../../components/screenings/ScheduleDialog'));

/** When and where, the note, the caller's answer, the calendar file; editors change or cancel it. */
export function ScreeningSummary({ screening, signedIn }: { screening: ScreeningDetail; signedIn: boolean }) {
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const cancel = useMutation({
    mutationFn: () => cancelScreening(screening.id),
    // The button goes with the night; the keyboard's focus goes to the heading that now says 'Cancelled'.
    onSuccess: () => heading.current?.focus(),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: queryKeys.screenings }),
  });
  const cancelled = screening.status === 'cancelled';
  const confirmCancel = () => {
    if (window.confirm(t('Cancel this movie night? Everyone coming is told, and calendars drop it.'))) cancel.mutate();
  };

  return (
    <Card className="screening-summary">
      <h2 className="screening-heading" ref={heading} tabIndex={-1}>
        {t('Movie night:')}{' '}
        <Link to={`/watchlist/${watchlistIdentifier(screening.watchlist_id, screening.watchlist_name)}`}>{screening.watchlist_name}</Link>
        {cancelled && <Tag value={t('Cancelled')} severity="danger" className="screening-cancelled-tag" />}
      </h2>
      <p className="screening-when">{screeningTime(screening.starts_at)}</p>
      {screening.place && <p className="screening-where">{screening.place}</p>}
      {screening.note && <p className="screening-note">{screening.note}</p>}
      {screening.created_by && <p className="screening-hint">{t('Scheduled by {{name}}', { name: screening.created_by })}</p>}
      {mayAnswer(screening, signedIn) && signedIn && <RsvpButtons screeningId={screening.id} myRsvp={screening.my_rsvp} />}
      {mayAnswer(screening, signedIn) && !signedIn && (
        <p className="screening-hint">
          <Link to="/login">{t('Login')}</Link> {t('to answer whether you are coming.')}
        </p>
      )}
      <div className="screening-summary-actions">
        <a href={screeningCalendarUrl(screening.id)} download={`movie-night-${screening.id}.ics`}>
          <i className="pi pi-calendar-plus" aria-hidden="true" /> {t('Add to calendar')}
        </a>
        {screening.permissions.edit && (
          <>
            <Button type="button" size="small" outlined label={t('Change')} icon="pi pi-pencil" onClick={() => setEditing(true)} />
            {screening.attendees.length === 0 && (
              <FocusKeepingButton type="button" size="small" outlined severity="danger" label={t('Cancel movie night')} icon="pi pi-times" busy={cancel.isPending} onClick={confirmCancel} />
            )}
          </>
        )}
      </div>
      {cancel.isError && (
        <p className="screening-error" role="alert">
          {errorText(cancel.error, t('Could not cancel the movie night. Please try again.'))}
        </p>
      )}
      {editing && (
        <Suspense fallback={null}>
          <ScheduleDialog watchlistId={screening.watchlist_id} screening={screening} onClose={() => setEditing(false)} />
        </Suspense>
      )}
    </Card>
  );
}
