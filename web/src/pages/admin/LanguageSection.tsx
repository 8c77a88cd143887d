import { type AdminSettings, LANGUAGE_CODES, type LanguageCode } from '@movieclub/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { RadioButton } from 'primereact/radiobutton';
import { type FormEvent, useState } from 'react';
import { saveAdminSettings } from '../../api/admin';
import { errorText } from '../../api/client';
import { LANGUAGES, t } from '../../i18n';
import { adminKeys } from './AdminPage';

/** The language the club speaks to others in (webhook posts, link previews, calendars); each member still reads the site in their own. */
export function LanguageSection({ settings }: { settings: AdminSettings }) {
  const queryClient = useQueryClient();
  const [language, setLanguage] = useState<LanguageCode>(settings.language);
  const [note, setNote] = useState('');
  const save = useMutation({
    mutationFn: () => saveAdminSettings({ language }),
    onSuccess: (reply) => {
      queryClient.setQueryData(adminKeys.settings, reply);
      setNote(t('Club language saved.'));
    },
    onError: (error) => setNote(errorText(error, t('Could not save. Please try again.'))),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setNote('');
    save.mutate();
  };

  return (
    <form onSubmit={submit} className="admin-form">
      <fieldset className="admin-choices">
        <legend>{t('The language the club posts and shares in')}</legend>
        {LANGUAGE_CODES.map((code) => (
          <div key={code} className="admin-choice">
            <RadioButton inputId={`club-language-${code}`} name="club-language" value={code} checked={language === code} onChange={() => setLanguage(code)} />
            {/* Each language is named in itself, as the header's language menu names it. */}
            <label htmlFor={`club-language-${code}`} lang={code}>
              <strong>{LANGUAGES[code]}</strong>
            </label>
          </div>
        ))}
      </fieldset>
      <p className="admin-source">
        {t('Webhook posts, the link previews of a year in review, and calendars added without a language are written in it. Every member still reads the site in their own language.')}{' '}
        {settings.language_from === 'admin' ? t('Set on this page.') : t('From the CLUB_LANGUAGE setting of the server, until you save here.')}
      </p>
      <div className="admin-actions">
        <Button type="submit" label={t('Save club language')} icon="pi pi-check" loading={save.isPending} disabled={language === settings.language && settings.language_from === 'admin'} />
        <span className="admin-note" role="status">
          {note}
        </span>
      </div>
    </form>
  );
}
