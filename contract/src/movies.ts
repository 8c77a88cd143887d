import { z } from 'zod';
import { rowIdOut, rowIdText } from './ids';
import { IMDB_ID_MAX, IMDB_ID_PATTERN } from './limits';
import { defineRoute } from './route';

/** A movie in the club's catalogue, as every movie-returning call shapes it. */
export const movie = z
  .object({
    id: rowIdOut,
    tconst: z.string(),
    title: z.string(),
    poster: z.string().nullable(),
    release_date: z.string().nullable().meta({ description: 'ISO date (YYYY-MM-DD) when known, else the year alone, else null.' }),
    imdb_rating: z.number().nullable(),
    imdb_link: z.string().meta({ description: 'https://www.imdb.com/title/tt…/' }),
    length: z.number().int().nullable().meta({ description: 'Runtime in minutes.' }),
    plot: z.string().nullable(),
    genres: z.string().nullable(),
    year: z.number().int().nullable(),
    date_added: z.string().meta({ description: 'ISO timestamp of when the movie entered the catalogue.' }),
    avg_user_rating: z.number().nullable().meta({ description: "Average of all users' stars, null without reviews." }),
    user_rating_count: z.number().int().min(0).meta({ description: 'Number of reviews behind avg_user_rating.' }),
  })
  .meta({ id: 'Movie' });
export type Movie = z.infer<typeof movie>;

export const moviesReply = z.object({
  success: z.literal(true),
  movies: z.array(movie),
  user_reviews: z
    .record(z.string(), z.number())
    .meta({ description: "The signed-in user's stars by movie id; empty when anonymous." }),
});
export type MoviesReply = z.infer<typeof moviesReply>;

export const movieReply = z.object({ success: z.literal(true), movie });
export type MovieReply = z.infer<typeof movieReply>;

export const movieIdParams = z.object({ id: rowIdText('Movie id must be a number.') });

const IMDB_ID_SENTENCE = 'IMDb id must be tt followed by at least 7 digits (e.g., tt0111161).';

/** An IMDb id in a request body (surrounding spaces ignored); `required` is the sentence for a missing or blank one. */
export const imdbIdField = (required: string) =>
  z
    .string({ error: (issue) => (issue.input === undefined || issue.input === null ? required : 'IMDb id must be text.') })
    .trim()
    .min(1, { error: required })
    .max(IMDB_ID_MAX, { error: IMDB_ID_SENTENCE })
    .regex(IMDB_ID_PATTERN, { error: IMDB_ID_SENTENCE });

/** `POST /api/movies {imdb_id}` (signed in). */
export const addMovieRequest = z.object({ imdb_id: imdbIdField('IMDB ID is required (e.g., tt0111161).') });
export type AddMovieRequest = z.infer<typeof addMovieRequest>;

export type AddMovieReply = z.infer<typeof movieReply>;

/** The catalogue's calls: the movies users added, one at a time or all, and the posters the server draws. */
export const movieRoutes = {
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
    summary: 'Adds a movie by IMDb id (409 if present, 404 if the index has no such title).',
    tag: 'Catalogue',
    auth: 'required',
    signInSentence: 'You must be signed in to add a movie.',
    body: addMovieRequest,
    reply: movieReply,
  }),
  poster: defineRoute({
    method: 'GET',
    path: '/api/posters/:file',
    summary: 'A 300×450 poster drawn by the server for a title without one: `tt….svg` (image/svg+xml) or `tt….png` (image/png, for Stremio).',
    tag: 'Catalogue',
    auth: 'none',
    params: z.object({
      // Documented, not enforced here: any other name is a 404 'Poster not found.', as an unknown title is.
      file: z.string().meta({
        description: 'An IMDb id with `.svg` for the SVG drawing or `.png` for the same picture as a 300×450 PNG.',
        examples: ['tt0133093.svg', 'tt0133093.png'],
      }),
    }),
    reply: z.string(),
    produces: ['image/svg+xml', 'image/png'],
  }),
};
