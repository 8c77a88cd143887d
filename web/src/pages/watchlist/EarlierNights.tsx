import { useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { queryKeys } from '../../api/queryKeys';
import { fetchEarlierScreenings } from '../../api/screenings';
import { OlderPagesButton } from '../../components/OlderPagesButton';
import { t } from '../../i18n';
import { screeningTime } from '../../lib/screeningTime';
import { useCursorPages } from '../../lib/useCursorPages';

/** A list's past and cancelled movie nights, read only once opened, 20 at a time: what was picked, or that it was cancelled. */
export function EarlierNights({ listId }: { listId: number }) {
  const [open, setOpen] = useState(false);
  const list = useRef<HTMLUListElement>(null);
  const earlier = useCursorPages({
    queryKey: queryKeys.earlierScreenings(listId),
    fetchPage: (after: number | undefined, signal) => fetchEarlierScreenings(listId, after, signal),
    nextCursor: (page) => page.next_after,
    enabled: open,
  });
  const nights = earlier.data?.pages.flatMap((page) => page.screenings) ?? [];
  return (
    <details className="movie-night-earlier" onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary>{t('Earlier movie nights')}</summary>
      {earlier.isLoadingError ? (
        <p className="screening-error">{t('Could not load the movie nights.')}</p>
      ) : !earlier.data ? (
        <p className="screening-hint">{t('Loading...')}</p>
      ) : nights.length === 0 ? (
        <p className="screening-hint">{t('No earlier movie nights.')}</p>
      ) : (
        <ul className="movie-night-earlier-list" ref={list}>
          {nights.map((night) => (
            <li key={night.id}>
              <Link to={`/screening/${night.id}`}>{screeningTime(night.starts_at)}</Link>
              <span className="movie-night-earlier-what">
                {night.status === 'cancelled' ? t('Cancelled') : night.picked_movie ? night.picked_movie.title : t('No movie picked')}
              </span>
            </li>
          ))}
        </ul>
      )}
      <OlderPagesButton pages={earlier} list={list} label={t('Older movie nights')} className="movie-night-earlier-more" />
    </details>
  );
}
