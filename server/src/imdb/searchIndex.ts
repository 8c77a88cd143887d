import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema';
import { dialectOf } from '../db/database';
import type { DatasetKind } from './parse';
import { EPISODE_PENALTY, TYPE_PENALTY } from './ranking';
import { POPULAR_VOTES } from './searchDialect';
import { createPostgresGenreTriggers, dropPostgresGenreTriggers, postgresGenreTriggersPresent, refillTitleGenres } from './titleGenres';

/**
 * Keeping the title-search index right around an import. Small imports leave it
 * to the database (SQLite triggers, PostgreSQL indexes). A big one — at least a
 * tenth of the titles, ratings or other names already held, or after an interrupted big one — pauses
 * SQLite's per-row triggers and, once the import ends (or fails), renumbers the
 * titles in popularity order and rebuilds the trigram index in one go; on
 * PostgreSQL it drops the secondary indexes of the tables it loads into (titles,
 * other names) and builds them again at the end.
 * Either is several times faster than keeping the index up row by row.
 */
const BULK_SHARE = 10;

export interface ImportEstimate {
  titles: number;
  ratings: number;
  alternatives: number;
}

/** Bytes per row of each dataset, about (basics ~60+, ratings ~18, akas ~45); gzip shrinks them ~4×. */
const ROW_BYTES: Record<DatasetKind, number> = { basics: 60, ratings: 18, akas: 45 };
const ESTIMATED: Record<DatasetKind, keyof ImportEstimate> = { basics: 'titles', ratings: 'ratings', akas: 'alternatives' };

/** Rows an import will write, guessed from file sizes. */
export function estimateRows(files: { size: number; gzip: boolean; dataset: DatasetKind }[]): ImportEstimate {
  const estimate = { titles: 0, ratings: 0, alternatives: 0 };
  for (const file of files) {
    const bytes = file.gzip ? file.size * 4 : file.size;
    estimate[ESTIMATED[file.dataset]] += Math.ceil(bytes / ROW_BYTES[file.dataset]);
  }
  return estimate;
}

type CountedTable = 'imdb_titles' | 'imdb_ratings' | 'imdb_alt_titles';
type SearchTable = 'imdb_titles' | 'imdb_alt_titles';

/**
 * The tables whose search indexes a load is big enough to rebuild: titles for a tenth of
 * the titles or ratings (new votes reorder popularity), other names for a tenth of them
 * or of the titles (titles bring their original titles).
 */
