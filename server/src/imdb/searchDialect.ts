import { AsyncLocalStorage } from 'node:async_hooks';
import { performance } from 'node:perf_hooks';
import { type Kysely, type RawBuilder, type SqlBool, sql } from 'kysely';
import type { DatabaseKind } from '../db/database';
import { KeptRows } from '../db/keptRows';
import type { Database } from '../db/schema';
import { imdbIndexVersion } from '../movies/catalogueCache';
import {
  compareRanks,
  EPISODE_PENALTY,
  fuzzyPercents,
  fuzzyRank,
  matchTier,
  type Popularity,
  type Rank,
  SIMILARITY_WEIGHT,
  strictRank,
  START_TIER,
  TYPE_PENALTY,
  WORD_TIER,
} from './ranking';

/**
 * Where title search differs by database, side by side. Both propose capped
 * candidate lists in popularity order, so common words stop early (SQLite: by
 * ranking.ts's popularity, votes less a type's penalty; PostgreSQL: its popularity
 * index, feature films then votes); search.ts then ranks the candidates by match quality and
 * popularity (ranking.ts). SQLite finds distinct title keys ("names", searchKey.ts) in
 * an FTS5 trigram table whose rowid is the popularity rank, keeps the best names
 * by the same ranking, then takes the `size` most popular titles of each (equal
 * names match equally well); PostgreSQL keeps its titles table in popularity order
 * (searchIndex.ts) and reads the first titles a pg_trgm GIN or pattern index matches in
 * that order (postgresFirst).
 */

export interface Candidate {
  tconst: string;
  primary_title: string;
  start_year: number | null;
  genres: string | null;
  title_type: string;
  num_votes: number | null;
  /** The other name of the title (original or alternative, as a search key) that matched, when it was one. */
  matched_name?: string | null;
}

/** Candidates taken per source (exact, prefix, containing every word, near misses); SQLite counts names. */
export const CANDIDATES = 200;
/** A prefix with at most this many names is read whole, so its most popular titles are never missed. */
export const PREFIX_SCAN = 5000;
/** SQLite looks up this many of the query's rarest trigrams (all must be present); the words are checked afterwards. */
const STRICT_TRIGRAMS = 4;
/** Names (SQLite) or titles (PostgreSQL) read, most popular first, to find those also holding a word of one or two characters. */
const SHORT_WORD_SCAN = 3000;
/** Near misses: titles holding any two of this many of the query's rarest known trigrams. */
const FUZZY_TRIGRAMS = 5;

/** `%`, `_` and `\` taken literally inside a LIKE pattern (used with `escape '\'`). */
export const likeEscape = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
const ftsPhrase = (text: string) => `"${text.replace(/"/g, '""')}"`;
const length = (text: string) => [...text].length;
/** Words the trigram indexes can look up: three characters or more. */
export const indexableWords = (words: string[]) => words.filter((word) => length(word) >= 3);

/** The distinct trigrams inside the words (never across a space), as FTS5's trigram tokenizer makes them. */
export function wordTrigrams(words: string[]): string[] {
  const grams = new Set<string>();
  for (const word of words) {
    const chars = [...word];
    for (let i = 0; i + 3 <= chars.length; i++) grams.add(chars.slice(i, i + 3).join(''));
  }
  return [...grams];
}

/** Titles equal to, starting with, or containing every word of the query (a search key). */
export function strictCandidates(db: Kysely<Database>, kind: DatabaseKind, query: string, words: string[], size: number, until: number): Promise<Candidate[]> {
  return kind === 'sqlite' ? sqliteStrict(db, query, words, size) : postgresStrict(db, query, words, size, until);
}

/** Titles sharing enough trigrams with the query to be a typo of it. */
export function fuzzyCandidates(db: Kysely<Database>, kind: DatabaseKind, query: string, words: string[], size: number, until: number): Promise<Candidate[]> {
  return kind === 'sqlite' ? sqliteFuzzy(db, query, words, size) : postgresFuzzy(db, query, words, size, until);
}

// ——— SQLite ———

