import { type AdminSettings, REGISTRATION_MODES, type RegistrationMode } from '@movieclub/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { RadioButton } from 'primereact/radiobutton';
import { type FormEvent, useState } from 'react';
import { saveAdminSettings } from '../../api/admin';
import { errorText } from '../../api/client';
import { adminKeys, modeLabels } from './AdminPage';
import { t } from '../../i18n';

/** Who may register: open, by invitation or closed; saved for every server process. */
export function RegistrationSection({ settings }: { settings: AdminSettings }) {
  const queryClient = useQueryClient();
  const [mode, setMode] = useState<RegistrationMode>(settings.registration);
  const [note, setNote] = useState('');
  const save = useMutation({
    mutationFn: () => saveAdminSettings({ registration: mode }),
    onSuccess: (reply) => {
      queryClient.setQueryData(adminKeys.settings, reply);
      setNote(t('Registration saved.'));
    },
    onError: (error) => setNote(errorText(error, t('Could not save. Please try again.'))),
  });

  const labels = modeLabels();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setNote('');
    save.mutate();
  };

  return (
    <form onSubmit={submit} className="admin-form">
      <fieldset className="admin-choices">
        <legend>{t('Who may create an account')}</legend>
        {REGISTRATION_MODES.map((value) => (
          <div key={value} className="admin-choice">
            <RadioButton inputId={`registration-${value}`} name="registration" value={value} checked={mode === value} onChange={() => setMode(value)} />
            <label htmlFor={`registration-${value}`}>
              <strong>{labels[value].label}</strong> <span className="admin-hint">{labels[value].hint}</span>
            </label>
          </div>
        ))}
      </fieldset>
      <p className="admin-source">
        {settings.registration_from === 'admin' ? t('Set on this page.') : t('From the REGISTRATION setting of the server, until you save here.')}{' '}
        {t('The first account of a new site may always register.')}
      </p>
      <div className="admin-actions">
        <Button type="submit" label={t('Save registration')} icon="pi pi-check" loading={save.isPending} disabled={mode === settings.registration && settings.registration_from === 'admin'} />
        <span className="admin-note" role="status">
          {note}
        </span>
      </div>
    </form>
  );
}
