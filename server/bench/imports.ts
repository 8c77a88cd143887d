// A member imports a 20,000-row Letterboxd diary into a production process (SQLite, then PostgreSQL) whose
// IMDb index holds generated titles: rows per second while reading and matching, and while
// applying; the process's peak memory; and how long a health check waits meanwhile.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { openDatabase } from '../src/db/database';
import { migrateToLatest } from '../src/db/migrate';
import { importImdbFiles } from '../src/imdb/importer';
import { fileForm } from '../src/imports/testing';
import { ApiAgent } from '../src/testing/client';
import { POSTGRES_URL, startAppProcess, withPostgresSchema } from './club';
import { generateBasics, generateRatings } from './generate';
import { memoryOf } from './uploads';

const DIARY_ROWS = Number(process.env.BENCH_DIARY_ROWS ?? 20_000);
const INDEX_TITLES = Number(process.env.BENCH_IMPORT_TITLES ?? 200_000);
/** Distinct films in the diary: most are logged a few times, as in a real one. */
const DIARY_FILMS = Math.round(DIARY_ROWS / 4);

const mb = (bytes: number) => Math.round(bytes / 2 ** 20);
const csvField = (text: string) => (/[",\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text);

/** Feature films of the generated index, with their years, read back from the file. */
function filmsOf(basicsFile: string, count: number): { title: string; year: number }[] {
  const films: { title: string; year: number }[] = [];
  for (const line of fs.readFileSync(basicsFile, 'utf8').split('\n').slice(1)) {
    const [, type, title, , , year] = line.split('\t');
    if (type === 'movie' && title && year) films.push({ title, year: Number(year) });
    if (films.length >= count) break;
  }
  return films;
}

function letterboxdDiary(films: { title: string; year: number }[], rows: number): string {
  const lines = ['Date,Name,Year,Letterboxd URI,Rating,Rewatch,Tags,Watched Date'];
  for (let i = 0; i < rows; i++) {
    const film = films[(i * 7919) % films.length]!;
    const day = new Date(Date.UTC(2012, 0, 1) + i * 17_280_000).toISOString().slice(0, 10);
    const rating = ((i % 10) + 1) / 2;
    lines.push([day, csvField(film.title), film.year, `https://boxd.it/${i.toString(36)}`, rating, i % 5 === 0 ? 'Yes' : '', '', day].join(','));
  }
  return `${lines.join('\n')}\n`;
}

async function until(agent: ApiAgent, id: number, statuses: string[]) {
  for (;;) {
    const job = (await agent.get(`/api/imports/${id}`)).body.import;
    if (statuses.includes(job.status)) return job;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export async function benchImports(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'movieclub-import-bench-'));
  try {
    const basics = path.join(dir, 'title.basics.tsv');
    const ratings = path.join(dir, 'title.ratings.tsv');
    await generateBasics(basics, INDEX_TITLES);
    await generateRatings(ratings, INDEX_TITLES);
    const diary = letterboxdDiary(filmsOf(basics, DIARY_FILMS), DIARY_ROWS);
    console.log(`\nImport of a Letterboxd diary (${DIARY_ROWS.toLocaleString('en')} rows, ${mb(Buffer.byteLength(diary))} MB) against ${INDEX_TITLES.toLocaleString('en')} generated titles, one process:`);
    await measure('SQLite', `sqlite:${path.join(dir, 'imports-bench.db')}`, {}, undefined, { dir, basics, ratings, diary });
    await withPostgresSchema((schema) => measure('PostgreSQL', POSTGRES_URL, { DATABASE_SCHEMA: schema }, schema, { dir, basics, ratings, diary }));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

async function measure(
  label: string,
  databaseUrl: string,
  env: Record<string, string>,
  pgSchema: string | undefined,
  files: { dir: string; basics: string; ratings: string; diary: string },
): Promise<void> {
  const { dir, diary } = files;
  const database = openDatabase(databaseUrl, { pgSchema });
  await migrateToLatest(database);
  await importImdbFiles(database.db, [files.basics, files.ratings]);
  await database.close();

  const emptySample = fs.mkdtempSync(path.join(dir, 'no-sample-'));
  const { child, url } = await startAppProcess(databaseUrl, dir, { ...env, IMDB_SAMPLE_DIR: emptySample, IMPORT_UPLOAD_RATE_LIMIT_PER_HOUR: '1000' });
  try {
    const agent = new ApiAgent(url);
    await agent.post('/api/register', { username: 'bench_importer', password: 'correct horse battery' });
    await agent.post('/api/login', { username: 'bench_importer', password: 'correct horse battery' });
    const pid = child.pid!;
    let peak = 0;
    const waits: number[] = [];
    const sampler = setInterval(() => (peak = Math.max(peak, memoryOf(pid)?.rss ?? 0)), 20);
    let probing = true;
    const probe = (async () => {
      while (probing) {
        const t = performance.now();
        await fetch(`${url}/api/health`).then((reply) => reply.arrayBuffer());
        waits.push(performance.now() - t);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    })();

    const t0 = performance.now();
    const uploaded = await agent.post('/api/imports', fileForm(diary, 'diary.csv'));
    if (uploaded.status !== 200) throw new Error(`upload failed: ${JSON.stringify(uploaded.body)}`);
    const ready = await until(agent, uploaded.body.import.id, ['ready', 'failed']);
    const t1 = performance.now();
    if (ready.status !== 'ready') throw new Error(`reading failed: ${ready.error}`);
    await agent.post(`/api/imports/${ready.id}/confirm`);
    const done = await until(agent, ready.id, ['done', 'ready']);
    const t2 = performance.now();
    probing = false;
    await probe;
    clearInterval(sampler);

    waits.sort((a, b) => a - b);
    const at = (q: number) => waits[Math.min(waits.length - 1, Math.floor(q * waits.length))]!.toFixed(0);
    console.log(`  ${label}: read and matched in ${((t1 - t0) / 1000).toFixed(1)} s = ${Math.round(DIARY_ROWS / ((t1 - t0) / 1000)).toLocaleString('en')} rows/s (matched ${ready.counts.matched}, ambiguous ${ready.counts.ambiguous}, unmatched ${ready.counts.unmatched}); applied in ${((t2 - t1) / 1000).toFixed(1)} s = ${Math.round(DIARY_ROWS / ((t2 - t1) / 1000)).toLocaleString('en')} rows/s (${JSON.stringify(done.result?.added)})`);
    console.log(`  ${label}: server peak memory (resident) ${mb(peak)} MB; a health check meanwhile p50 ${at(0.5)} ms, p99 ${at(0.99)} ms, max ${at(1)} ms (${waits.length} checks)`);
  } finally {
    child.kill('SIGTERM');
  }
}
