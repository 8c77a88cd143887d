import { type Kysely, sql } from 'kysely';
import { dialectOf } from '../db/database';
import type { Database } from '../db/schema';

type Db = Kysely<Database>;

/**
 * `column` is one of `keys`. PostgreSQL takes the keys as one array parameter, so the statement's
 * text is the same for any number of them and its connection prepares it once (a list of 300
 * parameters was parsed and planned on every call).
 */
function keyIn(db: Db, column: string, keys: readonly (string | number)[]) {
  return dialectOf(db) === 'postgres' ? sql<boolean>`${sql.ref(column)} = any(${keys})` : sql<boolean>`${sql.ref(column)} in (${sql.join(keys)})`;
}

/** Lookups by a list of keys go in chunks, well under either database's parameter limit. */
const CHUNK = 500;
function chunks<T>(values: T[]): T[][] {
  const out: T[][] = [];
  for (let start = 0; start < values.length; start += CHUNK) out.push(values.slice(start, start + CHUNK));
  return out;
}

const imdbColumns = [
  'tconst',
  'title_type',
  'primary_title',
  'is_adult',
  'start_year',
  'runtime_minutes',
  'genres',
  'average_rating',
  'num_votes',
] as const;
const movieColumns = ['id', 'tconst', 'title', 'poster', 'year', 'length', 'genres', 'imdb_rating'] as const;

export type ImdbFactsRow = Awaited<ReturnType<typeof imdbTitlesByTconst>>[number];
export type MovieFactsRow = Awaited<ReturnType<typeof moviesByTconst>>[number];

export async function imdbTitlesByTconst(db: Db, tconsts: string[]) {
  const rows = [];
  for (const part of chunks(tconsts)) {
    rows.push(...(await db.selectFrom('imdb_titles').select(imdbColumns).where(keyIn(db, 'tconst', part)).execute()));
  }
  return rows;
}

export async function moviesByTconst(db: Db, tconsts: string[]) {
  const rows = [];
  for (const part of chunks(tconsts)) {
    rows.push(...(await db.selectFrom('movies').select(movieColumns).where(keyIn(db, 'tconst', part)).execute()));
  }
  return rows;
}

/** The id and tconst of every catalogue movie, or of those with an id above `afterId`. */
export function catalogueTconsts(db: Db, afterId?: number): Promise<Array<{ id: number; tconst: string }>> {
  return db
    .selectFrom('movies')
    .select(['id', 'tconst'])
    .$if(afterId !== undefined, (query) => query.where('id', '>', afterId!))
    .execute();
}

export async function catalogueCount(db: Db): Promise<number> {
  const row = await db.selectFrom('movies').select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
  return Number(row.count);
}

export interface NeighbourFilter {
  titleType: string;
  genre: string | null;
  yearFrom?: number;
  yearTo?: number;
  limit: number;
}

/**
 * The most-voted non-adult titles of a type with a genre (optionally within an era): the
 * genre's own rows of imdb_title_genres, walked in vote order; without a genre, the
 * (title_type, num_votes) index of the titles.
 */
export function imdbNeighbours(db: Db, filter: NeighbourFilter) {
  const { genre, yearFrom, yearTo } = filter;
  if (genre === null) {
    return db
      .selectFrom('imdb_titles')
      .select(imdbColumns)
      .where('title_type', '=', filter.titleType)
      .where('num_votes', 'is not', null)
      .where('is_adult', '=', 0)
      .$if(yearFrom !== undefined, (query) => query.where('start_year', '>=', yearFrom!))
      .$if(yearTo !== undefined, (query) => query.where('start_year', '<=', yearTo!))
      .orderBy('num_votes', 'desc')
      .limit(filter.limit)
      .execute();
  }
  const top = db
    .selectFrom('imdb_title_genres')
    .select('tconst')
    .where('title_type', '=', filter.titleType)
    .where('genre', '=', genre)
    .$if(yearFrom !== undefined, (query) => query.where('start_year', '>=', yearFrom!))
    .$if(yearTo !== undefined, (query) => query.where('start_year', '<=', yearTo!))
    .orderBy('num_votes', 'desc')
    .limit(filter.limit);
  return db.selectFrom('imdb_titles').select(imdbColumns).where('tconst', 'in', top).orderBy('num_votes', 'desc').execute();
}

/** Catalogue movies sharing any of the genres, newest additions first. */
export function catalogueByGenres(db: Db, genres: string[], limit: number) {
  return db
    .selectFrom('movies')
    .select(movieColumns)
    .where((eb) => eb.or(genres.map((genre) => eb('genres', 'like', `%${genre}%`))))
    .orderBy('date_added', 'desc')
    .limit(limit)
    .execute();
}

/** Every rating of the source movie. */
export function sourceRatings(db: Db, movieId: number) {
  return db.selectFrom('reviews').select(['user_id', 'stars']).where('movie_id', '=', movieId).execute();
}

const ratersOf = (db: Db, movieId: number) => db.selectFrom('reviews').select('user_id').where('movie_id', '=', movieId);

/** Sum and count of stars of every user who rated the source, for their means. */
export async function raterTotals(db: Db, movieId: number) {
  const rows = await db
    .selectFrom('reviews')
    .select((eb) => ['user_id', eb.fn.sum<number>('stars').as('sum'), eb.fn.countAll<number>().as('count')])
    .where('user_id', 'in', ratersOf(db, movieId))
    .groupBy('user_id')
    .execute();
  return rows.map((row) => ({ user_id: row.user_id, sum: Number(row.sum), count: Number(row.count) }));
}

/** Every rating of the users who rated the source, the source's own among them (up to `limit`). */
export function ratingsOfRaters(db: Db, movieId: number, limit: number) {
  return db.selectFrom('reviews').select(['movie_id', 'user_id', 'stars']).where('user_id', 'in', ratersOf(db, movieId)).limit(limit).execute();
}

/** Reviews with text for these movies, best first (most stars, then newest). */
export async function reviewTexts(db: Db, movieIds: number[]) {
  if (movieIds.length === 0) return [];
  return db
    .selectFrom('reviews')
    .select(['movie_id', 'text', 'stars', 'updated_at'])
    .where(keyIn(db, 'movie_id', movieIds))
    .where('text', 'is not', null)
    .where('text', '<>', '')
    .orderBy('movie_id')
    .orderBy('stars', 'desc')
    .orderBy('updated_at', 'desc')
    .execute();
}
