import { type AdminSettings, LANGUAGE_CODES, type LanguageCode } from '@movieclub/contract';
import { RadioButton } from 'primereact/radiobutton';
import { useState } from 'react';
import { LANGUAGES, t } from '../../i18n';
import { SaveActions } from './SaveActions';
import { useSettingSave } from './useSettingSave';

/** The language the club speaks to others in (webhook posts, link previews, calendars); each member still reads the site in their own. */
export function LanguageSection({ settings }: { settings: AdminSettings }) {
  const [language, setLanguage] = useState<LanguageCode>(settings.language);
  const { saving, note, submit } = useSettingSave(() => ({ language }), () => t('Club language saved.'));

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
      <SaveActions label={t('Save club language')} saving={saving} disabled={language === settings.language && settings.language_from === 'admin'} note={note} />
    </form>
  );
}
