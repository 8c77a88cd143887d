import type { Insertable, Kysely } from 'kysely';
import { bumpCatalogueVersion, bumpImdbIndexVersion, bumpMoviesVersion } from '../movies/catalogueCache';
import type { Database, NewImdbTitle, NewMovie } from '../db/schema';
import { searchKey } from '../imdb/searchKey';
import { NO_REVIEW_DETAILS } from '../reviews/queries';
import type { ApiAgent } from './client';
import type { TestApp } from './testApp';

let sequence = 0;
const next = () => ++sequence;

/** Registers and signs in a new user through the API; the returned agent carries the session. */
export async function createUser(app: Pick<TestApp, 'agent'>, username = `user${Date.now() % 100000}_${next()}`, password = 'correct horse battery') {
  const agent = app.agent();
  const registered = await agent.post('/api/register', { username, password });
  if (registered.status !== 200) throw new Error(`register failed: ${JSON.stringify(registered.body)}`);
  const login = await agent.post('/api/login', { username, password });
  if (login.status !== 200) throw new Error(`login failed: ${JSON.stringify(login.body)}`);
  return { agent, username, password, id: login.body.user.id as number };
}

export type SignedInUser = Awaited<ReturnType<typeof createUser>> & { agent: ApiAgent };

/** Puts a title in the IMDb index directly. */
export async function addImdbTitle(db: Kysely<Database>, title: Partial<NewImdbTitle> & { tconst: string }) {
  const row: NewImdbTitle = {
    title_type: 'movie',
    primary_title: `Title ${title.tconst}`,
    original_title: null,
    is_adult: 0,
    start_year: 2000,
    end_year: null,
    runtime_minutes: 100,
    genres: 'Drama',
    average_rating: 6.5,
    num_votes: 1000,
    search_title: '',
    ...title,
  };
  row.search_title ||= searchKey(row.primary_title);
  await db.insertInto('imdb_titles').values(row).execute();
  await bumpImdbIndexVersion(db);
  return row;
}

/** Puts a movie in the catalogue directly (no metadata lookup); returns its id. */
export async function addMovie(db: Kysely<Database>, movie: Partial<NewMovie> = {}) {
  const n = next();
  const tconst = movie.tconst ?? `tt${String(9_000_000 + n).padStart(7, '0')}`;
  const row: NewMovie = {
    tconst,
    title: `Movie ${n}`,
    poster: null,
    release_date: '2000-01-01',
    year: 2000,
    imdb_rating: 6.5,
    imdb_link: `https://www.imdb.com/title/${tconst}/`,
    length: 100,
    plot: null,
    genres: 'Drama',
    date_added: new Date(Date.now() + n).toISOString(),
    added_by: null,
    ...movie,
  };
  const inserted = await db.insertInto('movies').values(row).returning('id').executeTakeFirstOrThrow();
  // As the app's own writes do: catalogue caches see the new movie.
  await bumpMoviesVersion(db);
  return { ...row, id: inserted.id };
}

/** Writes a review directly. */
export async function addReview(
  db: Kysely<Database>,
  review: { user_id: number; movie_id: number; stars: number } & Partial<Omit<Insertable<Database['reviews']>, 'id'>>,
) {
  const now = new Date(Date.now() + next()).toISOString();
  const inserted = await db
    .insertInto('reviews')
    .values({ ...NO_REVIEW_DETAILS, created_at: now, updated_at: now, ...review })
    .returning('id')
    .executeTakeFirstOrThrow();
  await bumpCatalogueVersion(db);
  return { id: inserted.id };
}