interface Name {
  rank: number;
  name: string;
}

/** How many titles each trigram occurs in, as of the last rebuild; newer trigrams count as rarest (0). */
async function trigramCounts(db: Kysely<Database>, grams: string[]): Promise<Map<string, number>> {
  const { rows } = await sql<{ term: string; docs: number }>`select term, docs from imdb_search_trigrams
    where term in (select value from json_each(${JSON.stringify(grams)}))`.execute(db);
  return new Map(rows.map((row) => [row.term, Number(row.docs)]));
}

/**
 * Names from the trigram index in popularity order, most popular first. Words
 * too short for trigrams are checked on the first SHORT_WORD_SCAN names only,
 * so a rare combination cannot walk the whole index.
 */
async function ftsNames(db: Kysely<Database>, match: string, shortWords: string[] = []): Promise<Name[]> {
  if (shortWords.length === 0) {
    const { rows } = await sql<Name>`select n.rank, n.name from imdb_titles_fts f join imdb_search_names n on n.rank = f.rowid
      where imdb_titles_fts match ${match} order by f.rowid limit ${CANDIDATES}`.execute(db);
    return rows;
  }
  const likes = shortWords.map((word) => sql`n.name like ${`%${likeEscape(word)}%`} escape '\\'`);
  const { rows } = await sql<Name>`select n.rank, n.name
    from (select rowid from imdb_titles_fts where imdb_titles_fts match ${match} order by rowid limit ${SHORT_WORD_SCAN}) f
    join imdb_search_names n on n.rank = f.rowid
    where ${sql.join(likes, sql` and `)} order by f.rowid limit ${CANDIDATES}`.execute(db);
  return rows;
}

/** A name found, and how a title of it would rank (ranking.ts). */
interface FoundName {
  rank: number;
  rankOf: (title: Popularity) => Rank;
}

/**
 * Each name's most popular title (as of the last renumbering) by the name's rank, and each name's
 * `size` most popular titles by the size and the name's rank, kept per index version: the first
 * names holding common trigrams come back query after query, and only an import changes them.
 */
const topTitleOfName = new KeptRows<Popularity>(100_000);
const titlesOfName = new KeptRows<Candidate[]>(20_000);

/** The JSON array of keys' ranks, for `json_each` (keys are ranks, or `size:rank`). */
const ranksOf = (keys: string[]) => JSON.stringify(keys.map((key) => Number(key.slice(key.indexOf(':') + 1))));

/**
 * The `count` best names (their ranks), ranked by their most popular title: one
 * title per name, read through the name index. That is the title ranked first
 * (by popularity as of the last renumbering), not always the one ranking best
 * here (titles added since rank after it): callers ask for twice the names they need.
 */
async function bestNames(db: Kysely<Database>, version: string, found: FoundName[], count: number): Promise<number[]> {
  if (found.length <= count) return found.map((name) => name.rank);
  const top = await topTitleOfName.get(db, version, found.map((name) => String(name.rank)), async (missing) => {
    const { rows } = await sql<{ rank: number } & Popularity>`
      select n.rank, t.tconst, t.title_type, t.num_votes
      from imdb_search_names n, imdb_search s, imdb_titles t
      where n.rank in (select value from json_each(${ranksOf(missing)}))
        and s.rank = (select rank from imdb_search where name = n.name order by rank limit 1)
        and t.tconst = s.tconst`.execute(db);
    return rows.map(({ rank, ...title }): [string, Popularity] => [String(rank), title]);
  });
  return found
    .flatMap(({ rank, rankOf }) => {
      const title = top.get(String(rank));
      return title ? [{ name: rank, rank: rankOf(title) }] : [];
    })
    .sort((a, b) => compareRanks(a.rank, b.rank) || a.name - b.name)
    .slice(0, count)
    .map(({ name }) => name);
}

/**
 * Titles of the best names: all titles of a name match equally well, so the
 * `size` best names hold the `size` best titles; their `size` most popular
 * titles each are read.
 */
