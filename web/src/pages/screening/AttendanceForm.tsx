import type { ScreeningDetail, ViewingMember } from '@movieclub/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Card } from 'primereact/card';
import { Checkbox } from 'primereact/checkbox';
import { useId, useState } from 'react';
import { errorText } from '../../api/client';
import { queryKeys } from '../../api/queryKeys';
import { recordAttendance } from '../../api/screenings';
import { MemberPicker } from '../../components/MemberPicker';
import { t } from '../../i18n';
import { FocusKeepingButton } from '../../components/FocusKeepingButton';

/** Who to tick at first: the record when there is one, else everyone who said they were going. */
function initialTicks(screening: ScreeningDetail): Set<string> {
  if (screening.attendees.length > 0) return new Set(screening.attendees.map((member) => member.username));
  return new Set(screening.rsvps.filter((rsvp) => rsvp.status === 'yes').map((rsvp) => rsvp.username));
}

/**
 * 'Who came' (editors, once the night has started and the movie is picked): everyone who
 * answered, ticked as they said, plus any other member. Saving gives each a viewing in
 * their diary, watched with the others; saving again replaces the record.
 */
export function AttendanceForm({ screening }: { screening: ScreeningDetail }) {
  const ids = useId();
  const queryClient = useQueryClient();
  const [ticked, setTicked] = useState(() => initialTicks(screening));
  const answered = screening.rsvps.map((rsvp) => rsvp.username);
  const [others, setOthers] = useState<ViewingMember[]>(() =>
    screening.attendees.filter((member) => !answered.includes(member.username)),
  );
  const save = useMutation({
    mutationFn: () => recordAttendance(screening.id, [...ticked, ...others.map((member) => member.username)]),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.screening(screening.id) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.viewings });
    },
  });
  const toggle = (name: string, on: boolean) =>
    setTicked((current) => {
      const next = new Set(current);
      if (on) next.add(name);
      else next.delete(name);
      return next;
    });

  return (
    <Card title={t('Who came')} className="attendance-card">
      <form
        className="attendance-form"
        onSubmit={(event) => {
          event.preventDefault();
          save.mutate();
        }}
      >
        <ul className="attendance-answered">
          {screening.rsvps.map((rsvp, index) => (
            <li key={rsvp.username}>
              <Checkbox inputId={`${ids}-${index}`} checked={ticked.has(rsvp.username)} onChange={(event) => toggle(rsvp.username, Boolean(event.checked))} />
              <label htmlFor={`${ids}-${index}`}>{rsvp.username}</label>
            </li>
          ))}
        </ul>
        <label htmlFor={`${ids}-others`}>{t('Also there')}</label>
        <MemberPicker inputId={`${ids}-others`} value={others} onChange={setOthers} exclude={answered} className="attendance-others" panelClassName="attendance-others-panel" />
        <FocusKeepingButton type="submit" label={t('Record attendance')} icon="pi pi-check" busy={save.isPending} />
        {save.isSuccess && (
          <p className="screening-hint" role="status">
            {save.data.viewings_logged === 1 ? t('1 viewing logged.') : t('{{n}} viewings logged.', { n: save.data.viewings_logged })}{' '}
            {t('Everyone who came has it in their diary.')}
          </p>
        )}
        {save.isError && (
          <p className="screening-error" role="alert">
            {errorText(save.error, t('Could not record who came. Please try again.'))}
          </p>
        )}
      </form>
    </Card>
  );
}
