// 200 signed-in members using the app at once for a minute: catalogue and list reads,
// reviews and watchlist writes, and sign-ins (password hashing), on SQLite and on
// PostgreSQL. Reports p50/p99 per kind of call, for the first seconds and the rest apart.
// The clients run in this process and share the machine's cores with the server: read the
// figures with the load average.
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { percentile, POSTGRES_URL, seedClub, startAppProcess, withPostgresSchema } from './club';
import { recordFigure } from './summary';

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 200);
const SECONDS = Number(process.env.BENCH_MIXED_SECONDS ?? 60);
/**
 * Calls begun in the first seconds are counted apart: the server has just started (its code not yet
 * compiled, its caches empty) and every member calls at once. Later, the members who are signing in
 * wait for their password's hash, which takes only the CPU the other calls leave (one in a hundred
 * calls, but on two cores most members are waiting for one at any moment), so fewer call at once.
 */
const WARMUP_SECONDS = Number(process.env.BENCH_MIXED_WARMUP_SECONDS ?? 10);
const PASSWORD = 'correct horse battery staple';
const P99_TARGET_MS = 300;
/**
 * The share of calls that are sign-ins (3 %), the rest reads and writes 70 : 27. Members waiting for
 * a sign-in's hash call nothing else, and how many wait changes from run to run; with
 * BENCH_MIXED_SIGN_INS=0 all 200 call all the time, so two versions of the app compare alike.
 */
const SIGN_IN_SHARE = Number(process.env.BENCH_MIXED_SIGN_INS ?? 0.03);
/** BENCH_MIXED_DATABASES=postgres (or sqlite) runs one database only. */
const DATABASES = (process.env.BENCH_MIXED_DATABASES ?? 'sqlite,postgres').split(',');

type Kind = 'read' | 'write' | 'login';

interface Member {
  username: string;
  cookie: string;
  /** The member's own connection, kept open as a browser keeps it. */
  agent: http.Agent;
}

interface Reply {
  ok: boolean;
  status: number;
  cookies: string[];
}

/** Agents for calls made before a member has one (registering). */
const sharedAgent = new http.Agent({ keepAlive: true });

/**
 * One call, its reply read to the end but not decompressed. Node's `http` rather than `fetch`:
 * the clients share the server's two cores, and `fetch` (WHATWG streams, decompressing every
 * reply) took twice the CPU for the same calls.
 */
function call(url: string, member: Pick<Member, 'cookie' | 'agent'> | null, method = 'GET', body?: unknown): Promise<Reply> {
  const target = new URL(url);
  const headers: Record<string, string> = { origin: target.origin, 'accept-encoding': 'gzip, deflate, br' };
  if (member?.cookie) headers.cookie = member.cookie;
  const payload = body === undefined ? undefined : JSON.stringify(body);
  if (payload !== undefined) headers['content-type'] = 'application/json';
  return new Promise((resolve, reject) => {
    const request = http.request(target, { method, headers, agent: member?.agent ?? sharedAgent }, (response) => {
      response.on('data', () => {});
      response.on('error', reject);
      response.on('end', () => {
        const status = response.statusCode ?? 0;
        const setCookie = response.headers['set-cookie'] ?? [];
        resolve({ ok: status >= 200 && status < 300, status, cookies: setCookie });
      });
    });
    request.on('error', reject);
    request.end(payload);
  });
}

async function signIn(base: string, username: string, agent = new http.Agent({ keepAlive: true, maxSockets: 1 })): Promise<Member> {
  const reply = await call(`${base}/api/login`, { cookie: '', agent }, 'POST', { username, password: PASSWORD });
  if (!reply.ok) throw new Error(`login ${username}: ${reply.status}`);
  return { username, agent, cookie: reply.cookies.map((cookie) => cookie.split(';')[0]).join('; ') };
}

/** CPU seconds each process has used so far, read from Linux's /proc (an empty map elsewhere). */
function cpuSecondsByPid(pids: number[]): Map<number, number> {
  const seconds = new Map<number, number>();
  for (const pid of pids) {
    try {
      // Fields after the command's closing parenthesis: utime and stime are the 12th and 13th, in clock ticks.
      const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
      seconds.set(pid, (Number(fields[11]) + Number(fields[12])) / 100);
    } catch {
      // Gone, or not Linux.
    }
  }
  return seconds;
}

/** The PostgreSQL server's processes on this machine (the bench's database is local). */
function postgresPids(): number[] {
  try {
    return fs.readdirSync('/proc').filter((name) => /^\d+$/.test(name) && readComm(name) === 'postgres').map(Number);
  } catch {
    return [];
  }
}

function readComm(pid: string): string {
  try {
    return fs.readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
  } catch {
    return '';
  }
}

/** CPU used between two readings by the processes present in both. */
function cpuBetween(before: Map<number, number>, after: Map<number, number>): number {
  let total = 0;
  for (const [pid, seconds] of after) if (before.has(pid)) total += seconds - before.get(pid)!;
  return total;
}

