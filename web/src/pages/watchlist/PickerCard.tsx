import type { PickedMovie } from '@movieclub/contract';
import { Button } from 'primereact/button';
import { Card } from 'primereact/card';
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { useMutation } from '@tanstack/react-query';
import { failedWith } from '../../api/client';
import { pickMovie } from '../../api/watchlists';
import { localDateTime } from './rules';
import { withBase } from '../../lib/basePath';
import { t } from '../../i18n';

interface PickerCardProps {
  listId: number | null;
  /** From the list's permissions: editors pick. */
  canPick: boolean;
  /** Whether any item is left that the viewer has not reviewed. */
  hasUnreviewed: boolean;
  pickedMovie: PickedMovie | null;
  pickedAt: string | null;
  /** A realtime problem to show, or ''. */
  realtimeProblem: string;
  onPicked(movie: PickedMovie, at: string): void;
  /** The list changed since it was loaded: reload it. */
  onListChanged(): void;
}

/** The 'Watchlist Movie Picker': editors pick, everyone sees the persisted pick live. */
export function PickerCard({ listId, canPick, hasUnreviewed, pickedMovie, pickedAt, realtimeProblem, onPicked, onListChanged }: PickerCardProps) {
  const canEdit = canPick;
  const [noneLeft, setNoneLeft] = useState(false);
  useEffect(() => setNoneLeft(false), [listId, hasUnreviewed]);
  const exhausted = noneLeft || !hasUnreviewed;
  const pick = useMutation({
    mutationFn: pickMovie,
    onSuccess: (reply) => onPicked(reply.picked_movie, reply.picked_at),
    // Pick failures are swallowed, but say what is left: nothing to pick, or a list that changed meanwhile.
    onError: (error) => {
      if (failedWith(error, 'no_unreviewed_movies')) setNoneLeft(true);
      else if (failedWith(error, 'list_changed')) onListChanged();
    },
  });
  const busy = pick.isPending;

  return (
    <Card
      title={t('Watchlist Movie Picker')}
      subTitle={canEdit ? t('Random unreviewed movie (persisted)') : t('Only editors can pick; everyone sees result')}
      className="picker-card"
    >
      {/* Busy, not disabled, while it picks: a disabled button would drop the keyboard's focus. */}
      <Button
        type="button"
        label={t('Pick a Movie')}
        icon="pi pi-sparkles"
        aria-busy={busy}
        disabled={!canEdit || exhausted || listId === null}
        onClick={() => !busy && listId !== null && pick.mutate(listId)}
      />
      {canEdit && !exhausted && <p className="picker-hint">{t('Click the button to pick a movie you have not reviewed.')}</p>}
      {canEdit && exhausted && listId !== null && <p className="picker-hint">{t('No unreviewed movies available.')}</p>}
      <div className="picker-result" aria-live="polite">
        {pickedMovie ? (
          <>
            {pickedMovie.poster ? <img src={withBase(pickedMovie.poster)} alt="" width={120} height={180} /> : <div className="picker-no-poster">{t('No Poster')}</div>}
            <Link to={`/movie/${pickedMovie.id}`} className="picker-title">
              {pickedMovie.title}
            </Link>
            {pickedAt && <p className="picker-time">{t('Picked: {{time}}', { time: localDateTime(pickedAt) })}</p>}
          </>
        ) : (
          <p>{t('No movie picked yet.')}</p>
        )}
      </div>
      {realtimeProblem && <p className="realtime-problem">{realtimeProblem}</p>}
    </Card>
  );
}
