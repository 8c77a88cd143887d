// Recommendations on a full-size IMDb index (BENCH_TITLES generated titles, 1,000,000 by
// default; IMDb has 12.8 M): the bench club's catalogue beside the generated index, then 50
// connections asking for a different title on every call, so each answer is computed (only
// the index's rows it reads are kept between calls), and then for the same club titles again,
// whose answers are kept; on SQLite and PostgreSQL. The first seconds of new titles are counted
// apart: a server just started has read none of the genre lists the later calls share.
// Then typical IMDb searches over HTTP, each query asked once while there are new ones. Both
// computed answers are compared with the bare server sending one of them (bareServer.ts).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import { openDatabase } from '../src/db/database';
import { migrateToLatest } from '../src/db/migrate';
import { importImdbFiles } from '../src/imdb/importer';
import { type RawReply, rawGet } from '../src/testing/rawGet';
import { cpuMs, POSTGRES_URL, type RecordedReply, seedClub, startAppProcess, startBareServer, withPostgresSchema } from './club';
import { generateBasics, generateRatings, typicalQueries } from './generate';
import { recordFigure, times } from './summary';
import { memoryOf } from './uploads';

const TITLES = Number(process.env.BENCH_TITLES ?? 1_000_000);
const CONNECTIONS = 50;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
/** New titles asked in a run of their own before the measured one: the genre lists are read then. */
const WARMUP_SECONDS = Number(process.env.BENCH_RECOMMENDATIONS_WARMUP_SECONDS ?? 10);
const P99_TARGET_MS = 100;
/** The least share of the bare server's rate a computed answer's calls should reach. */
const RATIO_TARGET = 0.1;
/** A call unanswered this long is counted as such (autocannon's own default). */
const TIMEOUT_SECONDS = 10;
/** Club titles asked again in the second run, each computed once before it. */
const KEPT_TITLES = 200;
/** `sqlite,postgres` by default. */
const DATABASES = (process.env.BENCH_RECOMMENDATIONS_DATABASES ?? 'sqlite,postgres').split(',');

interface Files {
  basics: string;
  ratings: string;
  /** Typical searches, each once (generate.ts). */
  queries: string[];
}

/** The club's own titles first, then generated ones, so every call asks for a title not asked before. */
function* titlesToAsk(clubTconsts: string[]): Generator<string> {
  yield* clubTconsts;
  // Spread over the whole index: neighbouring tconsts share nothing in the generated files.
  for (let step = 0; ; step++) yield `tt${String(1 + ((step * 7_919) % TITLES)).padStart(8, '0')}`;
}

async function load(url: string, pid: number, nextTitle: () => string, seconds = SECONDS) {
  return loadPaths(url, pid, () => `/api/recommendations/${nextTitle()}`, seconds);
}

