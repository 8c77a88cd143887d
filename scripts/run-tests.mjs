#!/usr/bin/env node
// Runs the unit/integration tests (`unit`), the browser tests (`e2e`: one process
// on SQLite), or the browser tests again through nginx against two processes on
// PostgreSQL and Redis (`e2e-cluster`), with node's test runner and tsx.
// Extra arguments narrow the files by substring.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const [suite = 'unit', ...filters] = process.argv.slice(2);
const browser = suite === 'e2e' || suite === 'e2e-cluster';
const roots = browser ? ['e2e'] : ['contract/src', 'server/src', 'web/src'];
const pattern = browser ? /\.spec\.ts$/ : /\.test\.tsx?$/;
// cluster.spec.ts starts its own cluster; the cluster run repeats the others through one.
const skip = suite === 'e2e-cluster' ? /cluster\.spec\.ts$/ : null;

function walk(dir) {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.name === 'node_modules' || entry.name === 'dist') return [];
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? walk(full) : pattern.test(entry.name) ? [full] : [];
  });
}

const files = roots
  .flatMap(walk)
  .filter((file) => !skip?.test(file) && filters.every((filter) => file.includes(filter)))
  .sort();
if (files.length === 0) {
  console.error(`No ${suite} test files found.`);
  process.exit(1);
}
const concurrency = browser ? '1' : '2';
const result = spawnSync(
  process.execPath,
  ['--import', 'tsx', '--test', `--test-concurrency=${concurrency}`, '--test-reporter=spec', ...files],
  { stdio: 'inherit', env: { ...process.env, NODE_ENV: 'test', ...(suite === 'e2e-cluster' ? { E2E_TARGET: 'cluster' } : {}) } },
);
process.exit(result.status ?? 1);
