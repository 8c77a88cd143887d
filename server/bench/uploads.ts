// Profile-picture uploads under load: a real server process on SQLite receives 48
// uploads at once of a 49-megapixel 16-bit PNG (under the 5 MB file limit), while a
// visitor keeps signing in. Reports the process's peak memory and the login times.
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import sharp from 'sharp';
import { REPO_ROOT } from '../src/config';
import { ApiAgent } from '../src/testing/client';
import { freePort } from '../src/testing/ports';

const PARALLEL_UPLOADS = 48;
const SIDE = 7000; // 49 megapixels, just under the 50-megapixel limit
// Unqueued, 16 such uploads took a process to 780 MB.
const PEAK_RSS_TARGET_MB = 600;
const PASSWORD = 'correct horse battery';

const mb = (bytes: number) => Math.round(bytes / 2 ** 20);

/** Resident and peak-resident memory of a process, from Linux's /proc. */
export function memoryOf(pid: number): { rss: number; peak: number } | null {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0) * 1024;
    return { rss: kb('VmRSS'), peak: kb('VmHWM') };
  } catch {
    return null;
  }
}


async function startServer(dir: string): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const emptySample = fs.mkdtempSync(path.join(dir, 'no-sample-'));
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(REPO_ROOT, 'server/src/main.ts')], {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: `sqlite:${path.join(dir, 'uploads-bench.db')}`,
      UPLOADS_DIR: path.join(dir, 'uploads'),
      IMDB_SAMPLE_DIR: emptySample,
      WEB_DIST: '/nonexistent',
      LOG_LEVEL: 'error',
      REDIS_URL: '',
      // One account sends every upload; the per-account limit is not what is measured here.
      PICTURE_UPLOAD_RATE_LIMIT_PER_HOUR: '100000',
      LOGIN_RATE_LIMIT_PER_MINUTE: '100000',
    },
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error('the server process exited while starting');
    if (await fetch(`${url}/api/health`).then((reply) => reply.ok, () => false)) return { url, child };
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  child.kill('SIGKILL');
  throw new Error('the server process did not start');
}

async function largePng(): Promise<Buffer> {
  // Flat colour with a few blocks: it compresses under the file limit yet decodes to 294 MB of 16-bit pixels.
  const block = await sharp({ create: { width: 1500, height: 1500, channels: 3, background: '#30c060' } }).png().toBuffer();
  return sharp({ create: { width: SIDE, height: SIDE, channels: 3, background: { r: 200, g: 40, b: 90 } } })
    .composite([0, 1, 2, 3].map((index) => ({ input: block, left: 500 + index * 1600, top: 400 + index * 1500 })))
    .toColourspace('rgb16')
    .png({ compressionLevel: 9 })
    .toBuffer();
}

export async function benchUploads(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'movieclub-upload-bench-'));
  let child: ChildProcess | undefined;
  try {
    const t = performance.now();
    const picture = await largePng();
    console.log(
      `Uploads: generated a ${SIDE}×${SIDE} 16-bit PNG of ${(picture.length / 2 ** 20).toFixed(1)} MiB in ${((performance.now() - t) / 1000).toFixed(1)} s`,
    );
    const server = await startServer(dir);
    child = server.child;
    const pid = child.pid!;
    const uploader = new ApiAgent(server.url);
    await uploader.post('/api/register', { username: 'uploader', password: PASSWORD });
    await uploader.post('/api/login', { username: 'uploader', password: PASSWORD });
    await new ApiAgent(server.url).post('/api/register', { username: 'visitor', password: PASSWORD });

    const login = async () => {
      const started = performance.now();
      await new ApiAgent(server.url).post('/api/login', { username: 'visitor', password: PASSWORD });
      return performance.now() - started;
    };
    const quiet: number[] = [];
    for (let index = 0; index < 5; index++) quiet.push(await login());
    const before = memoryOf(pid);

    let sampledPeak = 0;
    const sampler = setInterval(() => (sampledPeak = Math.max(sampledPeak, memoryOf(pid)?.rss ?? 0)), 20);
    const started = performance.now();
    let uploading = true;
    const uploads = Promise.all(
      Array.from({ length: PARALLEL_UPLOADS }, () => {
        const body = new FormData();
        body.append('picture', new Blob([picture], { type: 'image/png' }), 'large.png');
        return uploader.post('/api/users/me/picture', body).then((reply) => reply.status);
      }),
    ).finally(() => (uploading = false));
    const busy: number[] = [];
    while (uploading) busy.push(await login());
    const statuses = await uploads;
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    const after = memoryOf(pid);

    const counts = new Map<number, number>();
    for (const status of statuses) counts.set(status, (counts.get(status) ?? 0) + 1);
    // VmHWM also covers the start-up; the sampled figure is the burst alone (it may miss a short spike).
    const peak = Math.max(sampledPeak, after?.peak ?? 0);
    const f = (ms: number) => `${ms.toFixed(0)} ms`;
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
    console.log(
      `Uploads: ${PARALLEL_UPLOADS} at once took ${seconds.toFixed(1)} s; replies ${[...counts].map(([status, n]) => `${n}× ${status}`).join(', ')}`,
    );
    console.log(
      `Uploads: server memory ${mb(before?.rss ?? 0)} MB before, ${mb(sampledPeak)} MB at most while sampled, peak ${mb(peak)} MB ` +
        `(target ≤ ${PEAK_RSS_TARGET_MB} MB: ${mb(peak) <= PEAK_RSS_TARGET_MB ? 'met' : 'NOT met'})`,
    );
    console.log(
      `Uploads: sign-in took ${f(median(quiet))} (median) when quiet; during the uploads median ${f(median(busy))}, ` +
        `slowest ${f(Math.max(0, ...busy))} over ${busy.length} sign-ins`,
    );
  } finally {
    child?.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 300));
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