async function sqliteTitlesOf(db: Kysely<Database>, found: FoundName[], size: number): Promise<Candidate[]> {
  const version = await imdbIndexVersion(db);
  // Twice as many names as needed (see bestNames; titles added since the last renumbering also rank after their popularity).
  const names = await bestNames(db, version, found, size * 2);
  if (names.length === 0) return [];
  const titles = await titlesOfName.get(db, version, names.map((rank) => `${size}:${rank}`), async (missing) => {
    const { rows } = await sql<Candidate & { name_rank: number }>`
      select n.rank as name_rank, t.tconst, t.primary_title, t.start_year, t.genres, t.title_type, t.num_votes, s.name as matched_name
      from imdb_search_names n, imdb_search s, imdb_titles t
      where n.rank in (select value from json_each(${ranksOf(missing)}))
        and s.rank in (select rank from imdb_search where name = n.name order by rank limit ${size})
        and t.tconst = s.tconst`.execute(db);
    const byName = new Map<string, Candidate[]>();
    for (const { name_rank: rank, ...title } of rows) {
      const key = `${size}:${rank}`;
      if (!byName.has(key)) byName.set(key, []);
      byName.get(key)!.push(title);
    }
    return byName;
  });
  return names.flatMap((rank) => titles.get(`${size}:${rank}`) ?? []);
}

async function sqliteStrict(db: Kysely<Database>, query: string, words: string[], size: number): Promise<Candidate[]> {
  const found: Name[] = [];
  const run = async (names: RawBuilder<Name>) => found.push(...(await names.execute(db)).rows);
  // Names are title keys: the exact name, then a range of the name index for the prefix.
  await run(sql<Name>`select rank, name from imdb_search_names where name = ${query}`);
  const range = sql`name >= ${query} and name < ${`${query}\uffff`}`;
  const counted = await sql<{ n: number }>`select count(*) as n from (select 1 from imdb_search_names where ${range} limit ${PREFIX_SCAN + 1})`.execute(db);
  const indexable = indexableWords(words);
  if (Number(counted.rows[0]?.n ?? 0) <= PREFIX_SCAN) {
    // Every prefix name is tier 0 or 1, so the most popular ones are all that can make the list.
    await run(sql<Name>`select rank, name from imdb_search_names where ${range} order by rank limit ${size * 2}`);
  } else if (indexable.length === 0) {
    // A very common short prefix: walking the names in popularity order finds enough of them at once.
    await run(sql<Name>`select rank, name from imdb_search_names
      where name like ${`${likeEscape(query)}%`} escape '\\' order by rank limit ${size * 2}`);
  }
  if (indexable.length > 0) {
    // The rarest trigrams narrow the names fastest; matchTier then checks the whole words.
    const grams = wordTrigrams(indexable);
    const counts = await trigramCounts(db, grams);
    const rarest = grams.sort((a, b) => (counts.get(a) ?? 0) - (counts.get(b) ?? 0)).slice(0, STRICT_TRIGRAMS);
    found.push(...(await ftsNames(db, rarest.map(ftsPhrase).join(' AND '), words.filter((word) => length(word) < 3))));
  }
  const names = new Map<number, FoundName>();
  for (const { rank, name } of found) {
    const tier = matchTier(query, words, name);
    if (tier !== null) names.set(Number(rank), { rank: Number(rank), rankOf: (title) => strictRank(tier, title) });
  }
  return sqliteTitlesOf(db, [...names.values()], size);
}

/** The FTS5 expression for near misses: any two of the given trigrams (or the one, when alone). */
export function fuzzyMatchExpression(grams: string[]): string | null {
  if (grams.length <= 1) return grams.length ? ftsPhrase(grams[0]) : null;
  const pairs: string[] = [];
  for (let i = 0; i < grams.length; i++) {
    for (let j = i + 1; j < grams.length; j++) pairs.push(`(${ftsPhrase(grams[i])} AND ${ftsPhrase(grams[j])})`);
  }
  return pairs.join(' OR ');
}

