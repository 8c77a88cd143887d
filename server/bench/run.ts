// `npm run bench`: import speed and title-search latency on a generated
// 1,000,000-title file in IMDb's title.basics format, on SQLite and PostgreSQL,
// then memory and sign-in times under 48 simultaneous large picture uploads.
// Figures for people, never test assertions.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { openDatabase, type AppDatabase } from '../src/db/database';
import { migrateToLatest } from '../src/db/migrate';
import { importImdbFiles } from '../src/imdb/importer';
import { searchTitles } from '../src/imdb/search';
import { generateBasics, typicalQueries } from './generate';
import { benchHttp } from './http';
import { benchLighthouse } from './lighthouse';
import { benchUploads } from './uploads';

const TITLES = Number(process.env.BENCH_TITLES ?? 1_000_000);
const QUERIES = 1000;
/** `sqlite`, `postgres`, `http`, `lighthouse` or `uploads` to run one part; everything by default. */
const ONLY = process.env.BENCH_ONLY ?? '';
const IMPORT_TARGET = 50_000;
const SEARCH_P95_TARGET = 15;
const POSTGRES_URL = process.env.BENCH_POSTGRES_URL ?? process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

async function measure(label: string, database: AppDatabase, file: string, queries: string[]) {
  await migrateToLatest(database);
  const started = performance.now();
  const [report] = await importImdbFiles(database.db, [file]);
  const seconds = (performance.now() - started) / 1000;
  const rate = Math.round(report.rows / seconds);
  const verdict = (met: boolean) => (met ? 'met' : 'NOT met');
  console.log(
    `${label}: imported ${report.rows.toLocaleString('en')} rows in ${seconds.toFixed(1)} s = ${rate.toLocaleString('en')} rows/s ` +
      `(target ≥ ${IMPORT_TARGET.toLocaleString('en')}: ${verdict(rate >= IMPORT_TARGET)})`,
  );
  for (const query of queries.slice(0, 20)) await searchTitles(database.db, database.kind, query, 8); // warm-up
  const timed: { query: string; ms: number }[] = [];
  for (const query of queries) {
    const t = performance.now();
    await searchTitles(database.db, database.kind, query, 8);
    timed.push({ query, ms: performance.now() - t });
  }
  timed.sort((a, b) => a.ms - b.ms);
  const times = timed.map((entry) => entry.ms);
  const f = (ms: number) => `${ms.toFixed(2)} ms`;
  const p95 = percentile(times, 95);
  const target = database.kind === 'sqlite' ? ` (target p95 ≤ ${SEARCH_P95_TARGET} ms: ${verdict(p95 <= SEARCH_P95_TARGET)})` : '';
  console.log(`${label}: search over ${queries.length} queries p50 ${f(percentile(times, 50))}, p95 ${f(p95)}, p99 ${f(percentile(times, 99))}${target}`);
  console.log(`${label}: slowest: ${timed.slice(-5).reverse().map((entry) => `'${entry.query}' ${f(entry.ms)}`).join(', ')}`);
}

async function main() {
  console.log(`Machine: ${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown'}), ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB memory, node ${process.version}`);
  console.log(`Load average before: ${os.loadavg().map((n) => n.toFixed(2)).join(' ')}`);
  if (ONLY === '' || ONLY === 'sqlite' || ONLY === 'postgres') await benchDatabases();
  if (ONLY === '' || ONLY === 'http') await benchHttp();
  if (ONLY === '' || ONLY === 'lighthouse') await benchLighthouse();
  if (ONLY === '' || ONLY === 'uploads') await benchUploads();
}

async function benchDatabases() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'movieclub-bench-'));
  console.log(`Targets: import ≥ ${IMPORT_TARGET.toLocaleString('en')} rows/s; search p95 ≤ ${SEARCH_P95_TARGET} ms on SQLite.`);
  try {
    const file = path.join(dir, 'title.basics.tsv');
    const t = performance.now();
    const titles = await generateBasics(file, TITLES);
    console.log(`Generated ${TITLES.toLocaleString('en')} titles (${(fs.statSync(file).size / 2 ** 20).toFixed(0)} MiB) in ${((performance.now() - t) / 1000).toFixed(1)} s`);
    const queries = typicalQueries(titles, QUERIES);

    if (ONLY !== 'postgres') {
      const sqlite = openDatabase(`sqlite:${path.join(dir, 'bench.db')}`);
      try {
        await measure('SQLite', sqlite, file, queries);
      } finally {
        await sqlite.close();
      }
    }
    if (ONLY === 'sqlite') return;

    const schema = `bench_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: POSTGRES_URL });
    try {
      await admin.connect();
    } catch (error) {
      console.log(`PostgreSQL: skipped (${error instanceof Error ? error.message : error})`);
      return;
    }
    await admin.query(`create schema ${schema}`);
    const postgres = openDatabase(POSTGRES_URL, { pgSchema: schema, pgPoolSize: 4 });
    try {
      await measure('PostgreSQL', postgres, file, queries);
    } finally {
      await postgres.close();
      await admin.query(`drop schema if exists ${schema} cascade`);
      await admin.end();
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
