import { z } from 'zod';
import { rowIdOut } from './ids';
import { IMDB_ID_MAX, IMDB_ID_PATTERN, POPULAR_LIMIT_DEFAULT, POPULAR_LIMIT_MAX, SEARCH_LIMIT_DEFAULT, SEARCH_LIMIT_MAX, SEARCH_QUERY_MAX } from './limits';
import { defineRoute } from './route';
import { movieIdParams, movieReply, moviesReply } from './movies';


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

export const imdbSearchResult = z
  .object({
    tconst: z.string(),
    primary_title: z.string(),
    start_year: z.number().int().nullable(),
    genres: z.string().nullable(),
    title_type: z.string(),
  })
  .meta({ id: 'ImdbSearchResult' });
export type ImdbSearchResult = z.infer<typeof imdbSearchResult>;

export const imdbSearchReply = z.object({ success: z.literal(true), results: z.array(imdbSearchResult) });
export type ImdbSearchReply = z.infer<typeof imdbSearchReply>;


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

export const ensureMovieReply = z.object({ success: z.literal(true), movie: z.object({ id: rowIdOut }) });
export type EnsureMovieReply = z.infer<typeof ensureMovieReply>;

/** `POST /api/movies {imdb_id}` (signed in). */
export const addMovieRequest = z.object({ imdb_id: imdbId('IMDB ID is required (e.g., tt0111161).') });
export type AddMovieRequest = z.infer<typeof addMovieRequest>;

export type AddMovieReply = z.infer<typeof movieReply>;

/** The catalogue and IMDb-index calls. */
export const catalogueRoutes = {
  movies: defineRoute({
    method: 'GET',
    path: '/api/movies',
    summary: "The whole catalogue, and the signed-in user's stars by movie id.",
    tag: 'Catalogue',
    auth: 'none',
    reply: moviesReply,
  }),
  movie: defineRoute({
    method: 'GET',
    path: '/api/movies/:id',
    summary: 'One catalogue movie with its average user rating.',
    tag: 'Catalogue',
    auth: 'none',
    params: movieIdParams,
    reply: movieReply,
  }),
  addMovie: defineRoute({
    method: 'POST',
    path: '/api/movies',
    summary: "Adds a movie by IMDb id (409 if present, 404 if the index has no such title).",
    tag: 'Catalogue',
    auth: 'required',
    signInSentence: 'You must be signed in to add a movie.',
    body: addMovieRequest,
    reply: movieReply,
  }),
  poster: defineRoute({
    method: 'GET',
    path: '/api/posters/:file',
    summary: 'A poster drawn by the server (`tt….svg`) for a title without one.',
    tag: 'Catalogue',
    auth: 'none',
    params: z.object({ file: z.string() }),
    reply: z.string(),
    produces: 'image/svg+xml',
  }),
  search: defineRoute({
    method: 'GET',
    path: '/api/imdb/search',
    summary: 'Title search over the whole IMDb index: prefix and word matches first, then fuzzier ones.',
    tag: 'IMDb index',
    auth: 'none',
    query: imdbSearchQuery,
    reply: imdbSearchReply,
  }),
  popular: defineRoute({
    method: 'GET',
    path: '/api/imdb/popular',
    summary: 'The most-voted feature films of the index not yet in the catalogue.',
    tag: 'IMDb index',
    auth: 'none',
    query: imdbPopularQuery,
    reply: imdbSearchReply,
  }),
  ensure: defineRoute({
    method: 'POST',
    path: '/api/imdb/ensure',
    summary: 'Brings an IMDb title into the catalogue if it is not there yet (idempotent).',
    tag: 'IMDb index',
    auth: 'none',
    body: ensureMovieRequest,
    reply: ensureMovieReply,
  }),
};
