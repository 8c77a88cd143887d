// The activity feed on the insights benchmark's club (200 members, 20,000 movies, 200,000 reviews
// and 200,000 viewings; BENCH_INSIGHT_* change the size), on SQLite and then PostgreSQL: the first
// page and a page deep in the club's history, through a production process, one request at a time.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { FEED_PAGE_MAX } from '@movieclub/contract';
import { openDatabase } from '../src/db/database';
import { migrateToLatest } from '../src/db/migrate';
import { encodeCursor } from '../src/feed/service';
import { percentile, POSTGRES_URL, startAppProcess, timeCalls, withPostgresSchema } from './club';
import { CLUB_SIZE, seedInsightsClub } from './insightsClub';

const REQUESTS = Number(process.env.BENCH_FEED_REQUESTS ?? 200);
const WARM_UP = 10;
const P95_TARGET_MS = 50;


async function time(base: string, address: (index: number) => string): Promise<number[]> {
  const call = async (index: number) => {
    const reply = await fetch(base + address(index));
    if (!reply.ok) throw new Error(`${address(index)} answered ${reply.status}: ${await reply.text()}`);
    const body = (await reply.json()) as { events: unknown[] };
    if (body.events.length === 0) throw new Error(`${address(index)} answered no events`);
  };
  return timeCalls(call, { warmUp: WARM_UP, requests: REQUESTS });
}

async function measure(label: string, databaseUrl: string, env: Record<string, string>, pgSchema: string | undefined, dir: string): Promise<void> {
  const database = openDatabase(databaseUrl, { pgSchema });
  try {
    await migrateToLatest(database);
    const seeding = performance.now();
    await seedInsightsClub(database.db);
    console.log(`  ${label}: seeded in ${((performance.now() - seeding) / 1000).toFixed(1)} s`);
    const emptySample = fs.mkdtempSync(path.join(dir, 'no-sample-'));
    const { child, url } = await startAppProcess(databaseUrl, dir, { ...env, IMDB_SAMPLE_DIR: emptySample });
    try {
      // Deep pages: cursors spread over the club's middle years, as a reader far down the feed holds.
      const deep = (index: number) => {
        const at = new Date(Date.UTC(2016, 0, 1) + ((index * 7_919) % 3_000) * 86_400_000).toISOString();
        return encodeCursor({ at, kind: 'review', id1: 1, id2: 0 });
      };
      const routes: [string, (index: number) => string][] = [
        ['First page (30)', () => '/api/feed'],
        [`First page (${FEED_PAGE_MAX})`, () => `/api/feed?limit=${FEED_PAGE_MAX}`],
        ['Deep page (30)', (index) => `/api/feed?before=${deep(index)}`],
        [`Deep page (${FEED_PAGE_MAX})`, (index) => `/api/feed?limit=${FEED_PAGE_MAX}&before=${deep(index)}`],
      ];
      console.log(`  | ${label} | Requests | p50 | p95 | max | p95 ≤ ${P95_TARGET_MS} ms |`);
      console.log('  |---|---|---|---|---|---|');
      for (const [name, address] of routes) {
        const times = await time(url, address);
        const p95 = percentile(times, 95);
        const ms = (value: number) => `${value.toFixed(1)} ms`;
        console.log(`  | ${name} | ${times.length} | ${ms(percentile(times, 50))} | ${ms(p95)} | ${ms(times[times.length - 1])} | ${p95 <= P95_TARGET_MS ? 'met' : 'NOT met'} |`);
      }
    } finally {
      child.kill('SIGTERM');
    }
  } finally {
    await database.close();
  }
}

export async function benchFeed(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'movieclub-feed-bench-'));
  try {
    const n = (value: number) => value.toLocaleString('en');
    console.log(`\nActivity feed: ${n(CLUB_SIZE.members)} members, ${n(CLUB_SIZE.movies)} movies, ${n(CLUB_SIZE.reviews)} reviews, ${n(CLUB_SIZE.viewings)} viewings; one client, one production process.`);
    await measure('SQLite', `sqlite:${path.join(dir, 'feed-bench.db')}`, {}, undefined, dir);
    await withPostgresSchema((schema) => measure('PostgreSQL', POSTGRES_URL, { DATABASE_SCHEMA: schema }, schema, dir));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
