// Hot JSON calls under load, each as a ratio to its limit: the same bytes sent by a
// bare Fastify server from memory (bareServer.ts). The app and the bare server run
// in their own processes; autocannon loads them from this one, alternating A/B.
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { rawGet } from '../src/testing/rawGet';
import { cpuMs, MOVIES, type RecordedReply, REVIEWERS, seedClub, startAppProcess, startBareServer } from './club';
import { recordFigure, times, type Topic } from './summary';

const CONNECTIONS = 50;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);

interface Measured {
  rps: number;
  p50: number;
  p99: number;
  cpuMsPerRequest: number;
}

async function load(url: string, pid: number, headers: Record<string, string> = {}): Promise<Measured> {
  const cpuBefore = cpuMs(pid);
  const result = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS, headers });
  const cpu = cpuMs(pid) - cpuBefore;
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${url}: ${result.non2xx} non-2xx replies, ${result.errors} errors`);
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, cpuMsPerRequest: cpu / Math.max(1, result.requests.total) };
}

/** Where the bare server answers a call: compressed replies under their own path. */
const bareAddress = (address: string, accepted?: string) => (accepted ? `/compressed${address}` : address);

/** The ratio to the bare server each call's target asks for, by the start of its label. */
const TARGETS: [string, Topic, number][] = [
  ['Catalogue', 'Catalogue (GET /api/movies)', 0.5],
  ['Averages', 'Averages, reviews, public lists', 0.5],
  ['Recent reviewers', 'Averages, reviews, public lists', 0.5],
  ['Reviews', 'Averages, reviews, public lists', 0.5],
  ['Public lists', 'Averages, reviews, public lists', 0.5],
  ['Recommendations', 'Recommendations', 0.1],
  ['IMDb search', 'IMDb search (HTTP)', 0.1],
];

/** The call beside its topic in the summary: which of several calls, compressed or not, and on what index. */
function figureDetail(label: string, topic: Topic): string {
  if (topic === 'Averages, reviews, public lists') return label;
  const compressed = label.includes('compressed') ? 'compressed (as browsers ask)' : '';
  return topic === 'Recommendations' || topic === 'IMDb search (HTTP)' ? `the club's ${MOVIES.toLocaleString('en')} titles only` : compressed;
}

const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;

export async function benchHttp(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'movieclub-http-bench-'));
  const children: ChildProcess[] = [];
  try {
    const databaseUrl = `sqlite:${path.join(dir, 'club.db')}`;
    const { movieIds, tconsts } = await seedClub(databaseUrl);
    const { child: app, url: appUrl } = await startAppProcess(databaseUrl, dir);
    children.push(app);

    const ids = movieIds.slice(0, 10).join(',');
    // The third entry is an Accept-Encoding header (Chromium's); the bare server then sends the same compressed bytes.
    const calls: [string, string, string?][] = [
      ['Catalogue (GET /api/movies)', '/api/movies'],
      ['Catalogue, compressed (as browsers ask)', '/api/movies', 'gzip, deflate, br, zstd'],
      ['Averages of 10', `/api/review/averages?ids=${ids}`],
      ['Recent reviewers of 10', `/api/reviews/recent?ids=${ids}&limit=5`],
      ['Reviews of a movie', `/api/movies/${movieIds[3]}/reviews?limit=20`],
      ['Public lists', '/api/watchlists/public'],
      ['Public lists, compressed (as browsers ask)', '/api/watchlists/public', 'gzip, deflate, br, zstd'],
      ['Reviews of a movie, compressed (as browsers ask)', `/api/movies/${movieIds[3]}/reviews?limit=20`, 'gzip, deflate, br, zstd'],
      ['Recommendations', `/api/recommendations/${tconsts[5]}`],
      ['IMDb search', '/api/imdb/search?q=bench%20feat&limit=8'],
    ];
    // BENCH_HTTP_CALLS=averages,search runs only the calls whose label holds one of the words.
    const only = (process.env.BENCH_HTTP_CALLS ?? '').toLowerCase().split(',').filter(Boolean);
    if (only.length > 0) calls.splice(0, calls.length, ...calls.filter(([label]) => only.some((word) => label.toLowerCase().includes(word))));
    const recorded: Record<string, RecordedReply> = {};
    for (const [, address, accepted] of calls) {
      const reply = await rawGet(appUrl + address, { 'accept-encoding': accepted ?? 'identity' });
      const encoding = reply.headers['content-encoding'];
      if (reply.status !== 200 || (accepted === undefined && encoding !== undefined)) throw new Error(`${address} answered ${reply.status} (${encoding ?? 'identity'})`);
      recorded[bareAddress(address, accepted)] = { type: reply.headers['content-type'] ?? 'application/json', encoding, body: reply.body.toString('base64') };
    }
    const { child: bare, url: bareUrl } = await startBareServer(recorded, dir);
    children.push(bare);

    console.log(`\nHot calls: ${MOVIES.toLocaleString('en')} movies, ${REVIEWERS} members, ${CONNECTIONS} connections, ${SECONDS} s per run, A/B twice.`);
    console.log(`Load average before: ${os.loadavg().map((n) => n.toFixed(2)).join(' ')}`);
    console.log('| Call | Reply | App req/s | Bare req/s | Ratio | App p50 / p99 | App CPU per request |');
    console.log('|---|---|---|---|---|---|---|');
    for (const [label, address, accepted] of calls) {
      const headers: Record<string, string> = accepted ? { 'accept-encoding': accepted } : {};
      const appRuns: Measured[] = [];
      const bareRuns: Measured[] = [];
      for (let round = 0; round < 2; round++) {
        appRuns.push(await load(appUrl + address, app.pid!, headers));
        bareRuns.push(await load(bareUrl + bareAddress(address, accepted), bare.pid!));
      }
      const appRps = mean(appRuns.map((run) => run.rps));
      const bareRps = mean(bareRuns.map((run) => run.rps));
      const ratio = appRps / bareRps;
      const [, topic, least] = TARGETS.find(([start]) => label.startsWith(start))!;
      recordFigure({ topic, detail: figureDetail(label, topic), measured: `${times(ratio)} the bare server`, target: `≥ ${least} ×`, met: ratio >= least });
      const size = Buffer.from(recorded[bareAddress(address, accepted)].body, 'base64').length;
      console.log(
        `| ${label} | ${(size / 1024).toFixed(1)} KiB | ${appRps.toFixed(0)} | ${bareRps.toFixed(0)} | ${times(ratio)} | ` +
          `${mean(appRuns.map((run) => run.p50)).toFixed(0)} / ${mean(appRuns.map((run) => run.p99)).toFixed(0)} ms | ` +
          `${mean(appRuns.map((run) => run.cpuMsPerRequest)).toFixed(2)} ms |`,
      );
    }
    console.log(`Load average after: ${os.loadavg().map((n) => n.toFixed(2)).join(' ')}`);
  } finally {
    for (const child of children) child.kill('SIGTERM');
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