/** 50 connections for `seconds`, each call to the next path. */
async function loadPaths(url: string, pid: number, nextPath: () => string, seconds = SECONDS) {
  const cpuBefore = cpuMs(pid);
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: seconds,
    timeout: TIMEOUT_SECONDS,
    requests: [{ setupRequest: (request) => ({ ...request, path: nextPath() }) }],
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

/** Typical searches over HTTP, each query asked once while there are new ones (searches' answers are kept). */
async function measureSearch(label: string, url: string, pid: number, queries: string[], imported: number, dir: string) {
  let asked = 0;
  const searched = await loadPaths(url, pid, () => `/api/imdb/search?q=${encodeURIComponent(queries[asked++ % queries.length]!)}&limit=8`);
  const repeated = Math.max(0, asked - queries.length);
  report(label, `typical searches (${queries.length.toLocaleString('en')} distinct; ${repeated.toLocaleString('en')} calls repeated one)`, imported, searched, false);
  const where = `${label}, ${TITLES.toLocaleString('en')} titles, typical queries, ${CONNECTIONS} connections`;
  // The longest of a few replies stands for them: a typo may find nothing, and an empty reply costs the bare server less.
  const samples = await Promise.all(queries.slice(0, 10).map((query) => rawGet(`${url}/api/imdb/search?q=${encodeURIComponent(query)}&limit=8`, { 'accept-encoding': 'identity' })));
  const longest = samples.reduce((best, reply) => (reply.body.length > best.body.length ? reply : best));
  await compareWithBare(where, 'IMDb search (HTTP)', searched.result.requests.average, longest, '/api/imdb/search', dir);
}

/** Records `rate` as a share of the bare server's, sending `reply` (one of the app's) from memory at `address`. */
async function compareWithBare(where: string, topic: 'Recommendations' | 'IMDb search (HTTP)', rate: number, reply: RawReply, address: string, dir: string) {
  if (reply.status !== 200) throw new Error(`${address}: a sample reply answered ${reply.status}`);
  const recorded: RecordedReply = { type: reply.headers['content-type'] ?? 'application/json', body: reply.body.toString('base64') };
  const { child, url } = await startBareServer({ [address]: recorded }, dir);
  try {
    const bare = await loadPaths(url, child.pid!, () => address);
    const ratio = rate / bare.result.requests.average;
    console.log(`| ${where.split(',')[0]} | | the bare server sending one of these replies (${(reply.body.length / 1024).toFixed(1)} KiB) | ${bare.result.requests.total.toLocaleString('en')} | ${bare.result.requests.average.toFixed(0)}/s | ${bare.result.latency.p50} ms | ${bare.result.latency.p99} ms | | |`);
    recordFigure({ topic, detail: where, measured: `${times(ratio)} the bare server (${rate.toFixed(0)}/s against ${bare.result.requests.average.toFixed(0)}/s)`, target: `≥ ${RATIO_TARGET} ×`, met: ratio >= RATIO_TARGET });
  } finally {
    child.kill('SIGTERM');
  }
}

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
    const computed = await load(url, child.pid!, nextTitle);
    report(label, 'each call a new title', imported, computed);
    const { p99 } = computed.result.latency;
    const where = `${label}, ${TITLES.toLocaleString('en')} titles, each call a new title, ${CONNECTIONS} connections`;
    recordFigure({ topic: 'Recommendations', detail: where, measured: `p99 ${p99} ms`, target: `p99 < ${P99_TARGET_MS} ms`, met: p99 < P99_TARGET_MS });
    const sample = await rawGet(`${url}/api/recommendations/${nextTitle()}`, { 'accept-encoding': 'identity' });
    await compareWithBare(where, 'Recommendations', computed.result.requests.average, sample, '/api/recommendations/tt0000001', dir);
    // What the kept lists and facts cost: printed under the table.
    const memory = memoryOf(child.pid!);
    if (memory) memoryLines.push(`${label}: the app's memory after the new titles ${Math.round(memory.rss / 2 ** 20)} MB (peak ${Math.round(memory.peak / 2 ** 20)} MB).`);
    // The same titles again, as a club's movie pages are visited: answers kept until the catalogue changes.
    const visited = tconsts.slice(0, KEPT_TITLES);
    for (const tconst of visited) await fetch(`${url}/api/recommendations/${tconst}`);
    let turn = 0;
    report(label, `${KEPT_TITLES} titles asked again`, imported, await load(url, child.pid!, () => visited[turn++ % visited.length]!));
    await measureSearch(label, url, child.pid!, files.queries, imported, dir);
  } finally {
    child.kill('SIGTERM');
  }
}

export async function benchRecommendations(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'movieclub-recommendations-bench-'));
  try {
    const basics = path.join(dir, 'title.basics.tsv');
    const titles = await generateBasics(basics, TITLES);
    const files: Files = { basics, ratings: path.join(dir, 'title.ratings.tsv'), queries: [...new Set(typicalQueries(titles, 100_000))] };
    await generateRatings(files.ratings, TITLES);
    console.log(
      `\nRecommendations on ${TITLES.toLocaleString('en')} generated titles, ${CONNECTIONS} connections for ${SECONDS} s each run: ` +
        `every call for a title not asked before (after ${WARMUP_SECONDS} s of them on a row of their own, a server just started), ` +
        `then ${KEPT_TITLES} club titles asked again, then typical IMDb searches; each computed answer's rate against the bare server's sending one of them.`,
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
