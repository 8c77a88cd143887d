import type { RsvpStatus, ScreeningDetailReply } from '@movieclub/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { errorText } from '../../api/client';
import { queryKeys } from '../../api/queryKeys';
import { answerRsvp } from '../../api/screenings';
import { t } from '../../i18n';
import './screenings.css';

const answers = (): { status: RsvpStatus; label: string; icon: string }[] => [
  { status: 'yes', label: t('Going'), icon: 'pi pi-check' },
  { status: 'maybe', label: t('Maybe'), icon: 'pi pi-question' },
  { status: 'no', label: t('Not going'), icon: 'pi pi-times' },
];

interface RsvpButtonsProps {
  screeningId: number;
  myRsvp: RsvpStatus | null;
  disabled?: boolean;
}

/** 'Going', 'Maybe', 'Not going': the caller's answer, pressed; another click changes it. */
export function RsvpButtons({ screeningId, myRsvp, disabled = false }: RsvpButtonsProps) {
  const queryClient = useQueryClient();
  const answer = useMutation({
    mutationFn: (status: RsvpStatus) => answerRsvp(screeningId, status),
    // The answer shows at once, before the screening is read again.
    onSuccess: (reply) =>
      queryClient.setQueryData<ScreeningDetailReply>(queryKeys.screening(screeningId), (old) =>
        old ? { ...old, screening: { ...old.screening, my_rsvp: reply.my_rsvp, rsvps: reply.rsvps } } : old,
      ),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: queryKeys.screenings }),
  });
  const shown = answer.isPending ? answer.variables : myRsvp;
  return (
    <div className="rsvp">
      <div className="rsvp-buttons" role="group" aria-label={t('Your answer')}>
        {answers().map(({ status, label, icon }) => (
          <Button
            key={status}
            type="button"
            size="small"
            label={label}
            icon={icon}
            outlined={shown !== status}
            aria-pressed={shown === status}
            // Not disabled while an answer is on its way: that would throw the keyboard's focus out of the group.
            disabled={disabled}
            aria-busy={answer.isPending}
            onClick={() => {
              if (!answer.isPending) answer.mutate(status);
            }}
          />
        ))}
      </div>
      {answer.isError && (
        <p className="screening-error" role="alert">
          {errorText(answer.error, t('Could not save your answer. Please try again.'))}
        </p>
      )}
    </div>
  );
}