async function runClients(base: string, movieIds: number[], tconsts: string[], appPid: number) {
  // Members register and sign in before the clock starts, a few at a time.
  const members: Member[] = [];
  for (let start = 0; start < CLIENTS; start += 10) {
    const batch = Array.from({ length: Math.min(10, CLIENTS - start) }, (_, offset) => `mixed_${start + offset}`);
    members.push(
      ...(await Promise.all(
        batch.map(async (username) => {
          const registered = await call(`${base}/api/register`, null, 'POST', { username, password: PASSWORD });
          if (!registered.ok) throw new Error(`register ${username}: ${registered.status}`);
          return signIn(base, username);
        }),
      )),
    );
  }
  const timings: Record<Kind, number[]> = { read: [], write: [], login: [] };
  const warmup: Record<Kind, number[]> = { read: [], write: [], login: [] };
  /** Each call's times by its route (numbers and query left out), for the slowest calls' table. */
  const byRoute = new Map<string, number[]>();
  const failures: Record<Kind, number> = { read: 0, write: 0, login: 0 };
  const warmupFailures: Record<Kind, number> = { read: 0, write: 0, login: 0 };
  const pick = <T>(items: T[]) => items[Math.floor(Math.random() * items.length)];
  const ids = () => Array.from({ length: 10 }, () => pick(movieIds)).join(',');
  const reads = [
    () => '/api/movies',
    () => `/api/review/averages?ids=${ids()}`,
    () => `/api/reviews/recent?ids=${ids()}&limit=5`,
    () => `/api/movies/${pick(movieIds)}/reviews?limit=20`,
    () => '/api/watchlists/public',
    () => `/api/recommendations/${pick(tconsts)}`,
    () => `/api/imdb/search?q=${encodeURIComponent(`bench feature ${Math.floor(Math.random() * 100)}`)}&limit=8`,
    () => '/api/watchlists/mine',
  ];
  // Each member's connection is open before the clock starts, as a signed-in browser's is: opening
  // 200 at once under full load left a few requests unsent for the whole run (a p99 of 30 s that
  // the server never saw; its own times stayed under 2 s).
  await Promise.all(members.map((member) => call(`${base}/api/health`, member)));
  const warmupEnd = performance.now() + WARMUP_SECONDS * 1000;
  const deadline = warmupEnd + SECONDS * 1000;
  // The CPU the app and the database server use in the timed window, a figure the members waiting
  // for their sign-in's hash (how many varies between runs) do not move as they move the times.
  const readCpu = () => ({ app: cpuSecondsByPid([appPid]), database: cpuSecondsByPid(postgresPids()) });
  let cpuAtStart = readCpu();
  const startReading = setTimeout(() => (cpuAtStart = readCpu()), WARMUP_SECONDS * 1000);
  await Promise.all(
    members.map(async (member) => {
      while (performance.now() < deadline) {
        const kind: Kind = Math.random() < SIGN_IN_SHARE ? 'login' : Math.random() < 70 / 97 ? 'read' : 'write';
        const started = performance.now();
        let ok = true;
        let route = 'POST /api/login';
        try {
          if (kind === 'read') {
            const target = pick(reads)();
            route = `GET ${routeName(target)}`;
            ok = (await call(base + target, member)).ok;
          } else if (kind === 'login') Object.assign(member, await signIn(base, member.username, member.agent));
          else if (Math.random() < 0.5) {
            route = 'POST /api/review';
            ok = (await call(`${base}/api/review`, member, 'POST', { movie_id: pick(movieIds), stars: 1 + Math.floor(Math.random() * 10) })).ok;
          } else {
            route = 'POST /api/watchlists/mine/items';
            ok = (await call(`${base}/api/watchlists/mine/items`, member, 'POST', { movie_id: pick(movieIds) })).ok;
          }
        } catch {
          ok = false;
        }
        const took = performance.now() - started;
        if (started < warmupEnd) {
          if (!ok) warmupFailures[kind]++;
          warmup[kind].push(took);
          continue;
        }
        if (!ok) failures[kind]++;
        timings[kind].push(took);
        if (!byRoute.has(route)) byRoute.set(route, []);
        byRoute.get(route)!.push(took);
      }
    }),
  );
  const cpuAtEnd = readCpu();
  clearTimeout(startReading);
  for (const member of members) member.agent.destroy();
  const cpu = { app: cpuBetween(cpuAtStart.app, cpuAtEnd.app), database: cpuBetween(cpuAtStart.database, cpuAtEnd.database) };
  return { timings, warmup, failures, warmupFailures, byRoute, cpu };
}

const pct = (share: number) => `${Math.round(share * 100)}%`;

/** A call's route without its numbers, ids and query: `/api/movies/:id/reviews`. */
const routeName = (target: string) => target.split('?')[0].replace(/\/(tt)?\d+/g, '/:id');

/** Each run's calls by route, and its CPU a call, printed after the table. */
const routeTables: string[] = [];
const cpuLines: string[] = [];

