import { chooseLanguage, currentLanguage, type Language, LANGUAGES, t } from '../i18n';

/** The header's language choice: remembered in this browser, and the page starts again in it. */
export function LanguagePicker() {
  return (
    <label className="language-picker">
      <i className="pi pi-globe" aria-hidden="true" />
      <span className="visually-hidden">{t('Language')}</span>
      <select value={currentLanguage()} onChange={(event) => chooseLanguage(event.target.value as Language)}>
        {Object.entries(LANGUAGES).map(([code, name]) => (
          <option key={code} value={code} lang={code}>
            {name}
          </option>
        ))}
      </select>
    </label>
  );
}
