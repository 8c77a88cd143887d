import { z } from 'zod';
import { rowIdOut } from './ids';
import { POPULAR_LIMIT_DEFAULT, POPULAR_LIMIT_MAX, SEARCH_LIMIT_DEFAULT, SEARCH_LIMIT_MAX, SEARCH_QUERY_MAX } from './limits';
import { imdbIdField } from './movies';
import { defineRoute } from './route';

/** A `limit` query value: a whole number, cut to `max`; absent gives `fallback`; anything else is refused. */
const limitQuery = (fallback: number, max: number) => {
  const sentence = `Limit must be a whole number from 1 to ${max}.`;
  return z
    .string({ error: sentence })
    .regex(/^\s*\d{1,6}\s*$/, { error: sentence })
    .transform((text) => Math.min(max, Number(text)))
    .refine((value) => value >= 1, { error: sentence })
    .optional()
    .default(fallback);
};

/** `GET /api/imdb/search?q=&limit=`: a blank or one-character q gives an empty list; limit is capped at SEARCH_LIMIT_MAX. */
export const imdbSearchQuery = z.object({
  q: z
    .string({ error: 'Search text must be text.' })
    .max(SEARCH_QUERY_MAX, { error: `Search text must be at most ${SEARCH_QUERY_MAX} characters.` })
    .optional()
    .default(''),
  limit: limitQuery(SEARCH_LIMIT_DEFAULT, SEARCH_LIMIT_MAX),
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
export const imdbPopularQuery = z.object({ limit: limitQuery(POPULAR_LIMIT_DEFAULT, POPULAR_LIMIT_MAX) });
export type ImdbPopularQuery = z.infer<typeof imdbPopularQuery>;

/** Same result shape as the search. */
export type ImdbPopularReply = ImdbSearchReply;

/** `POST /api/imdb/ensure {tconst}`: brings a title into the catalogue if it is not there yet. */
export const ensureMovieRequest = z.object({ tconst: imdbIdField('IMDb id is required (e.g., tt0111161).') });
export type EnsureMovieRequest = z.infer<typeof ensureMovieRequest>;

export const ensureMovieReply = z.object({ success: z.literal(true), movie: z.object({ id: rowIdOut }) });
export type EnsureMovieReply = z.infer<typeof ensureMovieReply>;

/** The IMDb-index calls: search, popular titles, and bringing a title into the catalogue. */
export const imdbRoutes = {
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
