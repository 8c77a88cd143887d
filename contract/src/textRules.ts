import { z } from 'zod';

/**
 * An optional plain-text field of at most `max` characters (null or left out: none). Its two
 * sentences are written out whole by each field, so the client can translate them
 * (web/src/i18n/serverText.ts).
 */
export const optionalText = (max: number, notText: string, tooLong: string) => z.string({ error: notText }).max(max, { error: tooLong }).nullable().optional();
