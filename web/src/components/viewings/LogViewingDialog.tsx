import {
  EARLIEST_VIEWING_DATE,
  latestViewingDate,
  localToday,
  VIEWING_NOTE_MAX,
  VIEWING_PLACE_MAX,
  type Viewing,
  type ViewingMember,
} from '@movieclub/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { InputSwitch } from 'primereact/inputswitch';
import { InputText } from 'primereact/inputtext';
import { GrowingTextarea } from '../GrowingTextarea';
import { useId, useState } from 'react';
import { errorText } from '../../api/client';
import { queryKeys } from '../../api/queryKeys';
import { changeViewing, fetchMovieViewings, logViewing } from '../../api/viewings';
import { t } from '../../i18n';
import { SWITCH_PT, useFocusReturn } from '../a11y';
import { MemberPicker } from '../MemberPicker';
import './viewings.css';
import { FocusKeepingButton } from '../FocusKeepingButton';
import { useOnePending } from '../../lib/useOnePending';

interface LogViewingDialogProps {
  movie: { id: number; title: string };
  /** A viewing of the member's own to change instead of logging a new one. */
  viewing?: Pick<Viewing, 'id' | 'watched_on' | 'rewatch' | 'with' | 'place' | 'note'>;
  onClose(): void;
}

/**
 * 'Log viewing': the day (today by default), rewatch (on when the member has logged the
 * movie before, until they change it), who watched too, where, and a note. Given a
 * `viewing`, the same form changes it ('Edit viewing').
 */
export default function LogViewingDialog({ movie, viewing, onClose }: LogViewingDialogProps) {
  const ids = useId();
  useFocusReturn();
  const queryClient = useQueryClient();
  // An imported film watched on an unknown day keeps no day until the member gives one.
  const [watchedOn, setWatchedOn] = useState(viewing ? (viewing.watched_on ?? '') : localToday());
  // null: not touched, so the server decides from the earlier viewings.
  const [rewatch, setRewatch] = useState<boolean | null>(viewing?.rewatch ?? null);
  const [companions, setCompanions] = useState<ViewingMember[]>(viewing?.with ?? []);
  const [place, setPlace] = useState(viewing?.place ?? '');
  const [note, setNote] = useState(viewing?.note ?? '');
  const mine = useQuery({ queryKey: queryKeys.movieViewings(movie.id), queryFn: ({ signal }) => fetchMovieViewings(movie.id, signal), enabled: !viewing });
  const seenBefore = (mine.data?.mine?.count ?? 0) > 0;

  const save = useMutation({
    mutationFn: () => {
      const fields = {
        ...(watchedOn ? { watched_on: watchedOn } : {}),
        ...(rewatch === null ? {} : { rewatch }),
        with: companions.map((member) => member.username),
        place: place || null,
        note: note || null,
      };
      return viewing ? changeViewing(viewing.id, fields) : logViewing({ movie_id: movie.id, ...fields });
    },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.viewings });
      void queryClient.invalidateQueries({ queryKey: ['profile'] });
      void queryClient.invalidateQueries({ queryKey: queryKeys.insights });
      onClose();
    },
  });
  const send = useOnePending(save);

  const footer = (
    <div className="log-viewing-actions">
      <Button type="button" label={t('Cancel')} severity="secondary" text onClick={onClose} />
      <FocusKeepingButton type="submit" form={`${ids}-form`} label={viewing ? t('Save changes') : t('Log viewing')} icon="pi pi-check" busy={save.isPending} />
    </div>
  );

  return (
    <Dialog
      visible
      onHide={onClose}
      header={viewing ? t('Edit viewing: {{title}}', { title: movie.title }) : t('Log viewing: {{title}}', { title: movie.title })}
      footer={footer}
      className="log-viewing-dialog"
      breakpoints={{ '640px': '95vw' }}
      style={{ width: '30rem' }}
      draggable={false}
      resizable={false}
    >
      <form
        id={`${ids}-form`}
        className="log-viewing-form"
        onSubmit={(event) => {
          event.preventDefault();
          send();
        }}
      >
        <label htmlFor={`${ids}-date`}>{t('Watched on')}</label>
        <input
          id={`${ids}-date`}
          type="date"
          className="p-inputtext p-component"
          value={watchedOn}
          min={EARLIEST_VIEWING_DATE}
          max={latestViewingDate()}
          required={!viewing || viewing.watched_on !== null}
          onChange={(event) => setWatchedOn(event.target.value)}
        />
        <label htmlFor={`${ids}-rewatch`}>{t('Rewatch')}</label>
        <InputSwitch inputId={`${ids}-rewatch`} checked={rewatch ?? seenBefore} onChange={(event) => setRewatch(Boolean(event.value))} pt={SWITCH_PT} />
        <label htmlFor={`${ids}-with`}>{t('Watched with')}</label>
        <MemberPicker
          inputId={`${ids}-with`}
          value={companions}
          onChange={setCompanions}
          className="log-viewing-with"
          panelClassName="log-viewing-with-panel"
        />
        <label htmlFor={`${ids}-place`}>{t('Place')}</label>
        <InputText id={`${ids}-place`} value={place} maxLength={VIEWING_PLACE_MAX} placeholder={t('cinema, home, …')} onChange={(event) => setPlace(event.target.value)} />
        <label htmlFor={`${ids}-note`}>{t('Note')}</label>
        <GrowingTextarea id={`${ids}-note`} value={note} maxLength={VIEWING_NOTE_MAX} rows={3} onChange={(event) => setNote(event.target.value)} />
        {save.isError && (
          <p className="log-viewing-error" role="alert">
            {errorText(save.error, viewing ? t('Could not save the viewing. Please try again.') : t('Could not log the viewing. Please try again.'))}
          </p>
        )}
      </form>
    </Dialog>
  );
}
