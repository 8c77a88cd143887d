import { z } from 'zod';
import { LANGUAGE_CODES } from './languages';

/** One of the languages the site speaks, refused in one sentence. */
export const languageCode = z.enum(LANGUAGE_CODES, { error: `Language must be one of ${LANGUAGE_CODES.join(', ')}.` });

/**
 * `?lang=` of what the server writes for a member to keep (a year's card, calendar files): the
 * client asks in its reader's language; left out, the club's language (link previews, anyone else).
 */
export const inLanguageQuery = z.object({
  lang: languageCode
    .optional()
    .meta({ description: "The language of its words (the client asks for its own); the club's language (the admin page's, else CLUB_LANGUAGE, else English) when left out." }),
});
