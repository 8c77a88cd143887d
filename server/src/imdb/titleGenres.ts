import { type Kysely, sql } from 'kysely';
import { dialectOf } from '../db/database';
import type { Database } from '../db/schema';

/**
 * imdb_title_genres, the titles by type, genre and votes that recommendations walk (see the
 * migration title-genres). Triggers keep it up title by title; a bulk import pauses them
 * (SQLite: imdb_search_stale; PostgreSQL: the triggers are dropped with the indexes) and
 * fills the table again in one statement at the end.
 */

/** PostgreSQL's triggers, as the migration creates them: name, event, transition tables. */
const POSTGRES_TRIGGERS = [
  ['imdb_titles_genres_insert', 'insert', 'new table as new_rows'],
  ['imdb_titles_genres_update', 'update', 'old table as old_rows new table as new_rows'],
  ['imdb_titles_genres_delete', 'delete', 'old table as old_rows'],
] as const;

/** Fills the table from the titles again (inside the caller's transaction). */
export async function refillTitleGenres(db: Kysely<Database>): Promise<void> {
  await sql`delete from imdb_title_genres`.execute(db);
  if (dialectOf(db) === 'sqlite') {
    // In key order: appending to the b-tree is several times faster than inserting at random.
    await sql`insert into imdb_title_genres (title_type, genre, num_votes, tconst, start_year)
      select t.title_type, g.value, t.num_votes, t.tconst, t.start_year from imdb_titles t, json_each(movieclub_genres(t.genres)) g
      where t.num_votes is not null and t.is_adult = 0 order by 1, 2, 3, 4`.execute(db);
    return;
  }
  await sql`insert into imdb_title_genres (title_type, genre, num_votes, tconst, start_year)
    select t.title_type, s.word, t.num_votes, t.tconst, t.start_year from imdb_titles t, lateral movieclub_genres(t.genres) s (word)
    where t.num_votes is not null and t.is_adult = 0`.execute(db);
}

/** PostgreSQL: whether every trigger is in place (one missing means a bulk load was interrupted). */
export async function postgresGenreTriggersPresent(db: Kysely<Database>): Promise<boolean> {
  const { rows } = await sql<{ tgname: string }>`select tgname from pg_trigger
    where tgrelid = 'imdb_titles'::regclass and tgname in (${sql.join(POSTGRES_TRIGGERS.map(([name]) => name))})`.execute(db);
  return rows.length === POSTGRES_TRIGGERS.length;
}

/** PostgreSQL: stops keeping the table up row by row, for a bulk load. */
export async function dropPostgresGenreTriggers(db: Kysely<Database>): Promise<void> {
  for (const [name] of POSTGRES_TRIGGERS) await sql`drop trigger if exists ${sql.id(name)} on imdb_titles`.execute(db);
}

/** PostgreSQL: keeps the table up row by row again, after a bulk load filled it. */
export async function createPostgresGenreTriggers(db: Kysely<Database>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await dropPostgresGenreTriggers(trx);
    for (const [name, event, tables] of POSTGRES_TRIGGERS) {
      await sql.raw(`create trigger ${name} after ${event} on imdb_titles referencing ${tables}
        for each statement execute function imdb_title_genres_sync()`).execute(trx);
    }
  });
}
