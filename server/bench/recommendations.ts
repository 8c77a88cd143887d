// Recommendations on a full-size IMDb index (BENCH_TITLES generated titles, 1,000,000 by
// default; IMDb has 12.8 M): the bench club's catalogue beside the generated index, then 50
// connections asking for a different title on every call, so each answer is computed (only
// the index's rows it reads are kept between calls), and then for the same club titles again,
// whose answers are kept; on SQLite and PostgreSQL. The first seconds of new titles are counted
// apart: a server just started has read none of the genre lists the later calls share.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import { openDatabase } from '../src/db/database';
import { migrateToLatest } from '../src/db/migrate';
import { importImdbFiles } from '../src/imdb/importer';
import { cpuMs, POSTGRES_URL, seedClub, startAppProcess, withPostgresSchema } from './club';
import { generateBasics, generateRatings } from './generate';
import { memoryOf } from './uploads';

const TITLES = Number(process.env.BENCH_TITLES ?? 1_000_000);
const CONNECTIONS = 50;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
/** New titles asked in a run of their own before the measured one: the genre lists are read then. */
const WARMUP_SECONDS = Number(process.env.BENCH_RECOMMENDATIONS_WARMUP_SECONDS ?? 10);
const P99_TARGET_MS = 100;
/** A call unanswered this long is counted as such (autocannon's own default). */
const TIMEOUT_SECONDS = 10;
/** Club titles asked again in the second run, each computed once before it. */
const KEPT_TITLES = 200;
/** `sqlite,postgres` by default. */
const DATABASES = (process.env.BENCH_RECOMMENDATIONS_DATABASES ?? 'sqlite,postgres').split(',');

interface Files {
  basics: string;
  ratings: string;
}

/** The club's own titles first, then generated ones, so every call asks for a title not asked before. */
function* titlesToAsk(clubTconsts: string[]): Generator<string> {
  yield* clubTconsts;
  // Spread over the whole index: neighbouring tconsts share nothing in the generated files.
  for (let step = 0; ; step++) yield `tt${String(1 + ((step * 7_919) % TITLES)).padStart(8, '0')}`;
}

async function load(url: string, pid: number, nextTitle: () => string, seconds = SECONDS) {
  const cpuBefore = cpuMs(pid);
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: seconds,
    timeout: TIMEOUT_SECONDS,
    requests: [{ setupRequest: (request) => ({ ...request, path: `/api/recommendations/${nextTitle()}` }) }],
  });
  if (result.non2xx > 0) throw new Error(`${url}: ${result.non2xx} non-2xx replies`);
  return { result, cpuPerCall: (cpuMs(pid) - cpuBefore) / Math.max(1, result.requests.total) };
}

function report(label: string, calls: string, imported: number, { result, cpuPerCall }: Awaited<ReturnType<typeof load>>, targeted = true) {
  const p99 = result.latency.p99;
  const target = targeted ? ` (target < ${P99_TARGET_MS} ms: ${p99 < P99_TARGET_MS ? 'met' : 'NOT met'})` : '';
  console.log(
    `| ${label} | ${imported.toFixed(0)} s | ${calls} | ${result.requests.total.toLocaleString('en')} | ${result.requests.average.toFixed(0)}/s | ` +
      `${result.latency.p50} ms | ${p99} ms${target} | ` +
      `${cpuPerCall.toFixed(2)} ms | ${result.timeouts} |`,
  );
}

const memoryLines: string[] = [];

async function measure(label: string, databaseUrl: string, files: Files, dir: string, env: Record<string, string>, pgSchema?: string) {
  const database = openDatabase(databaseUrl, { pgSchema });
  const importStarted = performance.now();
  try {
    await migrateToLatest(database);
    await importImdbFiles(database.db, [files.basics, files.ratings]);
  } finally {
    await database.close();
  }
  const imported = (performance.now() - importStarted) / 1000;
  const { tconsts } = await seedClub(databaseUrl, pgSchema);
  const { child, url } = await startAppProcess(databaseUrl, dir, env);
  try {
    // Every call for a title not asked before: each answer is computed.
    const next = titlesToAsk(tconsts);
    const nextTitle = () => next.next().value as string;
    if (WARMUP_SECONDS > 0) {
      report(label, `each call a new title, the first ${WARMUP_SECONDS} s`, imported, await load(url, child.pid!, nextTitle, WARMUP_SECONDS), false);
    }
    report(label, 'each call a new title', imported, await load(url, child.pid!, nextTitle));
    // What the kept lists and facts cost: printed under the table.
    const memory = memoryOf(child.pid!);
    if (memory) memoryLines.push(`${label}: the app's memory after the new titles ${Math.round(memory.rss / 2 ** 20)} MB (peak ${Math.round(memory.peak / 2 ** 20)} MB).`);
    // The same titles again, as a club's movie pages are visited: answers kept until the catalogue changes.
    const visited = tconsts.slice(0, KEPT_TITLES);
    for (const tconst of visited) await fetch(`${url}/api/recommendations/${tconst}`);
    let turn = 0;
    report(label, `${KEPT_TITLES} titles asked again`, imported, await load(url, child.pid!, () => visited[turn++ % visited.length]!));
  } finally {
    child.kill('SIGTERM');
  }
}

export async function benchRecommendations(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'movieclub-recommendations-bench-'));
  try {
    const files = { basics: path.join(dir, 'title.basics.tsv'), ratings: path.join(dir, 'title.ratings.tsv') };
    await generateBasics(files.basics, TITLES);
    await generateRatings(files.ratings, TITLES);
    console.log(
      `\nRecommendations on ${TITLES.toLocaleString('en')} generated titles, ${CONNECTIONS} connections for ${SECONDS} s each run: ` +
        `every call for a title not asked before (after ${WARMUP_SECONDS} s of them on a row of their own, a server just started), ` +
        `then ${KEPT_TITLES} club titles asked again.`,
    );
    console.log(`Load average before: ${os.loadavg().map((n) => n.toFixed(2)).join(' ')}`);
    console.log(`| Database | Index import | Calls | Count | Rate | p50 | p99 | App CPU per call | Unanswered in ${TIMEOUT_SECONDS} s |`);
    console.log('|---|---|---|---|---|---|---|---|---|');
    if (DATABASES.includes('sqlite')) await measure('SQLite', `sqlite:${path.join(dir, 'recommendations.db')}`, files, dir, {});
    if (DATABASES.includes('postgres')) {
      await withPostgresSchema((schema) => measure('PostgreSQL', POSTGRES_URL, files, dir, { DATABASE_SCHEMA: schema }, schema));
    }
    for (const line of memoryLines.splice(0)) console.log(line);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