async function sqliteFuzzy(db: Kysely<Database>, query: string, words: string[], size: number): Promise<Candidate[]> {
  // A typo spoils the trigrams around it; any two intact ones still find the title.
  const grams = wordTrigrams(indexableWords(words));
  const counts = await trigramCounts(db, grams);
  const known = grams.filter((gram) => (counts.get(gram) ?? 0) > 0).sort((a, b) => (counts.get(a) ?? 0) - (counts.get(b) ?? 0));
  const match = fuzzyMatchExpression(known.slice(0, FUZZY_TRIGRAMS));
  if (!match) return [];
  const names: FoundName[] = [];
  const percentOf = fuzzyPercents(query);
  for (const { rank, name } of await ftsNames(db, match)) {
    const percent = percentOf(name);
    if (percent !== null) names.push({ rank: Number(rank), rankOf: (title) => fuzzyRank(percent, title) });
  }
  return sqliteTitlesOf(db, names, size);
}

// ——— PostgreSQL ———

// The key too, so filters can run on a materialised candidate set.
const pgColumns = sql`tconst, primary_title, start_year, genres, title_type, num_votes, search_title`;
// Matches the imdb_titles_popularity index, so the planner may walk it and stop early.
const pgPopularity = sql`(title_type <> 'movie'), coalesce(num_votes, 0) desc, tconst`;

/** Titles starting with `query`: every one sorts between it and it followed by the highest code point (bytewise, as text_pattern_ops compares). */
const startingWith = (query: string) => sql<SqlBool>`search_title ~>=~ ${query} and search_title ~<~ ${`${query}\u{10FFFF}`}`;

/**
 * Titles starting with the query, the well-known ones (POPULAR_VOTES or more) first
 * through their own small index. A start with fewer votes can only pass one whose
 * score is above the best such a title could reach, so when `size` of the well-known
 * ones are, the rest are not read.
 */
async function postgresStarting(db: Kysely<Database>, query: string, size: number, until: number): Promise<Candidate[]> {
  // The same condition as the partial index's, so the planner uses it.
  const { rows: popular } = await sql<Candidate>`select ${pgColumns} from imdb_titles
    where num_votes >= ${sql.lit(POPULAR_VOTES)} and ${startingWith(query)} order by ${pgPopularity} limit ${CANDIDATES}`.execute(db);
  const ceiling = strictRank(START_TIER, { title_type: 'movie', num_votes: POPULAR_VOTES - 1 }).score;
  if (popular.filter((row) => strictRank(START_TIER, row).score > ceiling).length >= size) return popular;
  // The others: the first in the table's order are the most popular.
  return [...popular, ...(await postgresFirst(db, startingWith(query), null, until))];
}

/**
 * The first CANDIDATES titles meeting `condition` (and `filter`, checked on the first
 * SHORT_WORD_SCAN titles meeting the condition) in the table's order, which a bulk load
 * sets to popularity order (searchIndex.ts): the titles are read through a bitmap of
 * their index, which visits the table in its order and stops at the limit, rather than
 * walking the popularity index through titles that do not match. For a word or start the
 * planner expects in more than a few titles in a thousand, reading the table from its
 * start finds them sooner: a bitmap holds every title that has it (tens of ms at full size).
 */
async function postgresFirst(db: Kysely<Database>, condition: RawBuilder<unknown>, filter: RawBuilder<unknown> | null, until: number): Promise<Candidate[]> {
  return withinTime(
    db,
    FIRST_TITLES_TIME_LIMIT_MS,
    async (trx) => {
      const first = (limit: number) => sql`select ${pgColumns} from imdb_titles where ${condition} limit ${limit}`;
      const read = filter
        ? sql<Candidate>`select * from (${first(SHORT_WORD_SCAN)}) f where ${filter} limit ${CANDIDATES}`
        : sql<Candidate>`${first(CANDIDATES)}`;
      return (await read.execute(trx)).rows;
    },
    [],
    until,
    { order: 'table' },
  );
}

/**
 * By default PostgreSQL's timed reads of one search end this many ms after it began
 * (SEARCH_TIME_BUDGET_MS): whatever a common word leaves unread, the answer comes in time.
 */
