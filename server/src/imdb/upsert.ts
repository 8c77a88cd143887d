import { type Kysely, type RawBuilder, sql } from 'kysely';
import { dialectOf } from '../db/database';
import type { Database, NewImdbTitle } from '../db/schema';
import { type AkaRow, originalKey, type RatingRow } from './parse';

/**
 * The idempotent writes of the importer: one statement per batch whatever its
 * size, with a fixed number of parameters. SQLite reads the batch from one JSON
 * parameter (`json_each`), PostgreSQL from one array per column (`unnest`); the
 * conflict handling is the same text on both. Rows that would not change are
 * left alone, so a re-import writes (and re-indexes) nothing.
 */

export const TITLE_FIELDS = ['title_type', 'primary_title', 'original_title', 'is_adult', 'start_year', 'end_year', 'runtime_minutes', 'genres', 'search_title'] as const;

/** The last row of each tconst: PostgreSQL refuses to upsert one row twice in a statement. */
function lastOfEach<T extends { tconst: string }>(rows: T[]): T[] {
  const byId = new Map<string, T>();
  for (const row of rows) byId.set(row.tconst, row);
  return byId.size === rows.length ? rows : [...byId.values()];
}

// New titles take any staged rating; known titles keep theirs, or take the staged one if they had none.
const titleConflict = sql.raw(`on conflict (tconst) do update set
  ${TITLE_FIELDS.map((field) => `${field} = excluded.${field}`).join(', ')},
  average_rating = case when imdb_titles.num_votes is null then excluded.average_rating else imdb_titles.average_rating end,
  num_votes = coalesce(imdb_titles.num_votes, excluded.num_votes)
  where ${TITLE_FIELDS.map((field) => `imdb_titles.${field} is distinct from excluded.${field}`).join(' or ')}
    or (imdb_titles.num_votes is null and excluded.num_votes is not null)`);

/** Inserts or updates titles, and keeps their original titles as other names; a title's rating, if already known, is kept or copied from the staged ratings. */
export async function upsertTitles(db: Kysely<Database>, rows: NewImdbTitle[]): Promise<void> {
  if (rows.length === 0) return;
  const unique = lastOfEach(rows);
  if (dialectOf(db) === 'sqlite') {
    const json = JSON.stringify(unique.map((row) => [row.tconst, ...TITLE_FIELDS.map((field) => row[field] ?? null)]));
    const fields = TITLE_FIELDS.map((_, i) => sql.raw(`j.value ->> ${i + 1}`));
    await sql`insert into imdb_titles (${sql.raw(`tconst, ${TITLE_FIELDS.join(', ')}, average_rating, num_votes`)})
      select j.value ->> 0, ${sql.join(fields)}, r.average_rating, r.num_votes
      from json_each(${json}) j left join imdb_ratings r on r.tconst = j.value ->> 0
      where true
      ${titleConflict}`.execute(db);
    const originals = unique.flatMap((row) => {
      const key = originalKey(row);
      return key ? [[row.tconst, key]] : [];
    });
    if (originals.length === 0) return;
    await sql`insert into imdb_alt_titles (tconst, search_title)
      select value ->> 0, value ->> 1 from json_each(${JSON.stringify(originals)}) where true
      on conflict do nothing`.execute(db);
    return;
  }
  const column = (field: keyof NewImdbTitle) => unique.map((row) => row[field] ?? null);
  await mergeTitlesFrom(
    db,
    sql`unnest(${column('tconst')}::text[], ${column('title_type')}::text[], ${column('primary_title')}::text[], ${column('original_title')}::text[],
      ${column('is_adult')}::integer[], ${column('start_year')}::integer[], ${column('end_year')}::integer[], ${column('runtime_minutes')}::integer[],
      ${column('genres')}::text[], ${column('search_title')}::text[], ${unique.map(originalKey)}::text[])
      as j (tconst, title_type, primary_title, original_title, is_adult, start_year, end_year, runtime_minutes, genres, search_title, original_key)`,
  );
}

/**
 * PostgreSQL: inserts or updates titles from `source`, a relation named `j` with the
 * title columns and `original_key` (originalKey) and one row per tconst (an array
 * batch, or the COPY staging table); original titles join the other names.
 */
