import { type AdminSettings, REGISTRATION_MODES, type RegistrationMode } from '@movieclub/contract';
import { RadioButton } from 'primereact/radiobutton';
import { useState } from 'react';
import { modeLabels } from './AdminPage';
import { t } from '../../i18n';
import { SaveActions } from './SaveActions';
import { useSettingSave } from './useSettingSave';

/** Who may register: open, by invitation or closed; saved for every server process. */
export function RegistrationSection({ settings }: { settings: AdminSettings }) {
  const [mode, setMode] = useState<RegistrationMode>(settings.registration);
  const { saving, note, submit } = useSettingSave(() => ({ registration: mode }), () => t('Registration saved.'));
  const labels = modeLabels();

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
      <SaveActions label={t('Save registration')} saving={saving} disabled={mode === settings.registration && settings.registration_from === 'admin'} note={note} />
    </form>
  );
}
