#!/usr/bin/env node
// Starts several app processes for a reverse proxy to balance (see deploy/nginx.conf):
// ports BASE_PORT, BASE_PORT+1, … on one PostgreSQL (DATABASE_URL) and one Redis
// (REDIS_URL). A process that exits unexpectedly is restarted after a second.
// Usage: npm run start:cluster [-- --workers 2 --base-port 3001 --no-build]
import { spawn, spawnSync } from 'node:child_process';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: {
    workers: { type: 'string', default: process.env.WORKERS ?? '2' },
    'base-port': { type: 'string', default: process.env.BASE_PORT ?? '3001' },
    'no-build': { type: 'boolean', default: false },
  },
});
const workers = Number(values.workers);
const basePort = Number(values['base-port']);
if (!Number.isInteger(workers) || workers < 1 || !Number.isInteger(basePort)) {
  console.error('--workers and --base-port take whole numbers.');
  process.exit(2);
}
if (!/^postgres(ql)?:\/\//.test(process.env.DATABASE_URL ?? '')) {
  console.error('Several processes need a shared database: set DATABASE_URL=postgres://…');
  process.exit(2);
}
if (!process.env.REDIS_URL) {
  console.error('Several processes need Redis to share realtime rooms: set REDIS_URL=redis://…');
  process.exit(2);
}
if (!values['no-build']) {
  const build = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

let stopping = false;
const children = new Map();

function start(index) {
  const port = basePort + index;
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    stdio: 'inherit',
    env: { ...process.env, PORT: String(port) },
  });
  children.set(index, child);
  child.on('exit', (code, signal) => {
    children.delete(index);
    if (stopping) return;
    console.error(`worker on port ${port} exited (${signal ?? code}); restarting in 1 s`);
    setTimeout(() => start(index), 1000);
  });
}

for (let index = 0; index < workers; index++) start(index);

const stop = () => {
  stopping = true;
  for (const child of children.values()) child.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
