import { z } from 'zod';

/**
 * An optional plain-text field of at most `max` characters (null or left out: none). Its two
 * sentences are written out whole by each field, so the client can translate them
 * (web/src/i18n/serverText.ts).
 */
export const optionalText = (max: number, notText: string, tooLong: string) => z.string({ error: notText }).max(max, { error: tooLong }).nullable().optional();

/** Bidirectional embeddings, overrides and isolates: they reorder what follows, so 'exe.png' can be shown for '\u202egnp.exe'. */
const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069]/g;
/** Anything but controls, format characters (zero-width spaces, soft hyphens, joiners) and spaces shows on screen. */
const VISIBLE = /[^\p{Cc}\p{Cf}\p{Z}\s]/u;

/** Control characters (line breaks, tabs) become spaces, bidirectional controls go, runs of white space become one space, the ends are trimmed. */
export function asOneLine(text: string): string {
  return text.replace(/\p{Cc}/gu, ' ').replace(BIDI_CONTROLS, '').replace(/\s+/g, ' ').trim();
}

/**
 * A name shown on one line (a list's, an API token's), stored as `asOneLine` makes it; one with no
 * visible character is `empty`. Format characters between visible ones stay: the zero-width joiner
 * holds an emoji sequence (👨‍👩‍👧) together. The field's own `max` follows, counting what is kept.
 */
export function oneLineName(text: z.ZodString, empty: string): z.ZodString {
  return text
    .overwrite(asOneLine)
    .min(1, { error: empty })
    .refine(showsSomething, { error: empty });
}

/** Whether a text has a character that shows on screen. */
export const showsSomething = (text: string) => VISIBLE.test(text);