export const SEARCH_TIME_BUDGET_MS = 14;

/** How long reading the first titles of a start or of some words may take, in ms; past it the answer is what the other reads found. */
export const FIRST_TITLES_TIME_LIMIT_MS = 30;

/**
 * Titles holding every word. Words of one or two characters have no trigrams of
 * their own: they are checked on the first titles holding the longer words.
 */
async function postgresContaining(db: Kysely<Database>, words: string[], until: number): Promise<Candidate[]> {
  const contains = (word: string) => sql<SqlBool>`search_title like ${`%${likeEscape(word)}%`} escape '\\'`;
  const long = sql.join(indexableWords(words).map(contains), sql` and `);
  const shortWords = words.filter((word) => length(word) < 3);
  return postgresFirst(db, long, shortWords.length ? sql.join(shortWords.map(contains), sql` and `) : null, until);
}

/**
 * Titles holding every word, the well-known ones (POPULAR_VOTES or more) first,
 * through their own small trigram index. A title with fewer votes matching as
 * well can only pass one whose word match ranks above the best such a title
 * could reach, so when `size` of the well-known ones do, the rest are not read.
 */
async function postgresContainingPopularFirst(db: Kysely<Database>, query: string, words: string[], size: number, until: number): Promise<Candidate[]> {
  const contains = words.map((word) => sql<SqlBool>`search_title like ${`%${likeEscape(word)}%`} escape '\\'`);
  // The same condition as the partial index's, so the planner uses it.
  const { rows: popular } = await sql<Candidate>`select ${pgColumns} from imdb_titles
    where num_votes >= ${sql.lit(POPULAR_VOTES)} and ${sql.join(contains, sql` and `)}
    order by ${pgPopularity} limit ${CANDIDATES}`.execute(db);
  const ceiling = strictRank(WORD_TIER, { title_type: 'movie', num_votes: POPULAR_VOTES - 1 }).score;
  const beyondReach = popular.filter((row) => {
    const tier = matchTier(query, words, row.primary_title);
    return tier !== null && tier <= WORD_TIER && strictRank(tier, row).score > ceiling;
  });
  if (beyondReach.length >= size) return popular;
  return [...popular, ...(await postgresContaining(db, words, until))];
}

async function postgresStrict(db: Kysely<Database>, query: string, words: string[], size: number, until: number): Promise<Candidate[]> {
  const [{ rows }, starting, containing, alternatives] = await Promise.all([
    sql<Candidate>`select ${pgColumns} from imdb_titles where search_title = ${query} order by ${pgPopularity} limit ${CANDIDATES}`.execute(db),
    postgresStarting(db, query, size, until),
    indexableWords(words).length > 0 ? postgresContainingPopularFirst(db, query, words, size, until) : Promise.resolve([]),
    postgresAlternativesStarting(db, query),
  ]);
  return [...rows, ...starting, ...containing, ...alternatives];
}

/** How long a search among alternative titles may take, in ms; past it the answer is what the other passes found. */
export const ALTERNATIVES_TIME_LIMIT_MS = 50;
/** Other names read per search: each costs a lookup of its title, so a common word reads a bounded sample. */
export const ALTERNATIVES_SCAN = 500;

/** Other names read for a start: what people type of an original or foreign title is seldom a common start. */
export const ALTERNATIVE_STARTS = 100;

/**
 * Titles whose other names (imdb_alt_titles) start with the query: the first
 * ALTERNATIVE_STARTS in name order, through the pattern index (so bounded without a time limit).
 */
async function postgresAlternativesStarting(db: Kysely<Database>, query: string): Promise<Candidate[]> {
  const { rows } = await sql<Candidate>`select t.tconst, t.primary_title, t.start_year, t.genres, t.title_type, t.num_votes, a.search_title as matched_name
    from (select tconst, search_title from imdb_alt_titles
      where search_title ~>=~ ${query} and search_title ~<~ ${`${query}\u{10FFFF}`} order by search_title using ~<~ limit ${ALTERNATIVE_STARTS}) a
    join imdb_titles t on t.tconst = a.tconst`.execute(db);
  return rows;
}

