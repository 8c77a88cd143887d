import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AppDatabase } from '../../server/src/db/database';
import { ApiAgent } from '../../server/src/testing/client';
import { freePort } from '../../server/src/testing/ports';
import { createTestDatabase, TEST_POSTGRES_URL } from '../../server/src/testing/testApp';

const here = path.dirname(fileURLToPath(import.meta.url));
const REPO = path.resolve(here, '../..');
const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';
const REDIS_SERVER = process.env.REDIS_SERVER_PATH ?? 'redis-server';

export async function waitFor(check: () => Promise<boolean>, what: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`Timed out waiting for ${what}.`);
}

const healthy = (url: string) => async () => (await fetch(`${url}/api/health`)).ok;

/** The shipped deploy/nginx.conf with this run's ports, wrapped in a standalone nginx.conf. */
function nginxConfig(workDir: string, listenPort: number, appPorts: number[]): string {
  const site = fs
    .readFileSync(path.join(REPO, 'deploy', 'nginx.conf'), 'utf8')
    .replace(/^\s*server 127\.0\.0\.1:\d+.*\n/gm, '')
    .replace(/upstream movieclub \{\n/, (head) => head + appPorts.map((port) => `    server 127.0.0.1:${port} max_fails=1 fail_timeout=5s;\n`).join(''))
    .replace(/listen 80;/, `listen 127.0.0.1:${listenPort};`);
  return standaloneNginx(workDir, site);
}

/** A whole nginx.conf for a test's own nginx, kept under `workDir`, around the `http` block's contents. */
export function standaloneNginx(workDir: string, http: string): string {
  const runningAsRoot = process.getuid?.() === 0;
  return `${runningAsRoot ? 'user root;\n' : ''}worker_processes 1;
pid ${workDir}/nginx.pid;
error_log ${workDir}/error.log warn;
events { worker_connections 512; }
http {
  access_log off;
  client_body_temp_path ${workDir}/body;
  proxy_temp_path ${workDir}/proxy;
  fastcgi_temp_path ${workDir}/fastcgi;
  uwsgi_temp_path ${workDir}/uwsgi;
  scgi_temp_path ${workDir}/scgi;
${http}
}
`;
}

export interface Cluster {
  /** The nginx address every browser uses. */
  url: string;
  kind: 'postgres';
  database: AppDatabase;
  agent(): ApiAgent;
  /** Direct addresses of the app processes, behind nginx. */
  processUrls: string[];
  killProcess(index: number): void;
  /** Stops a process as a shutdown does (SIGTERM: it closes its sockets cleanly) and waits for it to exit. */
  stopProcess(index: number): Promise<void>;
  restartProcess(index: number): Promise<void>;
  restartRedis(): Promise<void>;
  close(): Promise<void>;
}

/**
 * The production shape on one machine: N app processes on one PostgreSQL
 * schema and a private Redis, behind nginx configured from deploy/nginx.conf.
 */
export async function startCluster(options: {
  processes?: number;
  webDist: string;
  /** Extra settings for every app process, e.g. a low login limit. */
  env?: Record<string, string>;
}): Promise<Cluster> {
  const count = options.processes ?? 2;
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'movieclub-cluster-'));
  const uploadsDir = path.join(workDir, 'uploads');
  const testDatabase = await createTestDatabase('postgres');
  const redisPort = await freePort();
  const children: Array<ChildProcess | null> = [];
  let redis: ChildProcess | null = null;
  let nginx: ChildProcess | null = null;

  const startRedis = async () => {
    redis = spawn(REDIS_SERVER, ['--port', String(redisPort), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
      stdio: 'ignore',
    });
    await waitFor(
      () =>
        new Promise((resolve) => {
          const socket = net.connect(redisPort, '127.0.0.1', () => {
            socket.end();
            resolve(true);
          });
          socket.on('error', () => resolve(false));
        }),
      'Redis',
    );
  };
  await startRedis();

  const appPorts = await Promise.all(Array.from({ length: count }, () => freePort()));
  const startProcess = (index: number) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(REPO, 'server/src/main.ts')], {
      cwd: REPO,
      stdio: ['ignore', 'ignore', 'inherit'],
      env: {
        ...process.env,
        PORT: String(appPorts[index]),
        HOST: '127.0.0.1',
        DATABASE_URL: TEST_POSTGRES_URL,
        DATABASE_SCHEMA: testDatabase.pgSchema,
        REDIS_URL: `redis://127.0.0.1:${redisPort}`,
        WEB_DIST: options.webDist,
        UPLOADS_DIR: uploadsDir,
        TRUST_PROXY: 'true',
        LOG_LEVEL: 'error',
        LOGIN_RATE_LIMIT_PER_MINUTE: '1000',
        REGISTER_RATE_LIMIT_PER_HOUR: '1000',
        // Three servers, a browser and PostgreSQL share two cores: a search read may outlast the default budget.
        SEARCH_TIME_BUDGET_MS: '2000',
        ...options.env,
      },
    });
    children[index] = child;
    return waitFor(healthy(`http://127.0.0.1:${appPorts[index]}`), `app process ${index + 1}`);
  };
  // Started together on purpose: migrations and the sample load must be safe when processes race.
  await Promise.all(appPorts.map((_, index) => startProcess(index)));

  const listenPort = await freePort();
  const configFile = path.join(workDir, 'nginx.conf');
  fs.writeFileSync(configFile, nginxConfig(workDir, listenPort, appPorts));
  nginx = spawn(NGINX, ['-c', configFile, '-p', workDir, '-g', 'daemon off;'], { stdio: ['ignore', 'ignore', 'inherit'] });
  const url = `http://127.0.0.1:${listenPort}`;
  await waitFor(healthy(url), 'nginx');

  return {
    url,
    kind: 'postgres',
    database: testDatabase.database,
    agent: () => new ApiAgent(url),
    processUrls: appPorts.map((port) => `http://127.0.0.1:${port}`),
    killProcess(index) {
      children[index]?.kill('SIGKILL');
      children[index] = null;
    },
    async stopProcess(index) {
      const child = children[index];
      children[index] = null;
      if (!child || child.exitCode !== null || child.signalCode !== null) return;
      await new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      });
    },
    restartProcess: (index) => startProcess(index),
    async restartRedis() {
      const old = redis;
      await new Promise<void>((resolve) => {
        old?.once('exit', () => resolve());
        old?.kill('SIGKILL');
      });
      await startRedis();
    },
    async close() {
      nginx?.kill('SIGTERM');
      for (const child of children) child?.kill('SIGTERM');
      redis?.kill('SIGTERM');
      await new Promise((resolve) => setTimeout(resolve, 300));
      await testDatabase.drop();
      fs.rmSync(workDir, { recursive: true, force: true });
    },
  };
}
