import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'kysely';
import pg from 'pg';
import { startTestApp, TEST_DATABASES, TEST_POSTGRES_URL, type TestApp } from '../testing/testApp';
import { withoutTimeouts } from './database';
import { MIGRATION_LOCK_KEY, migrateToLatest } from './migrate';

/** The app's limit in these tests, in place of its own minute. */
const LIMIT_MS = 400;

describe('PostgreSQL statements and transactions stuck past the app’s limit', { skip: !TEST_DATABASES.includes('postgres') }, () => {
  let site: TestApp;
  let other: pg.Client;
  before(async () => {
    site = await startTestApp('postgres', { statementTimeoutMs: LIMIT_MS });
    // Another process on the same schema, as a second app process, a migration or an administrator's session would be.
    other = new pg.Client({ connectionString: TEST_POSTGRES_URL, options: `-c search_path=${site.database.pgSchema},public` });
    await other.connect();
  });
  after(async () => {
    await other.end();
    await site.close();
  });

  it('answers 503 with a sentence when a call waits past the limit for a lock another session keeps, keeps nothing, and serves once it is gone', async () => {
    const register = () => site.agent().post('/api/register', { username: 'Blocked_Bea', password: 'correct horse battery' });
    await other.query('begin');
    await other.query('lock table users in access exclusive mode');
    let refused;
    try {
      // Without the limit the call would wait for as long as the lock is kept.
      refused = await Promise.race([register(), sleep(LIMIT_MS * 5).then(() => null)]);
    } finally {
      await other.query('rollback');
    }
    assert.ok(refused, 'the call answered while the lock was kept');
    assert.equal(refused.status, 503);
    assert.deepEqual(refused.body, { success: false, error: 'The database is busy with other work. Try again in a moment.', code: 'unavailable' });
    assert.equal(refused.headers.get('retry-after'), '5');
    // Nothing of the refused call was kept, and the app answers again.
    assert.equal((await register()).status, 200);
    assert.equal((await site.agent().post('/api/login', { username: 'Blocked_Bea', password: 'correct horse battery' })).status, 200);
  });

  it('ends a transaction left idle past the limit, and the pool lends only working connections after', async () => {
    const { db } = site.database;
    await assert.rejects(
      db.transaction().execute(async (trx) => {
        await sql`select 1`.execute(trx);
        await sleep(LIMIT_MS * 3);
        await sql`select 1`.execute(trx);
      }),
    );
    for (let call = 0; call < 6; call++) assert.deepEqual((await sql<{ one: number }>`select 1 as one`.execute(db)).rows, [{ one: 1 }]);
  });

  it('runs start-up work without the limit (waiting for another process’s migration), and gives the connection its limit back', async () => {
    const { db } = site.database;
    await other.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    const migrated = migrateToLatest(site.database);
    await sleep(LIMIT_MS * 2);
    await other.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    await migrated;
    await db.connection().execute(async (connection) => {
      await withoutTimeouts(connection, () => sql`select pg_sleep(${(LIMIT_MS * 2) / 1000})`.execute(connection));
      const shown = await sql<{ statement_timeout: string }>`show statement_timeout`.execute(connection);
      assert.equal(shown.rows[0].statement_timeout, `${LIMIT_MS}ms`);
      await assert.rejects(sql`select pg_sleep(${(LIMIT_MS * 2) / 1000})`.execute(connection), { code: '57014' });
    });
  });
});
