import { type Kysely, sql } from 'kysely';
import { dialectOf } from '../db/database';
import { oneOfTexts } from '../db/gatheredReads';
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

/** The titles' rows, the keys as one parameter whatever their number (the calls asking at once read together). */
export function imdbTitlesByTconst(db: Db, tconsts: string[]) {
  return db.selectFrom('imdb_titles').select(imdbColumns).where(oneOfTexts(db, 'tconst', tconsts)).execute();
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
 * genre's own rows of imdb_title_genres, walked in vote order (equal votes by tconst, last
 * first, as its primary key holds them, so a list is the same on both databases and a longer
 * list of a wider era holds it in the same order); without a genre, the (title_type, num_votes)
 * index of the titles.
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
    .orderBy('tconst', 'desc')
    .limit(filter.limit);
  return db.selectFrom('imdb_titles').select(imdbColumns).where('tconst', 'in', top).orderBy('num_votes', 'desc').orderBy('tconst', 'desc').execute();
}

/**
 * `imdbNeighbours` of each filter (all with a genre), in the filters' order: on PostgreSQL one
 * statement for the lists the calls asking at once need, each walked as alone.
 */
export async function imdbNeighboursOfEach(db: Db, filters: Array<NeighbourFilter & { genre: string }>): Promise<ImdbFactsRow[][]> {
  if (dialectOf(db) !== 'postgres') return Promise.all(filters.map((filter) => imdbNeighbours(db, filter)));
  const column = <T>(pick: (filter: NeighbourFilter) => T) => filters.map(pick);
  const { rows } = await sql<ImdbFactsRow & { list: number }>`
    select f.list - 1 as list, ${sql.join(imdbColumns.map((name) => sql.ref(`t.${name}`)))}
    from unnest(${column((f) => f.titleType)}::text[], ${column((f) => f.genre)}::text[], ${column((f) => f.yearFrom ?? null)}::integer[],
      ${column((f) => f.yearTo ?? null)}::integer[], ${column((f) => f.limit)}::integer[]) with ordinality as f(title_type, genre, year_from, year_to, most, list)
    cross join lateral (
      select g.tconst from imdb_title_genres g
      where g.title_type = f.title_type and g.genre = f.genre
        and (f.year_from is null or g.start_year >= f.year_from) and (f.year_to is null or g.start_year <= f.year_to)
      order by g.num_votes desc, g.tconst desc limit f.most) top
    join imdb_titles t on t.tconst = top.tconst
    order by f.list, t.num_votes desc, t.tconst desc`.execute(db);
  const lists = filters.map((): ImdbFactsRow[] => []);
  for (const row of rows) lists[row.list]!.push(row);
  return lists;
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

const ratersOf = (db: Db, movieId: number) => db.selectFrom('reviews').select('user_id').where('movie_id', '=', movieId);

/** Every rating of the users who rated the source, the source's own among them (up to `limit`). */
export function ratingsOfRaters(db: Db, movieId: number, limit: number) {
  return db.selectFrom('reviews').select(['movie_id', 'user_id', 'stars']).where('user_id', 'in', ratersOf(db, movieId)).limit(limit).execute();
}

export type RaterRating = Awaited<ReturnType<typeof ratingsOfRaters>>[number];

/** Ratings as columns: the i-th is `stars[i]` given to `movieIds[i]` by `userIds[i]`. */
export interface RatingColumns {
  movieIds: number[];
  userIds: number[];
  stars: number[];
}

function columnsOf(rows: RaterRating[]): RatingColumns {
  return { movieIds: rows.map((row) => row.movie_id), userIds: rows.map((row) => row.user_id), stars: rows.map((row) => row.stars) };
}

const COMMA = 44;
const ZERO = 48;

/** `movie,user,stars,movie,user,stars,…` (whole numbers, as the columns are) into columns. */
export function unpackRatings(packed: string | null): RatingColumns {
  const columns: RatingColumns = { movieIds: [], userIds: [], stars: [] };
  if (!packed) return columns;
  const fields = [columns.movieIds, columns.userIds, columns.stars];
  let value = 0;
  let field = 0;
  for (let index = 0; index <= packed.length; index++) {
    const code = index < packed.length ? packed.charCodeAt(index) : COMMA;
    if (code !== COMMA) {
      value = value * 10 + (code - ZERO);
      continue;
    }
    fields[field]!.push(value);
    value = 0;
    field = field === 2 ? 0 : field + 1;
  }
  return columns;
}

/**
 * `ratingsOfRaters` of each source, as columns: on PostgreSQL one statement for the sources of the
 * calls asking at once, each read as alone, and each source's ratings one text. A busy club's
 * source has thousands: a row each cost the app more to parse than the ratings cost to compare.
 */
export async function ratingsOfRatersOfEach(db: Db, movieIds: number[], limit: number): Promise<Map<number, RatingColumns>> {
  if (dialectOf(db) !== 'postgres') return new Map(await Promise.all(movieIds.map(async (id) => [id, columnsOf(await ratingsOfRaters(db, id, limit))] as const)));
  const { rows } = await sql<{ source: number; packed: string | null }>`
    select s.id as source, (
      select string_agg(r.movie_id || ',' || r.user_id || ',' || r.stars, ',') from (
        select movie_id, user_id, stars from reviews where user_id in (select user_id from reviews where movie_id = s.id) limit ${limit}) r
    ) as packed
    from unnest(${movieIds}::integer[]) as s(id)`.execute(db);
  return new Map(rows.map((row) => [row.source, unpackRatings(row.packed)]));
}

/** Reviews with text for these movies, best first (most stars, then newest); a spoiler is never quoted. */
export async function reviewTexts(db: Db, movieIds: number[]) {
  if (movieIds.length === 0) return [];
  return db
    .selectFrom('reviews')
    .select(['movie_id', 'text', 'stars', 'updated_at'])
    .where(keyIn(db, 'movie_id', movieIds))
    .where('text', 'is not', null)
    .where('text', '<>', '')
    .where('spoiler', '=', 0)
    .orderBy('movie_id')
    .orderBy('stars', 'desc')
    .orderBy('updated_at', 'desc')
    .execute();
}

/**
 * The sums of the adjusted cosine between the source and every other movie its raters rated,
 * added up by the database: each rater's stars less their mean, shrunk towards `midpoint` by
 * `priorWeight` imaginary ratings (similarity.ts). For raters with more ratings than are worth
 * reading into memory; the answer is the same as from the rows themselves.
 */
export async function coRatingSums(db: Db, movieId: number, midpoint: number, priorWeight: number) {
  const real = (value: unknown) => sql<number>`cast(${value} as double precision)`;
  const { rows } = await sql<{ movie_id: number; dot: number; first_norm: number; second_norm: number; common: number }>`
    with means as (
      select user_id, ${real(sql`sum(stars) + ${sql.lit(midpoint * priorWeight)}`)} / (count(*) + ${sql.lit(priorWeight)}) as mean
      from reviews where user_id in (select user_id from reviews where movie_id = ${movieId}) group by user_id
    ),
    raters as (
      select s.user_id, means.mean, ${real(sql`s.stars`)} - means.mean as deviation
      from reviews s join means on means.user_id = s.user_id where s.movie_id = ${movieId}
    )
    select o.movie_id,
      sum(raters.deviation * (o.stars - raters.mean)) as dot,
      sum(raters.deviation * raters.deviation) as first_norm,
      sum((o.stars - raters.mean) * (o.stars - raters.mean)) as second_norm,
      count(*) as common
    from raters join reviews o on o.user_id = raters.user_id and o.movie_id <> ${movieId}
    group by o.movie_id`.execute(db);
  return rows.map((row) => ({ movie_id: row.movie_id, dot: Number(row.dot), firstNorm: Number(row.first_norm), secondNorm: Number(row.second_norm), common: Number(row.common) }));
}
