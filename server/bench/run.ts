// `npm run bench`: import speed (against the database's own bulk loader) and title-search
// latency on generated IMDb title.basics, title.ratings and title.akas files (BENCH_TITLES titles,
// 1,000,000 by default; IMDb has 12.8 M), on SQLite and PostgreSQL,
// then memory and sign-in times under 48 simultaneous large picture uploads.
// Figures for people, never test assertions.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { pipeline } from 'node:stream/promises';
import { from as copyFrom } from 'pg-copy-streams';
import { openDatabase, postgresPoolOf, type AppDatabase } from '../src/db/database';
import { migrateToLatest } from '../src/db/migrate';
import { importImdbFiles } from '../src/imdb/importer';
import { searchIndex } from '../src/imdb/search';
import { SEARCH_TIME_BUDGET_MS } from '../src/imdb/searchDialect';
import { normaliseQuery } from '../src/imdb/ranking';
import { AKAS, akaRows, decoys, FILMS, QUERIES as RELEVANCE_QUERIES, titleRows } from '../src/imdb/relevanceCases';
import { percentile, POSTGRES_URL, withPostgresSchema } from './club';
import { generateAkas, generateBasics, generateRatings, typicalQueries } from './generate';
import { benchHttp } from './http';
import { benchLighthouse } from './lighthouse';
import { benchMixed } from './mixed';
import { benchImports } from './imports';
import { benchFeed } from './feed';
import { benchInsights } from './insights';
import { benchUploads } from './uploads';
import { benchRecommendations } from './recommendations';
import { printSummary, recordFigure } from './summary';

const TITLES = Number(process.env.BENCH_TITLES ?? 1_000_000);
const QUERIES = 1000;
/** `databases` (both), `sqlite`, `postgres`, `http`, `recommendations`, `mixed`, `lighthouse`, `uploads`, `imports`, `insights` or `feed` to run one part; everything by default. */
const ONLY = process.env.BENCH_ONLY ?? '';
/** The PostgreSQL search time budget the bench searches with (the app's default unless set). */
const SEARCH_BUDGET_MS = Number(process.env.BENCH_SEARCH_BUDGET_MS ?? SEARCH_TIME_BUDGET_MS);
const IMPORT_TARGET = 50_000;
const SEARCH_P95_TARGET = 20;
const IMPORT_RATIO_TARGET = 3;


interface Files {
  basics: string;
  ratings: string;
  akas: string;
  rows: number;
}

/** How long the database's own bulk loader takes for the same files, into plain tables: the floor for an import. */
async function baselineLoad(database: AppDatabase, files: Files, dir: string): Promise<number | null> {
  const started = performance.now();
  if (database.kind === 'postgres') {
    const pool = postgresPoolOf(database.db)!;
    const client = await pool.connect();
    try {
      await client.query('create unlogged table bench_copy_basics (a text, b text, c text, d text, e text, f text, g text, h text, i text)');
      await client.query('create unlogged table bench_copy_ratings (a text, b text, c text)');
      for (const [table, file] of [['bench_copy_basics', files.basics], ['bench_copy_ratings', files.ratings]] as const) {
        await pipeline(fs.createReadStream(file), client.query(copyFrom(`copy ${table} from stdin with (format text, header true)`)));
      }
    } finally {
      client.release();
    }
    return (performance.now() - started) / 1000;
  }
  const sqlite3 = spawnSync('sqlite3', ['-version']);
  if (sqlite3.status !== 0) return null;
  const loaded = spawnSync('sqlite3', [path.join(dir, 'baseline.db'), '.mode tabs', `.import ${files.basics} basics`, `.import ${files.ratings} ratings`], { stdio: 'inherit' });
  return loaded.status === 0 ? (performance.now() - started) / 1000 : null;
}

/** Each typical query's answer (tconsts in order), to compare the databases. */
type Answers = Map<string, string[]>;

