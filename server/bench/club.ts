// A club for the benchmarks: catalogue movies with their index titles, members,
// reviews and public lists written straight to the database; and the app and helper
// servers started as their own processes, as in production.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { REPO_ROOT } from '../src/config';
import { openDatabase } from '../src/db/database';
import { migrateToLatest } from '../src/db/migrate';
import { addImdbTitle, addMovie, addReview } from '../src/testing/factories';
import { freePort } from '../src/testing/ports';

export const MOVIES = Number(process.env.BENCH_MOVIES ?? 1000);
export const REVIEWERS = 60;
const GENRES = ['Drama', 'Comedy', 'Horror', 'Action', 'Thriller', 'Romance', 'Sci-Fi', 'Crime', 'Animation', 'Documentary'];

/** CPU time (user + system) a process has used, in milliseconds, from Linux's /proc. */
export function cpuMs(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]);
  return (ticks * 1000) / 100; // USER_HZ is 100 on Linux
}

export async function waitFor(url: string, child: ChildProcess) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the process for ${url} exited while starting`);
    if (await fetch(url).then((reply) => reply.status < 500, () => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} did not start`);
}

export function spawnTs(script: string, args: string[], env: Record<string, string>): ChildProcess {
  // BENCH_APP_NODE_ARGS (say `--cpu-prof --cpu-prof-dir=/tmp/prof`) profiles the app under load.
  const nodeArgs = process.env.BENCH_APP_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  return spawn(process.execPath, [...nodeArgs, '--import', 'tsx', script, ...args], {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, NODE_ENV: 'production', ...env },
  });
}

/** A club of MOVIES catalogue movies (with their index titles), REVIEWERS members, reviews and public lists. */
export async function seedClub(databaseUrl: string, pgSchema?: string): Promise<{ movieIds: number[]; tconsts: string[] }> {
  const database = openDatabase(databaseUrl, { pgSchema });
  await migrateToLatest(database);
  const db = database.db;
  const now = new Date().toISOString();
  const userIds: number[] = [];
  for (let index = 0; index < REVIEWERS; index++) {
    const username = `bench_member_${index}`;
    const row = await db
      .insertInto('users')
      .values({ username, username_lower: username, password_hash: 'x', profile_picture: null, created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    userIds.push(row.id);
  }
  const movieIds: number[] = [];
  const tconsts: string[] = [];
  for (let index = 0; index < MOVIES; index++) {
    const tconst = `tt${String(5_000_000 + index).padStart(7, '0')}`;
    const genres = [GENRES[index % GENRES.length], GENRES[(index * 7) % GENRES.length]].join(',');
    const year = 1950 + (index % 75);
    await addImdbTitle(db, { tconst, primary_title: `Bench Feature ${index}`, genres, start_year: year, num_votes: 1000 + index * 37 });
    const plot = 'A long plot that every catalogue call sends. '.repeat(6);
    const movie = await addMovie(db, { tconst, title: `Bench Feature ${index}`, year, genres, plot, imdb_rating: 5 + (index % 50) / 10 });
    movieIds.push(movie.id);
    tconsts.push(tconst);
  }
  await db.transaction().execute(async (trx) => {
    for (const [userIndex, userId] of userIds.entries()) {
      for (let index = userIndex % 7; index < MOVIES; index += 7) {
        await addReview(trx, { user_id: userId, movie_id: movieIds[index], stars: 1 + ((index + userIndex) % 10), text: 'Fine.' });
      }
    }
  });
  for (let index = 0; index < 40; index++) {
    const list = await db
      .insertInto('watchlists')
      .values({ owner_id: userIds[index % REVIEWERS], name: `Bench list ${index}`, is_personal: 0, secret: null, description: '', created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (let item = 0; item < 20; item++) {
      await db
        .insertInto('watchlist_items')
        .values({ watchlist_id: list.id, movie_id: movieIds[(index * 20 + item) % MOVIES], position: item, added_by: userIds[0], added_at: now })
        .execute();
    }
  }
  await database.close();
  return { movieIds, tconsts };
}


/** The app as its own production process over the given database; resolves once it answers. */
export async function startAppProcess(databaseUrl: string, dir: string, env: Record<string, string> = {}) {
  const port = await freePort();
  const child = spawnTs('server/src/main.ts', [], {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATABASE_URL: databaseUrl,
    UPLOADS_DIR: `${dir}/uploads`,
    WEB_DIST: '/nonexistent',
    LOG_LEVEL: 'error',
    REDIS_URL: '',
    SEARCH_RATE_LIMIT_PER_MINUTE: '100000000',
    ...env,
  });
  const url = `http://127.0.0.1:${port}`;
  await waitFor(`${url}/api/health`, child);
  return { child, url };
}

/** A reply as the bare server sends it (bareServer.ts): its type, its encoding if compressed, its bytes in base64. */
export interface RecordedReply {
  type: string;
  encoding?: string;
  body: string;
}

/** Starts the bare server (bareServer.ts) answering each address with its recorded reply. */
export async function startBareServer(replies: Record<string, RecordedReply>, dir: string) {
  const repliesFile = `${dir}/replies-${randomBytes(4).toString('hex')}.json`;
  fs.writeFileSync(repliesFile, JSON.stringify(replies));
  const port = await freePort();
  const child = spawnTs('server/bench/bareServer.ts', [repliesFile], { PORT: String(port) });
  const url = `http://127.0.0.1:${port}`;
  await waitFor(`${url}${Object.keys(replies)[0]}`, child).catch((error: unknown) => {
    child.kill('SIGTERM');
    throw error;
  });
  return { child, url };
}

export const POSTGRES_URL = process.env.BENCH_POSTGRES_URL ?? process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** Runs `work` in a new PostgreSQL schema dropped afterwards; says so and skips when PostgreSQL is away. */
export async function withPostgresSchema(work: (schema: string) => Promise<void>): Promise<void> {
  const schema = `bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: POSTGRES_URL });
  try {
    await admin.connect();
  } catch (error) {
    console.log(`PostgreSQL: skipped (${error instanceof Error ? error.message : error})`);
    return;
  }
  try {
    await admin.query(`create schema ${schema}`);
    await work(schema);
  } finally {
    await admin.query(`drop schema if exists ${schema} cascade`);
    await admin.end();
  }
}

/** The p-th percentile of sorted figures (nearest rank). */
export const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? NaN;

/**
 * Times `requests` calls one after another, after `warmUp` untimed ones; `before` runs untimed
 * ahead of each timed call. Returns the times in ms, sorted.
 */
export async function timeCalls(call: (index: number) => Promise<void>, options: { warmUp: number; requests: number; before?: (index: number) => Promise<void> }): Promise<number[]> {
  for (let index = 0; index < options.warmUp; index++) await call(index);
  const times: number[] = [];
  for (let index = 0; index < options.requests; index++) {
    await options.before?.(index);
    const started = performance.now();
    await call(index);
    times.push(performance.now() - started);
  }
  return times.sort((a, b) => a - b);
}
