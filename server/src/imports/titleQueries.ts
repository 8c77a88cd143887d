import { type Kysely, sql } from 'kysely';
import type { DatabaseKind } from '../db/database';
import type { Database } from '../db/schema';
import { searchKey } from '../imdb/searchKey';

/** What matching needs to know about an IMDb title. */
export interface TitleFacts {
  tconst: string;
  primary_title: string;
  original_title: string | null;
  start_year: number | null;
  title_type: string;
  num_votes: number | null;
}

/**
 * Title types a film diary never holds: episodes, series and games. Matching by name leaves them out,
 * in every path; a row's own IMDb id, or the member's choice, still finds them (docs/behaviour.md, *Imports*).
 */
const NOT_FILMS = ['tvEpisode', 'tvPilot', 'tvSeries', 'tvMiniSeries', 'videoGame'];
/** Whether matching by name may propose `title`. */
export const isFilm = (title: Pick<TitleFacts, 'title_type'>) => !NOT_FILMS.includes(title.title_type);
/** Namesakes read per title: popular ones first, so the few that matter are never cut off. */
const NAMESAKES = 50;

type Db = Kysely<Database>;
const FACTS = ['t.tconst', 't.primary_title', 't.original_title', 't.start_year', 't.title_type', 't.num_votes'] as const;

/** Within a year either side: release years differ between databases (festival premiere, wide release). */
const yearsAround = (year: number | null) => (year === null ? null : sql<boolean>`t.start_year between ${year - 1} and ${year + 1}`);

/** Titles one of whose names (primary, original, alternative) has the search key of `title`, within a year of `year`. */
export async function titlesNamed(db: Db, kind: DatabaseKind, title: string, year: number | null): Promise<TitleFacts[]> {
  if (kind === 'sqlite') {
    // imdb_search holds every name of each title as a search key, in popularity order, indexed by key.
    const found = await sql<TitleFacts>`select t.tconst, t.primary_title, t.original_title, t.start_year, t.title_type, t.num_votes
      from imdb_search s join imdb_titles t on t.tconst = s.tconst
      where s.name = ${searchKey(title)} and t.title_type not in (${sql.join(NOT_FILMS)})
      ${year === null ? sql`` : sql`and ${yearsAround(year)}`}
      order by s.rank limit ${NAMESAKES}`.execute(db);
    return found.rows;
  }
  return db
    .selectFrom('imdb_titles as t')
    .select(FACTS)
    .where(
      sql<boolean>`t.tconst in (select tconst from imdb_titles where search_title = ${searchKey(title)}
        union select tconst from imdb_alt_titles where search_title = ${searchKey(title)})`,
    )
    .where('t.title_type', 'not in', NOT_FILMS)
    .$if(year !== null, (query) => query.where(yearsAround(year)!))
    .orderBy(sql`t.title_type <> 'movie'`)
    .orderBy(sql`coalesce(t.num_votes, 0)`, 'desc')
    .limit(NAMESAKES)
    .execute();
}

/** Titles whose original title (where it differs from the primary one) equals `title`. */
export async function titlesOriginallyNamed(db: Db, title: string, year: number | null): Promise<TitleFacts[]> {
  return db
    .selectFrom('imdb_titles as t')
    .select(FACTS)
    .where(sql<boolean>`lower(t.original_title) = lower(${title})`)
    // Repeats the partial index's condition so both databases use it.
    .where(sql<boolean>`t.original_title <> t.primary_title`)
    .where('t.title_type', 'not in', NOT_FILMS)
    .$if(year !== null, (query) => query.where(yearsAround(year)!))
    .limit(NAMESAKES)
    .execute();
}

/** The facts of titles by IMDb id. */
export async function titlesById(db: Db, tconsts: string[]): Promise<TitleFacts[]> {
  if (tconsts.length === 0) return [];
  return db.selectFrom('imdb_titles as t').select(FACTS).where('t.tconst', 'in', tconsts).execute();
}

/** Each title's other names (original title, akas) as search keys: what a row's title may have matched. */
export async function otherNames(db: Db, tconsts: string[]): Promise<Map<string, string[]>> {
  const names = new Map<string, string[]>();
  if (tconsts.length === 0) return names;
  const rows = await db.selectFrom('imdb_alt_titles').select(['tconst', 'search_title']).where('tconst', 'in', tconsts).execute();
  for (const row of rows) names.set(row.tconst, [...(names.get(row.tconst) ?? []), row.search_title]);
  return names;
}
