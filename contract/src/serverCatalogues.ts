import type { LanguageCode } from './languages';
import de from './i18n/de/server.json';

/**
 * The server's sentences in each language besides English, keyed by the English it sends
 * (serverTranslator.ts). Imported by its own path, not from the package's index: the client
 * loads a language's catalogue only when that language is in use.
 */
export const SERVER_CATALOGUES: Record<Exclude<LanguageCode, 'en'>, Record<string, string>> = { de };