async function measure(label: string, database: AppDatabase, files: Files, queries: string[], dir: string): Promise<Answers> {
  await migrateToLatest(database);
  const started = performance.now();
  const reports = await importImdbFiles(database.db, [files.basics, files.ratings]);
  const seconds = (performance.now() - started) / 1000;
  const rows = reports.reduce((sum, report) => sum + report.rows, 0);
  const rate = Math.round(rows / seconds);
  const verdict = (met: boolean) => (met ? 'met' : 'NOT met');
  console.log(
    `${label}: imported ${rows.toLocaleString('en')} rows in ${seconds.toFixed(1)} s = ${rate.toLocaleString('en')} rows/s ` +
      `(target ≥ ${IMPORT_TARGET.toLocaleString('en')}: ${verdict(rate >= IMPORT_TARGET)})`,
  );
  const baseline = await baselineLoad(database, files, dir);
  const loader = database.kind === 'postgres' ? 'a plain COPY' : "sqlite3's .import";
  if (baseline === null) console.log(`${label}: ${loader} not available; no ratio`);
  else {
    const ratio = seconds / baseline;
    recordFigure({
      topic: 'IMDb import',
      detail: `${label}, ${files.rows.toLocaleString('en')} rows (basics and ratings)`,
      measured: `${seconds.toFixed(1)} s = ${ratio.toFixed(1)} × ${loader} (${baseline.toFixed(1)} s)`,
      target: `≤ ${IMPORT_RATIO_TARGET} ×`,
      met: ratio <= IMPORT_RATIO_TARGET,
    });
    console.log(`${label}: ${loader} of the same files takes ${baseline.toFixed(1)} s; the import takes ${ratio.toFixed(1)} × that (target ≤ ${IMPORT_RATIO_TARGET} ×: ${verdict(ratio <= IMPORT_RATIO_TARGET)})`);
  }
  // Alternative titles after the ratio (IMDb's own comparison files are basics and ratings); searches then look among them too.
  const akasStarted = performance.now();
  const akas = (await importImdbFiles(database.db, [files.akas])).reduce((sum, report) => sum + report.rows, 0);
  console.log(`${label}: imported ${akas.toLocaleString('en')} alternative titles in ${((performance.now() - akasStarted) / 1000).toFixed(1)} s`);
  for (const query of queries.slice(0, 20)) await searchIndex(database.db, database.kind, normaliseQuery(query), 8, SEARCH_BUDGET_MS); // warm-up
  const timed: { query: string; ms: number }[] = [];
  const answers: Answers = new Map();
  for (const query of queries) {
    const t = performance.now();
    const results = await searchIndex(database.db, database.kind, normaliseQuery(query), 8, SEARCH_BUDGET_MS);
    timed.push({ query, ms: performance.now() - t });
    answers.set(query, results.map((result) => result.tconst));
  }
  timed.sort((a, b) => a.ms - b.ms);
  const times = timed.map((entry) => entry.ms);
  const f = (ms: number) => `${ms.toFixed(2)} ms`;
  const p95 = percentile(times, 95);
  recordFigure({
    topic: 'Title search',
    detail: `${label}, ${TITLES.toLocaleString('en')} titles`,
    measured: `p95 ${f(p95)}, p99 ${f(percentile(times, 99))}`,
    target: `p95 ≤ ${SEARCH_P95_TARGET} ms`,
    met: p95 <= SEARCH_P95_TARGET,
  });
  console.log(
    `${label}: search over ${queries.length} queries p50 ${f(percentile(times, 50))}, p95 ${f(p95)}, p99 ${f(percentile(times, 99))} ` +
      `(target p95 ≤ ${SEARCH_P95_TARGET} ms: ${verdict(p95 <= SEARCH_P95_TARGET)})`,
  );
  console.log(`${label}: slowest: ${timed.slice(-5).reverse().map((entry) => `'${entry.query}' ${f(entry.ms)}`).join(', ')}`);
  await measureRelevance(label, database);
  return answers;
}

/**
 * How often PostgreSQL's answer to a typical query matches SQLite's, whose reads are
 * bounded by candidates counted rather than by time: the first title, and the share of
 * SQLite's titles PostgreSQL's list holds too.
 */
function compareAnswers(sqlite: Answers, postgres: Answers) {
  let sameFirst = 0;
  let shared = 0;
  let total = 0;
  for (const [query, expected] of sqlite) {
    const got = postgres.get(query) ?? [];
    if (got[0] === expected[0]) sameFirst++;
    shared += got.filter((tconst) => expected.includes(tconst)).length;
    total += expected.length;
  }
  const percent = (n: number, of: number) => `${((n / Math.max(1, of)) * 100).toFixed(0)} %`;
  console.log(
    `PostgreSQL vs SQLite, typical queries: the same first title for ${percent(sameFirst, sqlite.size)} of ${sqlite.size} distinct queries; ` +
      `${percent(shared, total)} of SQLite's titles also in PostgreSQL's answer`,
  );
}

