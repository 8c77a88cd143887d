// Club insights on a club of 200 members, 20,000 movies, 200,000 reviews and 200,000 viewings
// (BENCH_INSIGHT_* change the size), on SQLite and then PostgreSQL: each statistic's latency
// through a production process, one request at a time, against the 100 ms p95 target. Club
// statistics are kept per database version, so they are measured twice: as most calls find
// them (kept), and as the first call after a write finds them (computed afresh).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { openDatabase } from '../src/db/database';
import { migrateToLatest } from '../src/db/migrate';
import { percentile, POSTGRES_URL, startAppProcess, timeCalls, withPostgresSchema } from './club';
import { CLUB_SIZE, type SeededClub, seedInsightsClub } from './insightsClub';

const REQUESTS = Number(process.env.BENCH_INSIGHT_REQUESTS ?? 200);
/** Fresh computations are slow by nature; fewer of them. */
const FRESH_REQUESTS = Number(process.env.BENCH_INSIGHT_FRESH_REQUESTS ?? 30);
const WARM_UP = 10;
const P95_TARGET_MS = 100;


interface Route {
  label: string;
  /** The address of the i-th request: the calls spread over members, years, movies and lists. */
  address(index: number): string;
  /** Runs before each timed request (a write that makes club statistics stale). */
  before?(index: number): Promise<void>;
  requests: number;
}

async function timeRoute(base: string, route: Route): Promise<number[]> {
  const call = async (index: number) => {
    const reply = await fetch(base + route.address(index));
    if (!reply.ok) throw new Error(`${route.address(index)} answered ${reply.status}: ${await reply.text()}`);
    await reply.arrayBuffer();
  };
  return timeCalls(call, { warmUp: WARM_UP, requests: route.requests, before: route.before });
}

async function measure(label: string, databaseUrl: string, env: Record<string, string>, pgSchema: string | undefined, dir: string): Promise<void> {
  const database = openDatabase(databaseUrl, { pgSchema });
  try {
    await migrateToLatest(database);
    const seeding = performance.now();
    const club: SeededClub = await seedInsightsClub(database.db);
    console.log(`  ${label}: seeded in ${((performance.now() - seeding) / 1000).toFixed(1)} s`);

    const emptySample = fs.mkdtempSync(path.join(dir, 'no-sample-'));
    const { child, url } = await startAppProcess(databaseUrl, dir, { ...env, IMDB_SAMPLE_DIR: emptySample });
    try {
      const { usernames, movieIds, listIds } = club;
      const member = (index: number) => usernames[(index * 37) % usernames.length];
      const year = (index: number) => 2014 + (index % 12);
      // A write the statistics read: one review's stars change, as a member editing it would.
      const someWrite = async (index: number) => {
        await sql`update reviews set stars = ${1 + (index % 10)} where id = ${1 + ((index * 7919) % CLUB_SIZE.reviews)}`.execute(database.db);
      };
      const routes: Route[] = [
        { label: "A member's statistics, all time", address: (i) => `/api/users/${member(i)}/stats`, requests: REQUESTS },
        { label: "A member's statistics, one year", address: (i) => `/api/users/${member(i)}/stats?year=${year(i)}`, requests: REQUESTS },
        { label: 'Club statistics, all time (kept)', address: () => '/api/club/stats', requests: REQUESTS },
        { label: 'Club statistics, one year (kept)', address: (i) => `/api/club/stats?year=${year(i)}`, requests: REQUESTS },
        { label: 'Club statistics, all time (after a write)', address: () => '/api/club/stats', before: someWrite, requests: FRESH_REQUESTS },
        { label: 'Club statistics, one year (after a write)', address: (i) => `/api/club/stats?year=${year(i)}`, before: someWrite, requests: FRESH_REQUESTS },
        { label: 'Taste match', address: (i) => `/api/users/${member(i)}/taste/${member(i + 1)}`, requests: REQUESTS },
        // The most-rated movies have the most viewers to sort out.
        { label: 'Who has seen a movie', address: (i) => `/api/movies/${movieIds[(i * 13) % 500]}/seen-by`, requests: REQUESTS },
        { label: `Who has seen a list's movies (${CLUB_SIZE.listItems} items)`, address: (i) => `/api/watchlists/${listIds[i % listIds.length]}/seen-by`, requests: REQUESTS },
      ];
      console.log(`  ${label}: load average before ${os.loadavg().map((n) => n.toFixed(2)).join(' ')}`);
      console.log(`  | ${label} | Requests | p50 | p95 | max | p95 ≤ ${P95_TARGET_MS} ms |`);
      console.log('  |---|---|---|---|---|---|');
      for (const route of routes) {
        const times = await timeRoute(url, route);
        const p95 = percentile(times, 95);
        const ms = (value: number) => `${value.toFixed(1)} ms`;
        console.log(
          `  | ${route.label} | ${times.length} | ${ms(percentile(times, 50))} | ${ms(p95)} | ${ms(times[times.length - 1])} | ${p95 <= P95_TARGET_MS ? 'met' : 'NOT met'} |`,
        );
      }
    } finally {
      child.kill('SIGTERM');
    }
  } finally {
    await database.close();
  }
}

export async function benchInsights(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'movieclub-insights-bench-'));
  try {
    const { members, movies, reviews, viewings } = CLUB_SIZE;
    const n = (value: number) => value.toLocaleString('en');
    console.log(`\nClub insights: ${n(members)} members, ${n(movies)} movies, ${n(reviews)} reviews, ${n(viewings)} viewings; one client, one production process.`);
    await measure('SQLite', `sqlite:${path.join(dir, 'insights-bench.db')}`, {}, undefined, dir);
    await withPostgresSchema((schema) => measure('PostgreSQL', POSTGRES_URL, { DATABASE_SCHEMA: schema }, schema, dir));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
