import { SCREENING_NOTE_MAX, SCREENING_PLACE_MAX, type Screening } from '@movieclub/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { InputText } from 'primereact/inputtext';
import { GrowingTextarea } from '../GrowingTextarea';
import { useId, useState } from 'react';
import { errorText } from '../../api/client';
import { queryKeys } from '../../api/queryKeys';
import { changeScreening, scheduleScreening } from '../../api/screenings';
import { t } from '../../i18n';
import { useFocusReturn } from '../a11y';
import { earliestInputValue, localInputValue, zonedStart } from '../../lib/screeningTime';
import './screenings.css';
import { FocusKeepingButton } from '../FocusKeepingButton';

interface ScheduleDialogProps {
  /** The public list the movie night belongs to. */
  watchlistId: number;
  /** The screening to change; none schedules a new one. */
  screening?: Screening;
  onClose(): void;
  onSaved?(screening: Screening): void;
}

/** Schedules a movie night of a list, or changes one: when (in the browser's time zone), where, and a note. */
export default function ScheduleDialog({ watchlistId, screening, onClose, onSaved }: ScheduleDialogProps) {
  const ids = useId();
  useFocusReturn();
  const queryClient = useQueryClient();
  const [startsAt, setStartsAt] = useState(screening ? localInputValue(screening.starts_at) : '');
  const [place, setPlace] = useState(screening?.place ?? '');
  const [note, setNote] = useState(screening?.note ?? '');
  const [problem, setProblem] = useState('');

  const save = useMutation({
    mutationFn: (starts_at: string) => {
      const fields = { starts_at, place: place.trim() || null, note: note.trim() || null };
      return screening ? changeScreening(screening.id, fields) : scheduleScreening({ watchlist_id: watchlistId, ...fields });
    },
    onSuccess: (reply) => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.screenings });
      onSaved?.(reply.screening);
      onClose();
    },
  });

  const submit = () => {
    const start = zonedStart(startsAt);
    if (!start) {
      setProblem(t('Choose the day and time the movie night starts.'));
      return;
    }
    setProblem('');
    save.mutate(start);
  };

  const footer = (
    <div className="schedule-actions">
      <Button type="button" label={t('Cancel')} severity="secondary" text onClick={onClose} />
      <FocusKeepingButton type="submit" form={`${ids}-form`} label={screening ? t('Save changes') : t('Schedule')} icon="pi pi-calendar-plus" busy={save.isPending} />
    </div>
  );

  return (
    <Dialog
      visible
      onHide={onClose}
      header={screening ? t('Change the movie night') : t('Schedule a movie night')}
      footer={footer}
      className="schedule-dialog"
      breakpoints={{ '640px': '95vw' }}
      style={{ width: '28rem' }}
      draggable={false}
      resizable={false}
    >
      <form
        id={`${ids}-form`}
        className="schedule-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <label htmlFor={`${ids}-start`}>{t('Starts')}</label>
        <input
          id={`${ids}-start`}
          type="datetime-local"
          className="p-inputtext p-component"
          value={startsAt}
          min={earliestInputValue()}
          required
          onChange={(event) => setStartsAt(event.target.value)}
        />
        <label htmlFor={`${ids}-place`}>{t('Place')}</label>
        <InputText id={`${ids}-place`} value={place} maxLength={SCREENING_PLACE_MAX} placeholder={t('whose living room, which cinema…')} onChange={(event) => setPlace(event.target.value)} />
        <label htmlFor={`${ids}-note`}>{t('Note')}</label>
        <GrowingTextarea id={`${ids}-note`} value={note} maxLength={SCREENING_NOTE_MAX} rows={3} onChange={(event) => setNote(event.target.value)} />
        {(problem || save.isError) && (
          <p className="screening-error" role="alert">
            {problem || errorText(save.error, t('Could not save the movie night. Please try again.'))}
          </p>
        )}
      </form>
    </Dialog>
  );
}
