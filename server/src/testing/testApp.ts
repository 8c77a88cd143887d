import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../app';
import { type Config, loadConfig } from '../config';
import { type AppDatabase, type DatabaseKind, type OpenOptions, openDatabase } from '../db/database';
import type { RateLimits } from '../http/rateLimits';
import { ApiAgent } from './client';

export const TEST_POSTGRES_URL = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** Both databases unless TEST_DATABASES narrows it (e.g. `sqlite` while iterating locally). */
export const TEST_DATABASES: DatabaseKind[] = (process.env.TEST_DATABASES ?? 'sqlite,postgres')
  .split(',')
  .map((kind) => kind.trim())
  .filter((kind): kind is DatabaseKind => kind === 'sqlite' || kind === 'postgres');

export interface TestDatabase {
  database: AppDatabase;
  /** The address a second process would use to reach the same data. */
  url: string;
  pgSchema?: string;
  drop(): Promise<void>;
}

async function withAdminClient<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: TEST_POSTGRES_URL });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** A fresh, empty database: a temporary SQLite file, or a new PostgreSQL schema. */
export async function createTestDatabase(kind: DatabaseKind, options: Pick<OpenOptions, 'statementTimeoutMs'> = {}): Promise<TestDatabase> {
  if (kind === 'sqlite') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'movieclub-test-'));
    const url = `sqlite:${path.join(dir, 'app.db')}`;
    const database = openDatabase(url);
    return {
      database,
      url,
      async drop() {
        await database.close();
        fs.rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const schema = `movieclub_test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  await withAdminClient(async (client) => {
    // Extensions live once per database, in public; create them before any test schema can.
    try {
      await client.query('create extension if not exists pg_trgm with schema public');
    } catch {
      // Another test process created it at the same moment.
    }
    await client.query(`create schema ${schema}`);
  });
  const database = openDatabase(TEST_POSTGRES_URL, { pgSchema: schema, pgPoolSize: 5, ...options });
  return {
    database,
    url: TEST_POSTGRES_URL,
    pgSchema: schema,
    async drop() {
      await database.close();
      await withAdminClient((client) => client.query(`drop schema if exists ${schema} cascade`));
    },
  };
}

/** Settings a test changes; named limits not given keep the test defaults. */
export type TestConfigOverrides = Partial<Omit<Config, 'rateLimits'>> & { rateLimits?: Partial<RateLimits> };

/**
 * Tests check what a search finds; on a busy test machine a read may outlast the default budget
 * (then the answer is partial, by design), so they give it time: through the app, and when they call
 * the search directly.
 */
export const TEST_SEARCH_BUDGET_MS = 2000;

export function testConfig(overrides: TestConfigOverrides = {}): Config {
  const uploadsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'movieclub-uploads-'));
  const defaults = loadConfig({});
  return {
    ...defaults,
    logLevel: process.env.TEST_LOG_LEVEL ?? 'silent',
    webDist: null,
    uploadsDir,
    omdbApiKey: null,
    tmdbApiKey: null,
    searchTimeBudgetMs: TEST_SEARCH_BUDGET_MS,
    // Off unless a test asks: its reads would run beside every test's own.
    warmUpMovies: 0,
    ...overrides,
    rateLimits: { ...defaults.rateLimits, login: 1000, register: 1000, importUpload: 1000, ...overrides.rateLimits },
  };
}

export interface TestApp {
  app: FastifyInstance;
  /** http://127.0.0.1:<port> */
  url: string;
  kind: DatabaseKind;
  database: AppDatabase;
  /** A fresh cookie jar talking to this app. */
  agent(): ApiAgent;
  /**
   * Closes the app as a shutdown would, runs `whileDown` (if given) while nothing
   * listens, then starts it again on the same port over the same database.
   */
  restart(whileDown?: () => Promise<void>): Promise<void>;
  close(): Promise<void>;
}

export interface TestAppOptions {
  config?: TestConfigOverrides;
  loadImdbSample?: boolean;
  /** PostgreSQL: the app's limit for a statement and an idle transaction (the app's own is APP_STATEMENT_TIMEOUT_MS). */
  statementTimeoutMs?: number;
}

/** A real app on a real port over a fresh database of the given kind. */
export async function startTestApp(kind: DatabaseKind, options: TestAppOptions = {}): Promise<TestApp> {
  const testDatabase = await createTestDatabase(kind, { statementTimeoutMs: options.statementTimeoutMs });
  const config = testConfig(options.config);
  const build = () => buildApp(config, { database: testDatabase.database, loadImdbSample: options.loadImdbSample ?? false });
  let app = await build();
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const url = `http://127.0.0.1:${port}`;
  return {
    get app() {
      return app;
    },
    url,
    kind,
    database: testDatabase.database,
    agent: () => new ApiAgent(url),
    async restart(whileDown) {
      await app.close();
      try {
        await whileDown?.();
      } finally {
        app = await build();
        await app.listen({ port, host: '127.0.0.1' });
      }
    },
    async close() {
      await app.close();
      await testDatabase.drop();
      fs.rmSync(config.uploadsDir, { recursive: true, force: true });
    },
  };
}
