import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { startTestApp, TEST_DATABASES, type TestApp } from '../testing/testApp';

describe('SQLite locked by another connection', { skip: !TEST_DATABASES.includes('sqlite') }, () => {
  let site: TestApp;
  let other: SQLite.Database;
  before(async () => {
    site = await startTestApp('sqlite');
    const main = await sql<{ file: string }>`select file from pragma_database_list where name = 'main'`.execute(site.database.db);
    // Another process on the same file, as an import or a backup tool would be.
    other = new SQLite(main.rows[0].file);
  });
  after(async () => {
    other.close();
    await site.close();
  });

  it('answers 503 with a sentence and Retry-After when a write waits past its time, changes nothing, and serves once the lock is gone', async () => {
    const register = () => site.agent().post('/api/register', { username: 'Locked_Out_Lou', password: 'correct horse battery' });
    other.exec('begin immediate');
    let refused;
    try {
      refused = await register();
    } finally {
      other.exec('rollback');
    }
    assert.equal(refused.status, 503);
    assert.deepEqual(refused.body, { success: false, error: 'The database is busy with other work. Try again in a moment.', code: 'unavailable' });
    assert.equal(refused.headers.get('retry-after'), '5');
    // Nothing of the refused call was kept: the same name registers now.
    assert.equal((await register()).status, 200);
  });

  it('keeps serving while a write waits for the lock, and the write goes through once the lock is gone', async () => {
    other.exec('begin immediate');
    let waitingWrite: Promise<{ status: number }>;
    let settled = false;
    try {
      waitingWrite = site
        .agent()
        .post('/api/register', { username: 'Patient_Pat', password: 'correct horse battery' })
        .finally(() => (settled = true));
      await sleep(300);
      // SQLite's own wait would hold the event loop: nothing else would be answered until the write gave up.
      const docs = await site.agent().get('/api/openapi.json');
      assert.equal(docs.status, 200);
      assert.equal(settled, false, 'the write is still waiting for the lock');
    } finally {
      other.exec('rollback');
    }
    assert.equal((await waitingWrite).status, 200);
    const signIn = await site.agent().post('/api/login', { username: 'Patient_Pat', password: 'correct horse battery' });
    assert.equal(signIn.status, 200);
  });

  it('lends the connection to reads while a write outside a transaction waits for the lock', async () => {
    const { db } = site.database;
    await sql`create table if not exists lock_probe (n integer)`.execute(db);
    other.exec('begin immediate');
    let written = false;
    let waitingInsert: Promise<unknown>;
    try {
      waitingInsert = sql`insert into lock_probe (n) values (1)`.execute(db).then(() => (written = true));
      await sleep(50);
      const read = await sql<{ one: number }>`select 1 as one`.execute(db);
      assert.deepEqual(read.rows, [{ one: 1 }]);
      assert.equal(written, false, 'the insert is still waiting for the lock');
    } finally {
      other.exec('rollback');
    }
    await waitingInsert;
    const rows = await sql<{ n: number }>`select n from lock_probe`.execute(db);
    assert.deepEqual(rows.rows, [{ n: 1 }]);
  });
  it('lends the connection to reads while a transaction waits to begin, then writes all of it', async () => {
    const { db } = site.database;
    await sql`create table if not exists lock_probe_two (n integer)`.execute(db);
    other.exec('begin immediate');
    let committed = false;
    let waitingTransaction: Promise<unknown>;
    try {
      waitingTransaction = db
        .transaction()
        .execute(async (trx) => {
          await sql`insert into lock_probe_two (n) values (1)`.execute(trx);
          await sql`insert into lock_probe_two (n) values (2)`.execute(trx);
        })
        .then(() => (committed = true));
      await sleep(50);
      // Before, the transaction began at once and its first insert waited inside it, holding the connection: this read waited too.
      const read = await sql<{ one: number }>`select 1 as one`.execute(db);
      assert.deepEqual(read.rows, [{ one: 1 }]);
      assert.equal(committed, false, 'the transaction is still waiting for the lock');
    } finally {
      other.exec('rollback');
    }
    await waitingTransaction;
    const rows = await sql<{ n: number }>`select n from lock_probe_two order by n`.execute(db);
    assert.deepEqual(rows.rows, [{ n: 1 }, { n: 2 }]);
  });

  it('lets a transaction that reads, then writes, finish when another connection writes meanwhile', async () => {
    const { db } = site.database;
    await sql`create table if not exists lock_probe_three (n integer)`.execute(db);
    await sql`insert into lock_probe_three (n) values (1)`.execute(db);
    other.pragma('busy_timeout = 0');
    let otherWrite: unknown = null;
    await db.transaction().execute(async (trx) => {
      const before = await sql<{ total: number }>`select sum(n) as total from lock_probe_three`.execute(trx);
      // Another process writes between this transaction's read and its write.
      try {
        other.exec('insert into lock_probe_three (n) values (100)');
      } catch (error) {
        otherWrite = (error as { code?: string }).code;
      }
      await sql`insert into lock_probe_three (n) values (${before.rows[0].total + 1})`.execute(trx);
    });
    // The transaction held the write lock from its start: the other write was refused, not this one (SQLITE_BUSY_SNAPSHOT).
    assert.equal(otherWrite, 'SQLITE_BUSY');
    const rows = await sql<{ n: number }>`select n from lock_probe_three order by n`.execute(db);
    assert.deepEqual(rows.rows, [{ n: 1 }, { n: 2 }]);
  });
});
