import { z } from 'zod';
import { rowIdOut, rowIdText } from './ids';

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