async function measure(label: string, databaseUrl: string, dir: string, env: Record<string, string>, pgSchema?: string) {
  const { movieIds, tconsts } = await seedClub(databaseUrl, pgSchema);
  const { child, url } = await startAppProcess(databaseUrl, dir, {
    ...env,
    LOGIN_RATE_LIMIT_PER_MINUTE: '100000000',
    REGISTER_RATE_LIMIT_PER_HOUR: '100000000',
    SEARCH_RATE_LIMIT_PER_MINUTE: '100000000',
  });
  try {
    const { timings, warmup, failures, warmupFailures, byRoute, cpu } = await runClients(url, movieIds, tconsts, child.pid ?? 0);
    for (const kind of ['read', 'write'] as Kind[]) {
      const sorted = warmup[kind].sort((a, b) => a - b);
      console.log(
        `| ${label} | ${kind}s in the first ${WARMUP_SECONDS} s | ${sorted.length.toLocaleString('en')} | ${(sorted.length / WARMUP_SECONDS).toFixed(0)}/s | ` +
          `${percentile(sorted, 50).toFixed(0)} ms | ${percentile(sorted, 99).toFixed(0)} ms | ${warmupFailures[kind]} |`,
      );
    }
    // Members in a sign-in at an average moment (their time in sign-ins over the window's length):
    // they call nothing else meanwhile, so the more there are, the shorter the others' queues.
    const signingIn = timings.login.reduce((sum, took) => sum + took, 0) / (SECONDS * 1000);
    for (const kind of ['read', 'write', 'login'] as Kind[]) {
      const sorted = timings[kind].sort((a, b) => a - b);
      const p99 = percentile(sorted, 99);
      const target = kind === 'login' ? '' : ` (target p99 < ${P99_TARGET_MS} ms: ${p99 < P99_TARGET_MS ? 'met' : 'NOT met'})`;
      const detail = `${label}, ${CLIENTS} members, ${kind}s over the ${SECONDS} s after the first ${WARMUP_SECONDS}`;
      if (kind === 'login') recordFigure({ topic: 'Mixed load', detail, measured: `p50 ${percentile(sorted, 50).toFixed(0)} ms, p99 ${p99.toFixed(0)} ms; ${signingIn.toFixed(0)} members signing in on average`, target: 'never block other calls', met: null });
      else recordFigure({ topic: 'Mixed load', detail, measured: `p99 ${p99.toFixed(0)} ms`, target: `p99 < ${P99_TARGET_MS} ms`, met: p99 < P99_TARGET_MS });
      console.log(
        `| ${label} | ${kind}s | ${sorted.length.toLocaleString('en')} | ${(sorted.length / SECONDS).toFixed(0)}/s | ${percentile(sorted, 50).toFixed(0)} ms | ` +
          `${p99.toFixed(0)} ms${target} | ${failures[kind]} |`,
      );
    }
    const calls = timings.read.length + timings.write.length + timings.login.length;
    const waiting = `on average ${signingIn.toFixed(0)} of the ${CLIENTS} members were signing in`;
    if (calls > 0 && cpu.app > 0) {
      const database = label === 'PostgreSQL' ? `, the PostgreSQL server ${((cpu.database * 1000) / calls).toFixed(2)} ms` : '';
      cpuLines.push(`${label}: CPU a call over the ${SECONDS} s (sign-ins' hashes apart): the app ${((cpu.app * 1000) / calls).toFixed(2)} ms${database}; ${waiting}.`);
    } else cpuLines.push(`${label}: ${waiting}.`);
    routeTables.push(`${label}: ${[...byRoute].map(([route, times]) => {
      const sorted = times.sort((a, b) => a - b);
      return `${route} ${sorted.length.toLocaleString('en')} calls, p50 ${percentile(sorted, 50).toFixed(0)} ms, p99 ${percentile(sorted, 99).toFixed(0)} ms`;
    }).join('; ')}`);
  } finally {
    child.kill();
  }
}

export async function benchMixed(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'movieclub-mixed-bench-'));
  console.log(
    `\nMixed load: ${CLIENTS} signed-in members for ${WARMUP_SECONDS} + ${SECONDS} s each run (${pct((1 - SIGN_IN_SHARE) * (70 / 97))} reads, ${pct((1 - SIGN_IN_SHARE) * (27 / 97))} writes, ${pct(SIGN_IN_SHARE)} sign-ins), one app process; ` +
      `the first ${WARMUP_SECONDS} s (a server just started, every member calling) on rows of their own, the targets read over the ${SECONDS} s after.`,
  );
  console.log(`Load average before: ${os.loadavg().map((n) => n.toFixed(2)).join(' ')}`);
  console.log('| Database | Calls | Count | Rate | p50 | p99 | Failed |');
  console.log('|---|---|---|---|---|---|---|');
  try {
    if (DATABASES.includes('sqlite')) await measure('SQLite', `sqlite:${path.join(dir, 'mixed.db')}`, dir, {});
    if (DATABASES.includes('postgres')) await withPostgresSchema((schema) => measure('PostgreSQL', POSTGRES_URL, dir, { DATABASE_SCHEMA: schema }, schema));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  for (const line of [...cpuLines.splice(0), ...routeTables.splice(0)]) console.log(`\n${line}`);
}
