import { type ChildProcess, spawn, spawnSync, type SpawnSyncReturns } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before } from 'node:test';
import type { Socket } from 'socket.io-client';
import { REPO_ROOT } from '../config';
import { freePort } from './ports';
import { ApiAgent } from './client';
import { createTestDatabase, TEST_POSTGRES_URL, type TestDatabase } from './testApp';

export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  output(): string;
}

/** `server/src/main.ts` run to its end, for starts that must stop: its exit status and what it printed. */
export function runServerToExit(env: NodeJS.ProcessEnv): SpawnSyncReturns<string> {
  return spawnSync(process.execPath, ['--import', 'tsx', path.join(REPO_ROOT, 'server/src/main.ts')], {
    cwd: REPO_ROOT,
    env: { ...process.env, PORT: '0', ...env },
    encoding: 'utf8',
    timeout: 60_000,
  });
}

/** A real `server/src/main.ts` process, as production runs it, once it answers its health check. */
export async function startServerProcess(env: NodeJS.ProcessEnv): Promise<ServerProcess> {
  const port = await freePort();
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(REPO_ROOT, 'server/src/main.ts')], {
    cwd: REPO_ROOT,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', NODE_ENV: 'production' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server process exited early:\n${output}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) return { url, child, output: () => output };
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  child.kill('SIGKILL');
  throw new Error(`server process did not start:\n${output}`);
}

/** Stops a process as a deployment would (SIGTERM), killing it if it has not exited within 10 s. */
export async function stopServerProcess(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

/** The environment of a production process on a test schema of PostgreSQL and Redis, without the client or the IMDb sample. */
export function clusterEnv(pgSchema: string | undefined, emptyDir: string, extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  return {
    DATABASE_URL: TEST_POSTGRES_URL,
    DATABASE_SCHEMA: pgSchema,
    REDIS_URL: TEST_REDIS_URL,
    // Its own channels, so other runs on the same Redis cannot reach these processes.
    REDIS_KEY_PREFIX: `test-${pgSchema}`,
    WEB_DIST: '/nonexistent',
    IMDB_SAMPLE_DIR: emptyDir,
    LOG_LEVEL: 'warn',
    SESSION_SECRET: `cluster-test-${pgSchema}`,
    ...extra,
  };
}

/** Signs a new member up and in through a process; their agent keeps the session cookie. */
export async function signUpOn(baseUrl: string, username: string): Promise<{ agent: ApiAgent; id: number }> {
  const agent = new ApiAgent(baseUrl);
  await agent.post('/api/register', { username, password: 'correct horse battery' });
  const login = await agent.post('/api/login', { username, password: 'correct horse battery' });
  if (login.status !== 200) throw new Error(`login failed: ${JSON.stringify(login.body)}`);
  return { agent, id: login.body.user.id as number };
}

export interface TwoProcesses {
  database: TestDatabase;
  a: ServerProcess;
  b: ServerProcess;
  /** Sockets to close when the processes stop. */
  sockets: Socket[];
}

/**
 * Two production processes on one fresh PostgreSQL schema and Redis, for the describe
 * block that calls it: started before its tests, stopped (with its sockets) after them.
 */
export function twoServerProcesses(name: string, extraEnv: NodeJS.ProcessEnv = {}): TwoProcesses {
  const state = { sockets: [] } as unknown as TwoProcesses;
  let emptyDir = '';
  const children: ChildProcess[] = [];
  before(async () => {
    state.database = await createTestDatabase('postgres');
    emptyDir = fs.mkdtempSync(path.join(os.tmpdir(), `${name}-no-sample-`));
    const env = clusterEnv(state.database.pgSchema, emptyDir, extraEnv);
    state.a = await startServerProcess(env);
    children.push(state.a.child);
    state.b = await startServerProcess(env);
    children.push(state.b.child);
  });
  after(async () => {
    for (const socket of state.sockets) socket.disconnect();
    await Promise.all(children.map(stopServerProcess));
    await state.database?.drop();
    if (emptyDir) fs.rmSync(emptyDir, { recursive: true, force: true });
  });
  return state;
}
