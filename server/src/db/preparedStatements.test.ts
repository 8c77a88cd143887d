import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { createTestDatabase, TEST_DATABASES, type TestDatabase } from '../testing/testApp';
import { postgresPoolOf } from './database';
import { migrateToLatest } from './migrate';

describe('statements kept prepared on PostgreSQL connections', { skip: !TEST_DATABASES.includes('postgres') && 'PostgreSQL not in TEST_DATABASES' }, () => {
  let testDatabase: TestDatabase;
  before(async () => {
    testDatabase = await createTestDatabase('postgres');
    await migrateToLatest(testDatabase.database);
  });
  after(() => testDatabase.drop());

  it("parses an app statement once per connection, and answers each call with that call's values", async () => {
    const { db } = testDatabase.database;
    await db.insertInto('app_meta').values([{ key: 'prepared_a', value: 'one' }, { key: 'prepared_b', value: 'two' }]).execute();
    await db.connection().execute(async (connection) => {
      const read = (key: string) => connection.selectFrom('app_meta').select('value').where('key', '=', key).executeTakeFirst();
      assert.deepEqual(await read('prepared_a'), { value: 'one' });
      assert.deepEqual(await read('prepared_b'), { value: 'two' });
      assert.equal(await read('prepared_missing'), undefined);
      const prepared = await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(connection);
      const reads = prepared.rows.filter((row) => row.statement.startsWith('select "value" from "app_meta"'));
      assert.equal(reads.length, 1, 'one statement for the three reads');
    });
  });

  it('keeps a connection and its prepared statements through a quiet spell longer than the driver would (10 s)', async () => {
    const { db } = testDatabase.database;
    const read = () => db.connection().execute(async (connection) => {
      await connection.selectFrom('app_meta').select('value').where('key', '=', 'quiet').executeTakeFirst();
      const prepared = await sql<{ n: number }>`select count(*) as n from pg_prepared_statements where statement like 'select "value" from "app_meta"%'`.execute(connection);
      return { backend: (await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(connection)).rows[0].pid, prepared: prepared.rows[0].n };
    });
    const first = await read();
    await new Promise((resolve) => setTimeout(resolve, 10_500));
    // The same server process answers, its statement still prepared: no new connection, no planning again.
    assert.deepEqual(await read(), first);
    assert.equal(first.prepared, 1);
  });

  it('answers a statement prepared before its table gained a column (another process migrated) with the new shape', async () => {
    const pool = postgresPoolOf(testDatabase.database.db)!;
    const client = await pool.connect();
    try {
      await client.query('create table prepared_shape (id integer primary key, name text)');
      await client.query("insert into prepared_shape values (1, 'first')");
      const read = () => client.query('select * from prepared_shape where id = $1', [1]);
      assert.deepEqual((await read()).rows, [{ id: 1, name: 'first' }]);
      await client.query("alter table prepared_shape add column note text default 'added'");
      assert.deepEqual((await read()).rows, [{ id: 1, name: 'first', note: 'added' }]);
      assert.deepEqual((await read()).rows, [{ id: 1, name: 'first', note: 'added' }]);
    } finally {
      await client.query('drop table if exists prepared_shape').catch(() => undefined);
      client.release();
    }
  });
});