export async function mergeTitlesFrom(db: Kysely<Database>, source: RawBuilder<unknown>): Promise<void> {
  await sql`insert into imdb_titles (${sql.raw(`tconst, ${TITLE_FIELDS.join(', ')}, average_rating, num_votes`)})
    select j.tconst, ${sql.raw(TITLE_FIELDS.map((field) => `j.${field}`).join(', '))}, r.average_rating, r.num_votes
    from ${source}
    left join imdb_ratings r on r.tconst = j.tconst
    ${titleConflict}`.execute(db);
  await sql`insert into imdb_alt_titles (tconst, search_title)
    select j.tconst, j.original_key from ${source} where j.original_key is not null
    on conflict do nothing`.execute(db);
}

/**
 * Alternative titles (title.akas, as search keys): kept once per title, and only
 * where they differ from its primary title's key (a title not yet imported keeps them all).
 */
export async function upsertAlternatives(db: Kysely<Database>, rows: AkaRow[]): Promise<void> {
  const unique = [...new Map(rows.filter((row) => row.search_title).map((row) => [`${row.tconst}\t${row.search_title}`, row])).values()];
  if (unique.length === 0) return;
  if (dialectOf(db) === 'sqlite') {
    await sql`insert into imdb_alt_titles (tconst, search_title)
      select j.value ->> 0, j.value ->> 1 from json_each(${JSON.stringify(unique.map((row) => [row.tconst, row.search_title]))}) j
      where not exists (select 1 from imdb_titles t where t.tconst = j.value ->> 0 and t.search_title = j.value ->> 1)
      on conflict do nothing`.execute(db);
    return;
  }
  await mergeAlternativesFrom(
    db,
    sql`unnest(${unique.map((row) => row.tconst)}::text[], ${unique.map((row) => row.search_title)}::text[]) as a (tconst, search_title)`,
  );
}

/** PostgreSQL: adds alternative titles from `source`, a relation named `a` of (tconst, search_title). */
export async function mergeAlternativesFrom(db: Kysely<Database>, source: RawBuilder<unknown>): Promise<void> {
  await sql`insert into imdb_alt_titles (tconst, search_title)
    select a.tconst, a.search_title from ${source}
    where a.search_title <> '' and not exists (select 1 from imdb_titles t where t.tconst = a.tconst and t.search_title = a.search_title)
    on conflict do nothing`.execute(db);
}

/** Stages ratings and applies them to the titles already in the index. */
export async function upsertRatings(db: Kysely<Database>, rows: RatingRow[]): Promise<void> {
  if (rows.length === 0) return;
  const unique = lastOfEach(rows);
  const source =
    dialectOf(db) === 'sqlite'
      ? sql`(select value ->> 0 as tconst, value ->> 1 as average_rating, value ->> 2 as num_votes
          from json_each(${JSON.stringify(unique.map((row) => [row.tconst, row.average_rating, row.num_votes]))}))`
      : sql`(select * from unnest(${unique.map((row) => row.tconst)}::text[], ${unique.map((row) => row.average_rating)}::real[],
          ${unique.map((row) => row.num_votes)}::integer[]) as u (tconst, average_rating, num_votes))`;
  await mergeRatingsFrom(db, source);
}

/** Stages ratings from `source` (a relation of tconst, average_rating, num_votes, one row per tconst) and applies them to known titles. */
export async function mergeRatingsFrom(db: Kysely<Database>, source: RawBuilder<unknown>): Promise<void> {
  await sql`insert into imdb_ratings (tconst, average_rating, num_votes)
    select tconst, average_rating, num_votes from ${source} s where true
    on conflict (tconst) do update set average_rating = excluded.average_rating, num_votes = excluded.num_votes
    where imdb_ratings.average_rating is distinct from excluded.average_rating or imdb_ratings.num_votes is distinct from excluded.num_votes`.execute(db);
  await sql`update imdb_titles set average_rating = s.average_rating, num_votes = s.num_votes
    from ${source} s
    where imdb_titles.tconst = s.tconst
      and (imdb_titles.num_votes is distinct from s.num_votes or imdb_titles.average_rating is distinct from s.average_rating)`.execute(db);
}
