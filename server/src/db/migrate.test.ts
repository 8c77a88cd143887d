import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import pg from 'pg';
import { createTestDatabase, TEST_DATABASES, TEST_POSTGRES_URL } from '../testing/testApp';
import { migrateToLatest } from './migrate';

/** Creates and drops schemas with tables, as other installations or test runs sharing the database do. */
function churnOtherSchemas(): { stop(): Promise<void> } {
  let running = true;
  const done = (async () => {
    const client = new pg.Client({ connectionString: TEST_POSTGRES_URL });
    await client.connect();
    try {
      for (let round = 0; running; round++) {
        const schema = `movieclub_churn_${process.pid}_${round}`;
        await client.query(`create schema ${schema}; create table ${schema}.t (id serial primary key, note text)`);
        await client.query(`drop schema ${schema} cascade`);
      }
    } finally {
      await client.end();
    }
  })();
  return {
    async stop() {
      running = false;
      await done;
    },
  };
}

describe('migrations (postgres)', { skip: !TEST_DATABASES.includes('postgres') }, () => {
  it('succeed while other schemas of the same database are created and dropped', async () => {
    const churn = churnOtherSchemas();
    const failures: string[] = [];
    try {
      for (let run = 0; run < 25; run++) {
        const test = await createTestDatabase('postgres');
        try {
          await migrateToLatest(test.database);
        } catch (error) {
          failures.push(String(error));
        } finally {
          await test.drop();
        }
      }
    } finally {
      await churn.stop();
    }
    assert.deepEqual(failures, []);
  });

  it('are idempotent: a second run changes nothing and the tables are in the own schema', async () => {
    const test = await createTestDatabase('postgres');
    try {
      await migrateToLatest(test.database);
      await migrateToLatest(test.database);
      const tables = await test.database.db.introspection.getTables();
      assert.ok(tables.length > 0 && tables.every((table) => table.schema === test.pgSchema));
      assert.ok(tables.some((table) => table.name === 'movies'));
    } finally {
      await test.drop();
    }
  });
});
