// Without zod: the client imports these at run time (see index.ts).
/** The languages the client speaks, and a year's card can be written in; English is the default. */
export const LANGUAGE_CODES = ['en', 'de'] as const;
export type LanguageCode = (typeof LANGUAGE_CODES)[number];
