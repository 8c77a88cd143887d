import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen: never edit after it has landed; add a new migration instead.
// Recommendations read the most-voted titles of a type and genre, often within an era. Walking
// the (title_type, num_votes) index and testing each title's genres reads every movie with votes
// for a rare genre; imdb_title_genres holds one row per voted, non-adult title and genre, in
// that order, so the walk reads only that genre's titles. A genre is a plain word of the title's
// comma-separated genres (parseGenres in imdb/genres.ts): SQLite splits them with
// movieclub_genres, registered by the app on every connection; PostgreSQL with a function of
// the same name. Triggers keep the table up as titles change; a bulk import pauses them and
// fills the table again at the end (imdb/titleGenres.ts).

export async function up(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) return upPostgres(db);
  await sql`create table imdb_title_genres (
    title_type text not null, genre text not null, num_votes integer not null, tconst text not null, start_year integer,
    primary key (title_type, genre, num_votes, tconst)) without rowid`.execute(db);

  const live = sql`not exists (select 1 from imdb_search_stale)`;
  const add = sql.raw(`insert or ignore into imdb_title_genres (title_type, genre, num_votes, tconst, start_year)
    select new.title_type, value, new.num_votes, new.tconst, new.start_year from json_each(movieclub_genres(new.genres))
    where new.num_votes is not null and new.is_adult = 0;`);
  const remove = sql.raw(`delete from imdb_title_genres where old.num_votes is not null and old.is_adult = 0
    and title_type = old.title_type and num_votes = old.num_votes and tconst = old.tconst
    and genre in (select value from json_each(movieclub_genres(old.genres)));`);
  await sql`create trigger imdb_titles_genres_insert after insert on imdb_titles when ${live} begin ${add} end`.execute(db);
  await sql`create trigger imdb_titles_genres_delete after delete on imdb_titles when ${live} begin ${remove} end`.execute(db);
  await sql`create trigger imdb_titles_genres_update after update of title_type, is_adult, start_year, genres, num_votes on imdb_titles
    when ${live} begin ${remove} ${add} end`.execute(db);
  await sql`insert into imdb_title_genres (title_type, genre, num_votes, tconst, start_year)
    select t.title_type, g.value, t.num_votes, t.tconst, t.start_year from imdb_titles t, json_each(movieclub_genres(t.genres)) g
    where t.num_votes is not null and t.is_adult = 0 order by 1, 2, 3, 4`.execute(db);
}

async function upPostgres(db: Kysely<any>): Promise<void> {
  await sql`create table imdb_title_genres (
    title_type text not null, genre text not null, num_votes integer not null, tconst text not null, start_year integer,
    constraint imdb_title_genres_pk primary key (title_type, genre, num_votes, tconst) include (start_year))`.execute(db);
  // parseGenres: split on commas, trim, keep plain genre words, each once.
  await sql`create or replace function movieclub_genres(genres text) returns setof text language sql immutable as $$
    select distinct g from (select regexp_replace(part, '^\\s+|\\s+$', '', 'g') as g from unnest(string_to_array(genres, ',')) part) s
    where g ~ '^[A-Za-z][A-Za-z-]{0,30}$'
  $$`.execute(db);
  // One call per statement, over the rows it changed (transition tables).
  await sql`create or replace function imdb_title_genres_sync() returns trigger language plpgsql as $$
  begin
    if tg_op in ('UPDATE', 'DELETE') then
      delete from imdb_title_genres g using old_rows o, lateral movieclub_genres(o.genres) s (word)
        where o.num_votes is not null and o.is_adult = 0
          and g.title_type = o.title_type and g.genre = s.word and g.num_votes = o.num_votes and g.tconst = o.tconst;
    end if;
    if tg_op in ('UPDATE', 'INSERT') then
      insert into imdb_title_genres (title_type, genre, num_votes, tconst, start_year)
        select n.title_type, s.word, n.num_votes, n.tconst, n.start_year from new_rows n, lateral movieclub_genres(n.genres) s (word)
        where n.num_votes is not null and n.is_adult = 0
        on conflict do nothing;
    end if;
    return null;
  end $$`.execute(db);
  for (const [name, event, tables] of POSTGRES_TRIGGERS) {
    await sql.raw(`create trigger ${name} after ${event} on imdb_titles referencing ${tables}
      for each statement execute function imdb_title_genres_sync()`).execute(db);
  }
  await sql`insert into imdb_title_genres (title_type, genre, num_votes, tconst, start_year)
    select t.title_type, s.word, t.num_votes, t.tconst, t.start_year from imdb_titles t, lateral movieclub_genres(t.genres) s (word)
    where t.num_votes is not null and t.is_adult = 0`.execute(db);
}

const POSTGRES_TRIGGERS = [
  ['imdb_titles_genres_insert', 'insert', 'new table as new_rows'],
  ['imdb_titles_genres_update', 'update', 'old table as old_rows new table as new_rows'],
  ['imdb_titles_genres_delete', 'delete', 'old table as old_rows'],
] as const;