/**
 * Titles whose other names hold every word the trigram index can look up (at most
 * ALTERNATIVES_SCAN names). A common word's trigrams cost a read of all their
 * names, so this runs only with the typo passes, when the strict matches do not fill the page.
 */
function postgresAlternativesContaining(db: Kysely<Database>, words: string[], until: number): Promise<Candidate[]> {
  const indexable = indexableWords(words);
  if (indexable.length === 0) return Promise.resolve([]);
  const contains = indexable.map((word) => sql`search_title like ${`%${likeEscape(word)}%`} escape '\\'`);
  return alternativesWhere(db, sql`select tconst, search_title from imdb_alt_titles where ${sql.join(contains, sql` and `)} limit ${ALTERNATIVES_SCAN}`, until);
}

/** Titles of the alternative names `names` selects (tconst, search_title), most popular first, within the time limit. */
function alternativesWhere(db: Kysely<Database>, names: RawBuilder<unknown>, until: number): Promise<Candidate[]> {
  return withinTime(
    db,
    ALTERNATIVES_TIME_LIMIT_MS,
    async (trx) =>
      (
        await sql<Candidate>`select t.tconst, t.primary_title, t.start_year, t.genres, t.title_type, t.num_votes, a.search_title as matched_name
          from (${names}) a join imdb_titles t on t.tconst = a.tconst
          order by (t.title_type <> 'movie'), coalesce(t.num_votes, 0) desc, t.tconst limit ${CANDIDATES}`.execute(trx)
      ).rows,
    [],
    until,
  );
}

/** Titles with this many votes or more have a trigram index of their own (imdb_titles_popular_trgm). */
export const POPULAR_VOTES = 1000;
/** How long the search through every title may take for a typo, in ms; past it the answer is what was found. */
export const FUZZY_TIME_LIMIT_MS = 100;

/** How a timed read may visit the titles (see withinTime). */
type ReadOrder = 'any' | 'table' | 'table-by-index';

/** A read given less than this many ms is not started: its answer would come too late anyway. */
const SHORTEST_READ_MS = 2;

/**
 * Runs `work` in a transaction whose statements stop after `ms`, or at `until` (a
 * performance.now() time) when that comes first; then answers `fallback` (PostgreSQL
 * cancels the statement with code 57014), so a slow pass costs a bounded time.
 * `order` 'table' makes its reads visit the titles in the table's order (see
 * postgresFirst), through a bitmap of an index or by reading the table from its start,
 * whichever the planner expects to reach the limit sooner; 'table-by-index' only through a bitmap.
 */
/**
 * Whether a timed read of the search running in this context was cut short (timed out, or not
 * started for want of time): its answer may lack titles, so it is served but not kept (search.ts).
 */
export const readsCutShort = new AsyncLocalStorage<{ cut: boolean }>();

function markCutShort(): void {
  const report = readsCutShort.getStore();
  if (report) report.cut = true;
}

