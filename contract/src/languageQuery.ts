import { z } from 'zod';
import { LANGUAGE_CODES } from './languages';

/**
 * `?lang=` of what the server writes for a member to keep (a year's card, calendar files): the
 * client asks in its reader's language; left out, English (link previews, anyone else).
 */
export const inLanguageQuery = z.object({
  lang: z
    .enum(LANGUAGE_CODES, { error: `Language must be one of ${LANGUAGE_CODES.join(', ')}.` })
    .optional()
    .meta({ description: 'The language of its words (the client asks for its own); English when left out.' }),
});
