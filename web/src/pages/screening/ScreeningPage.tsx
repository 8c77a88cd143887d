import type { ScreeningUpdateEvent } from '@movieclub/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Message } from 'primereact/message';
import { ProgressSpinner } from 'primereact/progressspinner';
import { useCallback, useRef, useState } from 'react';
import { useParams } from 'react-router-dom';
import { ApiError } from '../../api/client';
import { queryKeys } from '../../api/queryKeys';
import { fetchScreening } from '../../api/screenings';
import { useSession } from '../../session/SessionProvider';
import { AttendanceForm } from './AttendanceForm';
import { CandidateBoard } from './CandidateBoard';
import { PeopleCard } from './PeopleCard';
import { PickCard } from './PickCard';
import { ScreeningSummary } from './ScreeningSummary';
import { useScreeningSocket } from './useScreeningSocket';
import { t } from '../../i18n';
import '../../components/screenings/screenings.css';
import './screening.css';

const positiveId = (text: string | undefined) => (text && /^\d{1,15}$/.test(text) && Number(text) > 0 ? Number(text) : null);

/**
 * /screening/{id}: a movie night. Its details and everyone's answers, the candidate
 * board, the pick (revealed live to everyone on the page) and, for editors after the
 * night, who came. Every change anyone makes reloads it here over the socket.
 */
export function ScreeningPage() {
  const id = positiveId(useParams().id);
  const { user } = useSession();
  const queryClient = useQueryClient();
  const [revealToken, setRevealToken] = useState(0);
  const lastPick = useRef<string | null | undefined>(undefined);
  const screening = useQuery({
    queryKey: queryKeys.screening(id ?? 0),
    queryFn: ({ signal }) => fetchScreening(id!, signal),
    enabled: id !== null,
    select: (reply) => reply.screening,
  });

  const onUpdate = useCallback(
    (event: ScreeningUpdateEvent) => {
      // A new pick plays the reveal once, whoever made it; the first event only says what is there.
      if (event.what === 'pick' && event.picked_at !== lastPick.current) setRevealToken((token) => token + 1);
      lastPick.current = event.picked_at;
      void queryClient.invalidateQueries({ queryKey: queryKeys.screening(event.screening_id) });
    },
    [queryClient],
  );
  const realtimeProblem = useScreeningSocket(id, onUpdate);

  if (id === null || (screening.error instanceof ApiError && screening.error.status === 404)) {
    return <Message severity="warn" text={t('Screening not found.')} className="screening-missing" />;
  }
  if (screening.isLoadingError) return <Message severity="error" text={t('Could not load the movie night. Please try again.')} className="screening-missing" />;
  if (!screening.data) return <ProgressSpinner className="screening-loading" aria-label={t('Loading the movie night')} />;
  const detail = screening.data;

  return (
    <div className="screening-page">
      <div className="screening-side">
        <ScreeningSummary screening={detail} signedIn={Boolean(user)} />
        <PickCard screening={detail} revealToken={revealToken} onPicked={() => void queryClient.invalidateQueries({ queryKey: queryKeys.screening(detail.id) })} />
        <PeopleCard screening={detail} />
        {detail.permissions.record_attendance && <AttendanceForm key={detail.id} screening={detail} />}
        {realtimeProblem && <p className="realtime-problem">{realtimeProblem}</p>}
      </div>
      <CandidateBoard screening={detail} signedIn={Boolean(user)} />
    </div>
  );
}