/** The relevance suite's queries against the generated index with the real films in it: hits, and how long they take. */
async function measureRelevance(label: string, database: AppDatabase) {
  const missed: string[] = [];
  const times: number[] = [];
  for (const [query, tconst, place] of RELEVANCE_QUERIES) {
    const t = performance.now();
    const results = await searchIndex(database.db, database.kind, normaliseQuery(query), 8, SEARCH_BUDGET_MS);
    times.push(performance.now() - t);
    const at = results.findIndex((result) => result.tconst === tconst);
    if (at < 0 || at >= place) missed.push(`'${query}' (${at < 0 ? 'absent' : `at ${at + 1}`})`);
  }
  times.sort((a, b) => a - b);
  const f = (ms: number) => `${ms.toFixed(1)} ms`;
  const hits = RELEVANCE_QUERIES.length - missed.length;
  console.log(
    `${label}: relevance ${hits}/${RELEVANCE_QUERIES.length} (${((hits / RELEVANCE_QUERIES.length) * 100).toFixed(0)} %) with the film where expected; ` +
      `p50 ${f(percentile(times, 50))}, p99 ${f(percentile(times, 99))}, max ${f(times[times.length - 1])}` +
      (missed.length ? `; missed ${missed.join(', ')}` : ''),
  );
}

async function main() {
  console.log(`Machine: ${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown'}), ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB memory, node ${process.version}`);
  console.log(`Load average before: ${os.loadavg().map((n) => n.toFixed(2)).join(' ')}`);
  if (['', 'databases', 'sqlite', 'postgres'].includes(ONLY)) await benchDatabases();
  if (ONLY === '' || ONLY === 'http') await benchHttp();
  if (ONLY === '' || ONLY === 'recommendations') await benchRecommendations();
  if (ONLY === '' || ONLY === 'mixed') await benchMixed();
  if (ONLY === '' || ONLY === 'lighthouse') await benchLighthouse();
  if (ONLY === '' || ONLY === 'uploads') await benchUploads();
  if (ONLY === '' || ONLY === 'imports') await benchImports();
  if (ONLY === '' || ONLY === 'insights') await benchInsights();
  if (ONLY === '' || ONLY === 'feed') await benchFeed();
  printSummary();
}

async function benchDatabases() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'movieclub-bench-'));
  console.log(`Targets: import ≥ ${IMPORT_TARGET.toLocaleString('en')} rows/s and ≤ ${IMPORT_RATIO_TARGET} × the database's own bulk load; search p95 ≤ ${SEARCH_P95_TARGET} ms.`);
  try {
    const file = path.join(dir, 'title.basics.tsv');
    const ratingsFile = path.join(dir, 'title.ratings.tsv');
    const t = performance.now();
    const titles = await generateBasics(file, TITLES);
    const ratings = await generateRatings(ratingsFile, TITLES);
    const akasFile = path.join(dir, 'title.akas.tsv');
    await generateAkas(akasFile, TITLES);
    // The real films and their decoys among the generated titles, for the relevance figures.
    const real = titleRows([...FILMS, ...decoys()]);
    fs.appendFileSync(file, `${real.basics.join('\n')}\n`);
    fs.appendFileSync(ratingsFile, `${real.ratings.join('\n')}\n`);
    fs.appendFileSync(akasFile, `${akaRows(AKAS).join('\n')}\n`);
    const files: Files = { basics: file, ratings: ratingsFile, akas: akasFile, rows: TITLES + ratings };
    const mib = (name: string) => (fs.statSync(name).size / 2 ** 20).toFixed(0);
    console.log(
      `Generated ${TITLES.toLocaleString('en')} titles (${mib(file)} MiB) and ${ratings.toLocaleString('en')} ratings (${mib(ratingsFile)} MiB) ` +
        `in ${((performance.now() - t) / 1000).toFixed(1)} s`,
    );
    const queries = typicalQueries(titles, QUERIES);

    let sqliteAnswers: Answers | null = null;
    if (ONLY !== 'postgres') {
      const sqlite = openDatabase(`sqlite:${path.join(dir, 'bench.db')}`);
      try {
        sqliteAnswers = await measure('SQLite', sqlite, files, queries, dir);
      } finally {
        await sqlite.close();
      }
    }
    if (ONLY === 'sqlite') return;

    console.log(`PostgreSQL: each search's timed reads end within ${SEARCH_BUDGET_MS} ms (SEARCH_TIME_BUDGET_MS; BENCH_SEARCH_BUDGET_MS to try another)`);
    await withPostgresSchema(async (schema) => {
      const postgres = openDatabase(POSTGRES_URL, { pgSchema: schema, pgPoolSize: 4 });
      try {
        const postgresAnswers = await measure('PostgreSQL', postgres, files, queries, dir);
        if (sqliteAnswers) compareAnswers(sqliteAnswers, postgresAnswers);
      } finally {
        await postgres.close();
      }
    });
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
