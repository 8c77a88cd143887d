import i18next from 'i18next';
import { addLocale, locale } from 'primereact/api';
import primeGerman from 'primelocale/de.json';
import { de, deServer } from './de';
import type { Language, Translate } from './index';
import { createServerTranslator, type ServerTranslate } from './serverText';

/** The catalogues of the languages besides English: English text (the key) to translation. */
export const CATALOGUES: Record<Exclude<Language, 'en'>, Record<string, string>> = { de };
/** The same for the sentences the server sends (serverText.ts). */
export const SERVER_CATALOGUES: Record<Exclude<Language, 'en'>, Record<string, string>> = { de: deServer };

/** The lookup of the server's sentences in `language`. */
export const createServerTranslatorFor = (language: Exclude<Language, 'en'>): ServerTranslate => createServerTranslator(SERVER_CATALOGUES[language]);

/** An i18next instance for `language` (English: an empty catalogue, every text its own key). */
export function createTranslator(language: Language): Translate {
  const catalogue = language === 'en' ? {} : CATALOGUES[language];
  const instance = i18next.createInstance();
  void instance.init({
    lng: language,
    resources: { [language]: { translation: catalogue } },
    fallbackLng: false,
    initAsync: false,
    // Keys are English sentences: dots and colons in them are text, not paths.
    keySeparator: false,
    nsSeparator: false,
    returnEmptyString: false,
    // React escapes what it renders.
    interpolation: { escapeValue: false },
  });
  return (key, options) => instance.t(key, options) as string;
}

/** PrimeReact's own texts (dialog buttons, calendar names, paginator and table labels) in `language`, from primelocale. */
export function applyComponentLocale(language: Exclude<Language, 'en'>): void {
  const texts = { de: primeGerman.de }[language];
  addLocale(language, texts);
  locale(language);
}
