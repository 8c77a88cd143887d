import type { ScreeningDetail } from '@movieclub/contract';
import { useMutation } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { Card } from 'primereact/card';
import { errorText } from '../../api/client';
import { pickForTheRoom } from '../../api/screenings';
import { localDateTime } from '../watchlist/rules';
import { PickReveal } from './PickReveal';
import { t } from '../../i18n';

interface PickCardProps {
  screening: ScreeningDetail;
  revealToken: number;
  /** The pick was made here: reveal it and reload. */
  onPicked(): void;
}

/** 'Pick for the room': editors draw among what nobody vetoed and nobody coming has seen, weighted by votes; everyone sees it land. */
export function PickCard({ screening, revealToken, onPicked }: PickCardProps) {
  const pick = useMutation({ mutationFn: () => pickForTheRoom(screening.id), onSuccess: onPicked });
  const titles = screening.candidates.filter((candidate) => candidate.pickable).map((candidate) => candidate.movie.title);
  // Said before a click, in the server's words for the same refusal.
  const nothingToPick =
    screening.list_movies === 0
      ? t('The list has no movies yet: add some to it before picking.')
      : titles.length === 0
        ? t('Nothing is left to pick: every candidate is vetoed or already seen by someone who is coming.')
        : null;
  return (
    <Card title={t('The pick')} className="pick-card">
      <PickReveal picked={screening.picked_movie} titles={titles} revealToken={revealToken} />
      {screening.picked_at && <p className="screening-hint">{t('Picked: {{when}}', { when: localDateTime(screening.picked_at) })}</p>}
      {screening.permissions.pick && (
        <>
          <Button
            type="button"
            label={screening.picked_movie ? t('Pick again') : t('Pick for the room')}
            // Busy, not disabled, while it draws: a disabled button would drop the keyboard's focus.
            icon="pi pi-sparkles"
            aria-busy={pick.isPending}
            disabled={nothingToPick !== null}
            aria-describedby="pick-hint"
            onClick={() => {
              if (!pick.isPending) pick.mutate();
            }}
          />
          <p className="screening-hint" id="pick-hint">
            {nothingToPick ?? t('Chooses among the movies nobody vetoed and nobody coming has seen, weighted by votes.')}
          </p>
        </>
      )}
      {pick.isError && (
        <p className="screening-error" role="alert">
          {errorText(pick.error, t('Could not pick a movie. Please try again.'))}
        </p>
      )}
    </Card>
  );
}
