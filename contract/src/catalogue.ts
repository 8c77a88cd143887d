import { z } from 'zod';
import { IMDB_ID_PATTERN, SEARCH_LIMIT_DEFAULT, SEARCH_LIMIT_MAX } from './limits';
import type { Movie } from './movies';

/** Longest search text the server accepts. */
export const SEARCH_QUERY_MAX = 200;
/** Longest IMDb id accepted (tt + digits); real ones have 7 to 9 digits. */
export const IMDB_ID_MAX = 20;

const imdbId = (required: string) =>
  z
    .string({ error: (issue) => (issue.input === undefined || issue.input === null ? required : 'IMDb id must be text.') })
    .trim()
    .min(1, { error: required })
    .max(IMDB_ID_MAX, { error: 'IMDb id must be tt followed by at least 7 digits (e.g., tt0111161).' })
    .regex(IMDB_ID_PATTERN, { error: 'IMDb id must be tt followed by at least 7 digits (e.g., tt0111161).' });

/** `GET /api/imdb/search?q=&limit=`: a blank or one-character q gives an empty list; limit is capped at 50. */
export const imdbSearchQuery = z.object({
  q: z
    .string({ error: 'Search text must be text.' })
    .max(SEARCH_QUERY_MAX, { error: `Search text must be at most ${SEARCH_QUERY_MAX} characters.` })
    .optional()
    .default(''),
  limit: z
    .string({ error: 'Limit must be a whole number from 1 to 50.' })
    .regex(/^\s*\d{1,6}\s*$/, { error: `Limit must be a whole number from 1 to ${SEARCH_LIMIT_MAX}.` })
    .transform((text) => Math.min(SEARCH_LIMIT_MAX, Number(text)))
    .refine((value) => value >= 1, { error: `Limit must be a whole number from 1 to ${SEARCH_LIMIT_MAX}.` })
    .optional()
    .default(SEARCH_LIMIT_DEFAULT),
});
export type ImdbSearchQuery = z.infer<typeof imdbSearchQuery>;

export interface ImdbSearchResult {
  tconst: string;
  primary_title: string;
  start_year: number | null;
  genres: string | null;
  title_type: string;
}

export interface ImdbSearchReply {
  success: true;
  results: ImdbSearchResult[];
}

/** Most titles `GET /api/imdb/popular` answers; a larger limit is cut to this. */
export const POPULAR_LIMIT_MAX = 50;
export const POPULAR_LIMIT_DEFAULT = 12;

/** `GET /api/imdb/popular?limit=`: the most-voted feature films of the index not yet in the catalogue. */
export const imdbPopularQuery = z.object({
  limit: z
    .string({ error: `Limit must be a whole number from 1 to ${POPULAR_LIMIT_MAX}.` })
    .regex(/^\s*\d{1,6}\s*$/, { error: `Limit must be a whole number from 1 to ${POPULAR_LIMIT_MAX}.` })
    .transform((text) => Math.min(POPULAR_LIMIT_MAX, Number(text)))
    .refine((value) => value >= 1, { error: `Limit must be a whole number from 1 to ${POPULAR_LIMIT_MAX}.` })
    .optional()
    .default(POPULAR_LIMIT_DEFAULT),
});
export type ImdbPopularQuery = z.infer<typeof imdbPopularQuery>;

/** Same result shape as the search. */
export type ImdbPopularReply = ImdbSearchReply;

/** `POST /api/imdb/ensure {tconst}`: brings a title into the catalogue if it is not there yet. */
export const ensureMovieRequest = z.object({ tconst: imdbId('IMDb id is required (e.g., tt0111161).') });
export type EnsureMovieRequest = z.infer<typeof ensureMovieRequest>;

export interface EnsureMovieReply {
  success: true;
  movie: { id: number };
}

/** `POST /api/movies {imdb_id}` (signed in). */
export const addMovieRequest = z.object({ imdb_id: imdbId('IMDB ID is required (e.g., tt0111161).') });
export type AddMovieRequest = z.infer<typeof addMovieRequest>;

export interface AddMovieReply {
  success: true;
  movie: Movie;
}
