import { useQuery } from '@tanstack/react-query';
import { Card } from 'primereact/card';
import { fetchMovieSeenBy } from '../../api/insights';
import { queryKeys } from '../../api/queryKeys';
import { SeenByAvatars } from '../../components/SeenByAvatars';
import { t } from '../../i18n';

/** 'Who has seen it': the club members who have and have not, to plan who to watch it with. */
export function MovieSeenBy({ movieId }: { movieId: number }) {
  const seenBy = useQuery({ queryKey: queryKeys.movieSeenBy(movieId), queryFn: ({ signal }) => fetchMovieSeenBy(movieId, signal) });
  return (
    <Card title={t('Who has seen it')} className="movie-seen-by" aria-busy={seenBy.isPending}>
      {seenBy.data ? (
        <SeenByAvatars seen={seenBy.data.seen} notSeen={seenBy.data.not_seen} />
      ) : (
        <p className="movie-muted">{seenBy.isError ? t('Failed to load who has seen it.') : t('Loading...')}</p>
      )}
    </Card>
  );
}