async function bulkTables(db: Kysely<Database>, estimate: ImportEstimate): Promise<Set<SearchTable>> {
  const count = async (table: CountedTable) => Number((await db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
  const big = async (rows: number, table: CountedTable) => rows > 0 && rows * BULK_SHARE >= (await count(table));
  const titles = await big(estimate.titles, 'imdb_titles');
  const tables = new Set<SearchTable>();
  if (titles || (await big(estimate.ratings, 'imdb_ratings'))) tables.add('imdb_titles');
  if (titles || (await big(estimate.alternatives, 'imdb_alt_titles'))) tables.add('imdb_alt_titles');
  return tables;
}

/** Prepares the index for an import of about `estimate` rows; the returned function finishes it. */
export async function beginIndexedImport(db: Kysely<Database>, estimate: ImportEstimate): Promise<() => Promise<void>> {
  if (dialectOf(db) === 'postgres') return beginPostgresImport(db, estimate);
  const stale = await sql`select 1 from imdb_search_stale limit 1`.execute(db);
  if (stale.rows.length === 0) {
    if ((await bulkTables(db, estimate)).size === 0) return async () => {};
    await sql`insert into imdb_search_stale (since) values (${new Date().toISOString()})`.execute(db);
  }
  return () => rebuildSqliteSearch(db);
}

/** The secondary indexes of the PostgreSQL migrations by table (search's and one of recommendations'), dropped during a big load and built again after it. */
const POSTGRES_INDEXES: Record<SearchTable, Record<string, string>> = {
  imdb_titles: {
    imdb_titles_title_trgm: 'create index if not exists imdb_titles_title_trgm on imdb_titles using gin (search_title gin_trgm_ops)',
    imdb_titles_title_prefix:
      "create index if not exists imdb_titles_title_prefix on imdb_titles (search_title text_pattern_ops, (title_type <> 'movie'), (coalesce(num_votes, 0)) desc, tconst)",
    imdb_titles_popularity:
      "create index if not exists imdb_titles_popularity on imdb_titles ((title_type <> 'movie'), (coalesce(num_votes, 0)) desc, tconst)",
    imdb_titles_original: 'create index if not exists imdb_titles_original on imdb_titles (lower(original_title)) where original_title <> primary_title',
    imdb_titles_popular_trgm: `create index if not exists imdb_titles_popular_trgm on imdb_titles using gin (search_title gin_trgm_ops) where num_votes >= ${POPULAR_VOTES}`,
    imdb_titles_popular_prefix: `create index if not exists imdb_titles_popular_prefix on imdb_titles (search_title text_pattern_ops) where num_votes >= ${POPULAR_VOTES}`,
    // Recommendations' index (not search's), dropped too: kept up row by row it slows the load.
    imdb_titles_type_votes: 'create index if not exists imdb_titles_type_votes on imdb_titles (title_type, num_votes)',
  },
  imdb_alt_titles: {
    imdb_alt_titles_trgm: 'create index if not exists imdb_alt_titles_trgm on imdb_alt_titles using gin (search_title gin_trgm_ops)',
    imdb_alt_titles_prefix: 'create index if not exists imdb_alt_titles_prefix on imdb_alt_titles (search_title text_pattern_ops)',
  },
};

async function beginPostgresImport(db: Kysely<Database>, estimate: ImportEstimate): Promise<() => Promise<void>> {
  const present = await sql<{ indexname: string }>`select indexname from pg_indexes
    where schemaname = current_schema() and tablename in ('imdb_titles', 'imdb_alt_titles')`.execute(db);
  const names = new Set(present.rows.map((row) => row.indexname));
  const tables = await bulkTables(db, estimate);
  // A missing index means an earlier big load was interrupted: this import finishes its work.
  for (const [table, indexes] of Object.entries(POSTGRES_INDEXES) as [SearchTable, Record<string, string>][]) {
    if (Object.keys(indexes).some((name) => !names.has(name))) tables.add(table);
  }
  if (!(await postgresGenreTriggersPresent(db))) tables.add('imdb_titles');
  if (tables.size === 0) return async () => {};
  if (tables.has('imdb_titles')) await dropPostgresGenreTriggers(db);
  for (const table of tables) {
    for (const name of Object.keys(POSTGRES_INDEXES[table])) await sql`drop index if exists ${sql.id(name)}`.execute(db);
  }
  return async () => {
    const queue = [...tables].flatMap((table) => Object.values(POSTGRES_INDEXES[table])).filter((ddl) => ddl !== POPULARITY_INDEX);
    if (tables.has('imdb_titles')) await withSortMemory(db, sortTitlesByPopularity);
    // Two builds at a time, the largest first: a GIN build uses one core, and the rest fit beside the biggest.
    queue.sort((a, b) => buildCost(b) - buildCost(a));
    const builder = () =>
      withSortMemory(db, async (trx) => {
        for (let ddl = queue.shift(); ddl; ddl = queue.shift()) await sql.raw(ddl).execute(trx);
      });
    // The genre table fills beside them (its triggers go back after: creating one waits for the builds' locks).
    const genres = tables.has('imdb_titles') ? db.transaction().execute((trx) => refillTitleGenres(trx)) : Promise.resolve();
    const built = await Promise.allSettled([builder(), builder(), genres]);
    for (const result of built) if (result.status === 'rejected') throw result.reason;
    // A trigger or an index still missing at the next import tells it that this one was interrupted.
    if (tables.has('imdb_titles')) await createPostgresGenreTriggers(db);
    // Fresh statistics let the planner choose between the trigram and the popularity index.
    for (const table of tables) await sql`analyze ${sql.table(table)}`.execute(db);
    if (tables.has('imdb_titles')) await sql`analyze imdb_title_genres`.execute(db);
  };
}

/** Runs `work` in a transaction of its own with more sort memory than the default 64 MB: it builds the indexes of a full dataset, and sorts its titles, several times faster. */
export function withSortMemory(db: Kysely<Database>, work: (trx: Kysely<Database>) => Promise<void>): Promise<void> {
  return db.transaction().execute(async (trx) => {
    await sql`set local maintenance_work_mem = '512MB'`.execute(trx);
    await work(trx);
  });
}

const POPULARITY_INDEX = POSTGRES_INDEXES.imdb_titles.imdb_titles_popularity;

/**
 * Rewrites the titles in popularity order (CLUSTER on the popularity index, built first), before
 * the other indexes are built. Search reads the titles matching a word through a bitmap of an
 * index or by a scan from the table's start, which both visit the table in its order, so the
 * first titles it reads are the most popular and it can stop there (searchDialect.ts). Titles
 * written after it go at the end until the next big load. Reads of the titles wait while it
 * runs, about 2 s a million titles. A sorted copy put in the table's place would let them go on,
 * but took twice as long on a full index: a freshly loaded table's first read is the slow one,
 * and CLUSTER writes whole pages.
 */
async function sortTitlesByPopularity(db: Kysely<Database>): Promise<void> {
  await sql.raw(POPULARITY_INDEX).execute(db);
  await clusterTitlesByPopularity(db);
}

/** Sorts PostgreSQL's titles table by the popularity index (see sortTitlesByPopularity), as after a copy into it. */
export async function clusterTitlesByPopularity(db: Kysely<Database>): Promise<void> {
  await sql`cluster imdb_titles using imdb_titles_popularity`.execute(db);
}

/** Rough order of an index's build time: trigram indexes over every row, then indexes over every row, then partial ones. */
function buildCost(ddl: string): number {
  return (ddl.includes('gin_trgm_ops') ? 2 : 1) * (ddl.includes(' where ') ? 0.1 : 1) * (ddl.includes(' imdb_titles ') ? 2 : 1);
}

/** Renumbers every title and name (as search keys) in popularity order, rebuilds the trigram index and fills the genre table, in one transaction. */
export async function rebuildSqliteSearch(db: Kysely<Database>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    // The same tables and indexes as the migration creates; indexes built after the rows are faster than kept up.
    await sql`drop index if exists imdb_search_name`.execute(trx);
    await sql`drop index if exists imdb_search_names_name`.execute(trx);
    await sql`delete from imdb_search`.execute(trx);
    await sql`delete from imdb_search_names`.execute(trx);
    // A title's other names (imdb_alt_titles) are further names of it, at its place. The order is
    // ranking.ts's popularity (votes, less a type's penalty), so a name's first titles are its best:
    // a series with a million votes comes before a dozen films of its name with a few.
    await sql`insert into imdb_search (rank, tconst, name)
      select row_number() over (order by (coalesce(t.num_votes, 0) + 1) * case t.title_type when 'movie' then 1
          when 'tvEpisode' then ${sql.lit(10 ** -EPISODE_PENALTY)} else ${sql.lit(10 ** -TYPE_PENALTY)} end desc, t.tconst, k.alternative),
        t.tconst, k.name
      from (select tconst, search_title as name, 0 as alternative from imdb_titles
        union all select tconst, search_title, 1 from imdb_alt_titles) k
      join imdb_titles t on t.tconst = k.tconst`.execute(trx);
    await sql`create index imdb_search_name on imdb_search (name)`.execute(trx);
    await sql`insert into imdb_search_names (name) select name from imdb_search group by name order by min(rank)`.execute(trx);
    await sql`create unique index imdb_search_names_name on imdb_search_names (name)`.execute(trx);
    await sql`insert into imdb_titles_fts (imdb_titles_fts) values ('rebuild')`.execute(trx);
    await sql`delete from imdb_search_trigrams`.execute(trx);
    await sql`insert into imdb_search_trigrams (term, docs) select term, doc from imdb_titles_fts_vocab`.execute(trx);
    await refillTitleGenres(trx);
    await sql`delete from imdb_search_stale`.execute(trx);
  });
}