export async function withinTime<T>(
  db: Kysely<Database>,
  ms: number,
  work: (trx: Kysely<Database>) => Promise<T>,
  fallback: T,
  until = Number.POSITIVE_INFINITY,
  { order = 'any' }: { order?: ReadOrder } = {},
): Promise<T> {
  const allowed = Math.round(Math.min(ms, until - performance.now()));
  if (allowed < SHORTEST_READ_MS) {
    markCutShort();
    return fallback;
  }
  // The transaction and its settings in one message (no parameters, so PostgreSQL takes several statements):
  // each round trip costs a wake-up of the database's process, which the other reads of the search keep busy.
  const settings: Record<string, string> = {};
  if (order !== 'any') {
    // A walk of an index, a parallel read or a scan joining another one midway would not keep the table's order.
    Object.assign(settings, { enable_indexscan: 'off', max_parallel_workers_per_gather: '0', synchronize_seqscans: 'off' });
  }
  // The choice between a bitmap and a scan rests on how common the words are: planned for them, not once for any (prepared statements).
  if (order === 'table') settings.plan_cache_mode = 'force_custom_plan';
  if (order === 'table-by-index') settings.enable_seqscan = 'off';
  // The timeout last: each statement after it in the message would be timed by it, and on a busy server even a setting can take 2 ms.
  settings.statement_timeout = String(allowed);
  const begin = ['begin', ...Object.entries(settings).map(([name, value]) => `set local ${name} = ${value}`)].join('; ');
  return db.connection().execute(async (connection) => {
    try {
      // Inside the try: whatever fails once `begin` is sent, the connection goes back to the pool outside a transaction.
      await sql.raw(begin).execute(connection);
      const answer = await work(connection);
      await sql`commit`.execute(connection);
      return answer;
    } catch (error) {
      // A rollback that cannot be sent (the connection lost) must not hide why the read failed; pg's pool drops such a connection.
      await sql`rollback`.execute(connection).catch(() => {});
      if ((error as { code?: unknown }).code === '57014') {
        markCutShort();
        return fallback;
      }
      throw error;
    }
  });
}

/**
 * Near misses by pg_trgm's word similarity blended with popularity as ranking.ts
 * blends them, so the famous title a typo means is not crowded out by obscure
 * titles a little more similar. The well-known titles are searched first, through
 * their own small index; only when they give fewer than `size` near misses are all
 * titles searched, and that pass stops after FUZZY_TIME_LIMIT_MS; other names are
 * searched alongside (those holding every word, and typos of them).
 */
async function postgresFuzzy(db: Kysely<Database>, query: string, words: string[], size: number, until: number): Promise<Candidate[]> {
  // Side by side, and both awaited: a read left running unawaited would, if it failed too, end the process.
  const [nearMisses, containing] = await Promise.all([postgresNearMisses(db, query, size, until), postgresAlternativesContaining(db, words, until)]);
  return [...nearMisses, ...containing];
}

async function postgresNearMisses(db: Kysely<Database>, query: string, size: number, until: number): Promise<Candidate[]> {
  const penalty = sql`case title_type when 'movie' then 0 when 'tvEpisode' then ${sql.lit(EPISODE_PENALTY)} else ${sql.lit(TYPE_PENALTY)} end`;
  const score = sql`word_similarity(${query}, search_title) * ${sql.lit(SIMILARITY_WEIGHT)}
    + log(coalesce(num_votes, 0)::float8 + 1) - ${penalty}`;
  const nearMisses = (target: Kysely<Database>, among: RawBuilder<unknown>) =>
    sql<Candidate>`
      select ${pgColumns} from imdb_titles
      where ${query} <% search_title and ${among}
      order by ${score} desc, ${pgPopularity}
      limit ${CANDIDATES}`.execute(target);
  // The same condition as the partial index's, so the planner uses it.
  const { rows: popular } = await nearMisses(db, sql`num_votes >= ${sql.lit(POPULAR_VOTES)}`);
  const percentOf = fuzzyPercents(query);
  const close = popular.filter((row) => percentOf(row.primary_title) !== null);
  if (close.length >= size) return popular;
  const [rest, alternatives] = await Promise.all([
    // The rest in the table's order (popularity order, see postgresFirst): the most popular near misses, scored in search.ts.
    withinTime(
      db,
      FUZZY_TIME_LIMIT_MS,
      async (trx) =>
        (
          await sql<Candidate>`select ${pgColumns} from imdb_titles
            where ${query} <% search_title and coalesce(num_votes, 0) < ${sql.lit(POPULAR_VOTES)} limit ${CANDIDATES}`.execute(trx)
        ).rows,
      [],
      until,
      { order: 'table-by-index' },
    ),
    // Typos of other names (original and alternative titles), the closest first.
    alternativesWhere(
      db,
      sql`select tconst, search_title from imdb_alt_titles where ${query} <% search_title
        order by word_similarity(${query}, search_title) desc limit ${CANDIDATES}`,
      until,
    ),
  ]);
  return [...popular, ...rest, ...alternatives];
}
