import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
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
});
