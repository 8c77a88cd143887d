import type { LanguageCode } from '@movieclub/contract';
import type { ServerTranslate } from './serverText';

/**
 * Every text the client shows goes through t() (or tn() for counts). English is the source
 * text itself, so an English visit loads nothing more; another language's catalogue and the
 * i18n library (i18next) load before the first render (see startLanguage). The language
 * follows the browser until a member chooses one in the header.
 */
export const LANGUAGES = { en: 'English', de: 'Deutsch' } as const satisfies Record<LanguageCode, string>;
export type Language = keyof typeof LANGUAGES;
export type Values = Record<string, string | number>;
/**
 * Looks a text up in the loaded catalogue: `replace` fills its placeholders, `count` picks its
 * plural form, `defaultValue` is the English, for a key not translated.
 */
export type Translate = (key: string, options: { defaultValue: string; replace: Values; count?: number }) => string;

const STORAGE_KEY = 'movieclub-language';
const isLanguage = (value: unknown): value is Language => typeof value === 'string' && Object.hasOwn(LANGUAGES, value);

let current: Language = 'en';
let translate: Translate | null = null;
let translateServer: ServerTranslate | null = null;

/** The language chosen in the header, else the first of the browser's languages we speak, else English. */
export function preferredLanguage(stored: string | null = readStored(), browser: readonly string[] = browserLanguages()): Language {
  if (isLanguage(stored)) return stored;
  for (const tag of browser) {
    const base = tag.toLowerCase().split('-')[0];
    if (isLanguage(base)) return base;
  }
  return 'en';
}

function readStored(): string | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
}

const browserLanguages = (): readonly string[] => (typeof navigator === 'undefined' ? [] : navigator.languages ?? [navigator.language]);

/** Loads the preferred language's catalogue (nothing for English); call before the first render. */
export async function startLanguage(): Promise<void> {
  const language = preferredLanguage();
  if (language !== 'en') {
    try {
      const { applyComponentLocale, createServerTranslatorFor, createTranslator } = await import('./translator');
      applyTranslator(language, createTranslator(language), createServerTranslatorFor(language));
      applyComponentLocale(language);
    } catch {
      // Offline with an old copy, say: English rather than nothing.
    }
  }
  if (typeof document !== 'undefined') document.documentElement.lang = current;
}

/** Makes `language` current with its lookups (English: none): the client's texts, and the server's sentences. */
export function applyTranslator(language: Language, lookup: Translate | null, serverLookup: ServerTranslate | null = null): void {
  current = language;
  translate = lookup;
  translateServer = serverLookup;
}

/** Remembers a member's choice and starts the page again in it. */
export function chooseLanguage(language: Language): void {
  try {
    localStorage.setItem(STORAGE_KEY, language);
  } catch {
    // Private mode without storage: the choice lasts this page only.
  }
  location.reload();
}

export const currentLanguage = (): Language => current;

/** English text with {{name}} placeholders filled, as i18next fills them. */
export function interpolate(text: string, values?: Values): string {
  if (!values) return text;
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => (Object.hasOwn(values, name) ? String(values[name]) : whole));
}

/** A text in the current language; `text` is the English, and the catalogue's key. */
export function t(text: string, values?: Values): string {
  return translate ? translate(text, { replace: values ?? {}, defaultValue: text }) : interpolate(text, values);
}

/** A sentence the server wrote (an error, a notification), in the current language when its catalogue has it (serverText.ts). */
export function tServer(text: string): string {
  return translateServer ? translateServer(text) : text;
}

const englishPlurals = new Intl.PluralRules('en');

/**
 * A text that depends on a count: `one` and `other` are the English forms ({{count}} is the
 * number); the catalogue keeps `<other>_one`, `<other>_other` (and whatever forms its language has).
 */
export function tn(count: number, one: string, other: string, values?: Values): string {
  const english = englishPlurals.select(count) === 'one' ? one : other;
  // The number as written in the language; the plural form is chosen from the number itself.
  const replace = { ...values, count: formatNumber(count) };
  if (!translate) return interpolate(english, replace);
  return translate(other, { replace, count, defaultValue: english });
}

/** The locale dates and numbers are written for: the browser's own variant of the current language. */
export function formatLocale(browser: readonly string[] = browserLanguages()): string {
  return browser.find((tag) => tag.toLowerCase().split('-')[0] === current) ?? current;
}

const numberFormats = new Map<string, Intl.NumberFormat>();

/** A rating with one decimal, the reader's way ('8.5', '8,5'). */
export const formatOneDecimal = (value: number) => formatNumber(value, { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/** A whole percentage, the reader's way ('20%', '20 %'). */
export const formatPercent = (value: number) => formatNumber(value / 100, { style: 'percent', maximumFractionDigits: 0 });

/** `value` written for the current language; formats are kept (toLocaleString builds a new one each call, costly on a slow phone). */
export function formatNumber(value: number, options?: Intl.NumberFormatOptions): string {
  const locale = formatLocale();
  const key = `${locale}\u0000${JSON.stringify(options ?? {})}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, options);
    numberFormats.set(key, format);
  }
  return format.format(value);
}

const dateFormats = new Map<string, Intl.DateTimeFormat>();

/** A date format for the current language, kept as number formats are. */
export function dateFormat(options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const locale = formatLocale();
  const key = `${locale}\u0000${JSON.stringify(options)}`;
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, options);
    dateFormats.set(key, format);
  }
  return format;
}
