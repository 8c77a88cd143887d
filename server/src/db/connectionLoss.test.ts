import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import pg from 'pg';
import { buildApp } from '../app';
import { ApiAgent } from '../testing/client';
import { createUser } from '../testing/factories';
import { postgresProxy } from '../testing/postgresProxy';
import {
  createTestDatabase,
  startTestApp,
  TEST_DATABASES,
  TEST_POSTGRES_URL,
  testConfig,
  type TestApp,
  type TestDatabase,
} from '../testing/testApp';
import { type AppDatabase, openDatabase } from './database';

describe('PostgreSQL ending the app’s connections', { skip: !TEST_DATABASES.includes('postgres') }, () => {
  let site: TestApp;
  before(async () => {
    site = await startTestApp('postgres');
  });
  after(() => site.close());

  /** The server processes behind the pool's connections, several held at once so each is a different one. */
  async function poolProcesses(): Promise<number[]> {
    const rows = await Promise.all(
      Array.from({ length: 4 }, async () => (await sql<{ pid: number }>`select pg_backend_pid() as pid, pg_sleep(0.05)`.execute(site.database.db)).rows[0].pid),
    );
    return [...new Set(rows)];
  }

  async function terminate(pids: number[]) {
    const admin = new pg.Client({ connectionString: TEST_POSTGRES_URL });
    await admin.connect();
    try {
      await admin.query('select pg_terminate_backend(pid) from unnest($1::int[]) as pid', [pids]);
    } finally {
      await admin.end();
    }
  }

  it('keeps serving after the server ends its idle connections, as a restart of PostgreSQL does, and reports each', async () => {
    const member = await createUser(site, 'Restart_Rita');
    const lost: Error[] = [];
    const stop = site.database.onConnectionLost((error) => lost.push(error));
    try {
      const pids = await poolProcesses();
      assert.ok(pids.length >= 2, `several connections held (${pids.length})`);
      await terminate(pids);
      for (let waited = 0; lost.length < pids.length && waited < 5000; waited += 20) await new Promise((resolve) => setTimeout(resolve, 20));
      assert.equal(lost.length, pids.length);
      assert.match(lost[0].message, /terminat/);

      // Reads and writes go on over new connections, none of them one the server ended.
      const movies = await site.agent().get('/api/movies');
      assert.equal(movies.status, 200);
      const created = await member.agent.post('/api/watchlists/public', { name: 'After the restart' });
      assert.equal(created.status, 200, JSON.stringify(created.body));
      assert.equal((await poolProcesses()).some((pid) => pids.includes(pid)), false);
    } finally {
      stop();
    }
  });

  it('fails only the call whose connection the server ends mid-read, and the next calls are answered', async () => {
    const lost: Error[] = [];
    const stop = site.database.onConnectionLost((error) => lost.push(error));
    try {
      const read = site.database.db.connection().execute((connection) => sql`select pg_terminate_backend(pg_backend_pid())`.execute(connection));
      await assert.rejects(read, (error: { code?: string }) => error.code === '57P01');
      const answers = await Promise.all(Array.from({ length: 8 }, async () => (await site.agent().get('/api/movies')).status));
      assert.deepEqual(answers, Array.from({ length: 8 }, () => 200));
    } finally {
      stop();
    }
  });
});

describe('PostgreSQL going away and coming back', { skip: !TEST_DATABASES.includes('postgres') }, () => {
  let testDatabase: TestDatabase;
  let proxy: Awaited<ReturnType<typeof postgresProxy>>;
  let database: AppDatabase;
  let app: FastifyInstance;
  let url: string;

  before(async () => {
    testDatabase = await createTestDatabase('postgres');
    proxy = await postgresProxy();
    await proxy.open();
    // The app reaches the database only through the proxy, which the test closes as a server stopping would.
    database = openDatabase(proxy.url, { pgSchema: testDatabase.pgSchema, pgPoolSize: 3 });
    app = await buildApp(testConfig(), { database, loadImdbSample: false });
    await app.listen({ port: 0, host: '127.0.0.1' });
    url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  });
  after(async () => {
    await app.close();
    await proxy.close();
    await database.close();
    await testDatabase.drop();
  });

  const register = (username: string) => new ApiAgent(url).post('/api/register', { username, password: 'correct horse battery' });

  it('answers 503 with a sentence and Retry-After while it is away, and serves again once it is back', async () => {
    assert.equal((await register('Before_Bea')).status, 200);

    await proxy.close();
    const refused = await register('During_Dan');
    assert.equal(refused.status, 503);
    assert.deepEqual(refused.body, { success: false, error: 'The database is not answering. Try again in a moment.', code: 'unavailable' });
    assert.equal(refused.headers.get('retry-after'), '5');
    assert.equal((await new ApiAgent(url).get('/api/health')).status, 503);

    await proxy.open();
    assert.equal((await register('During_Dan')).status, 200);
    assert.equal((await new ApiAgent(url).get('/api/health')).status, 200);
  });
});
