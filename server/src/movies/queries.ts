import type { Movie } from '@movieclub/contract';
import { type Kysely, sql } from 'kysely';
import type { Database, NewMovie } from '../db/schema';

function baseMovieQuery(db: Kysely<Database>) {
  return db
    .selectFrom('movies')
    .leftJoin('reviews', 'reviews.movie_id', 'movies.id')
    .select([
      'movies.id',
      'movies.tconst',
      'movies.title',
      'movies.poster',
      'movies.release_date',
      'movies.imdb_rating',
      'movies.imdb_link',
      'movies.length',
      'movies.plot',
      'movies.genres',
      'movies.year',
      'movies.date_added',
    ])
    .select((eb) => [eb.fn.avg<number | null>('reviews.stars').as('avg_user_rating'), eb.fn.count<number>('reviews.id').as('user_rating_count')])
    .groupBy('movies.id');
}

type MovieRowWithAverages = Awaited<ReturnType<ReturnType<typeof baseMovieQuery>['execute']>>[number];

function toMovie(row: MovieRowWithAverages): Movie {
  const average = row.avg_user_rating === null ? null : Number(row.avg_user_rating);
  return {
    ...row,
    imdb_rating: row.imdb_rating === null ? null : Number(row.imdb_rating),
    avg_user_rating: average === null ? null : Math.round(average * 100) / 100,
    user_rating_count: Number(row.user_rating_count),
  };
}

const MOVIE_FIELDS = [
  'id',
  'tconst',
  'title',
  'poster',
  'release_date',
  'imdb_rating',
  'imdb_link',
  'length',
  'plot',
  'genres',
  'year',
  'date_added',
] as const;

/** Every catalogue movie without its averages, newest first (ties: higher id first), fields in the reply's order. */
export async function listMoviesWithoutAverages(db: Kysely<Database>): Promise<Omit<Movie, 'avg_user_rating' | 'user_rating_count'>[]> {
  const rows = await db.selectFrom('movies').select(MOVIE_FIELDS).orderBy('date_added', 'desc').orderBy('id', 'desc').execute();
  return rows.map((row) => ({ ...row, imdb_rating: row.imdb_rating === null ? null : Number(row.imdb_rating) }));
}

/** The tconsts of the `limit` newest catalogue movies, in the catalogue's order. */
export async function newestTconsts(db: Kysely<Database>, limit: number): Promise<string[]> {
  const rows = await db.selectFrom('movies').select('tconst').orderBy('date_added', 'desc').orderBy('id', 'desc').limit(limit).execute();
  return rows.map((row) => row.tconst);
}

/** Changes whenever a movie is added or the catalogue emptied (rows are never edited). */
export async function moviesFingerprint(db: Kysely<Database>): Promise<string> {
  const row = await db
    .selectFrom('movies')
    .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.max('id').as('top')])
    .executeTakeFirst();
  return `${Number(row?.n ?? 0)}:${Number(row?.top ?? 0)}`;
}

export async function findMovie(db: Kysely<Database>, id: number): Promise<Movie | null> {
  const row = await baseMovieQuery(db).where('movies.id', '=', id).executeTakeFirst();
  return row ? toMovie(row) : null;
}

/** The user's own stars by movie id. */
export async function starsByUser(db: Kysely<Database>, userId: number): Promise<Record<string, number>> {
  const rows = await db.selectFrom('reviews').select(['movie_id', 'stars']).where('user_id', '=', userId).execute();
  return Object.fromEntries(rows.map((row) => [String(row.movie_id), Number(row.stars)]));
}

export async function movieIdByTconst(db: Kysely<Database>, tconst: string): Promise<number | null> {
  const row = await db.selectFrom('movies').select('id').where('tconst', '=', tconst).executeTakeFirst();
  return row?.id ?? null;
}

export async function findImdbTitle(db: Kysely<Database>, tconst: string) {
  return db.selectFrom('imdb_titles').selectAll().where('tconst', '=', tconst).executeTakeFirst();
}

/** Inserts the movie unless another request already did; answers the new id, or null when it was already there. */
export async function insertMovieOnce(db: Kysely<Database>, movie: NewMovie): Promise<number | null> {
  const row = await db
    .insertInto('movies')
    .values(movie)
    .onConflict((oc) => oc.column('tconst').doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id ?? null;
}

/** Title and year for drawing a poster: the catalogue's, else the index's. */
export async function posterFacts(db: Kysely<Database>, tconst: string): Promise<{ title: string; year: number | null } | null> {
  const movie = await db.selectFrom('movies').select(['title', 'year']).where('tconst', '=', tconst).executeTakeFirst();
  if (movie) return movie;
  const title = await db
    .selectFrom('imdb_titles')
    .select(['primary_title as title', sql<number | null>`start_year`.as('year')])
    .where('tconst', '=', tconst)
    .executeTakeFirst();
  return title ?? null;
}
