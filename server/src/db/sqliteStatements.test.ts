import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect, sql } from 'kysely';
import { keepingStatements } from './sqliteStatements';

function numbersDatabase() {
  const sqlite = new SQLite(':memory:');
  sqlite.exec('create table numbers (n integer primary key)');
  const insert = sqlite.prepare('insert into numbers (n) values (?)');
  for (let n = 1; n <= 50; n++) insert.run(n);
  return sqlite;
}

describe('SQLite statements kept once prepared', () => {
  it('hands out the same statement for the same SQL, and drops the least recently used past its capacity', () => {
    const database = keepingStatements(numbersDatabase(), 2);
    const first = database.prepare('select n from numbers where n = ?');
    assert.equal(database.prepare('select n from numbers where n = ?'), first);
    database.prepare('select count(*) from numbers');
    database.prepare('select n from numbers where n = ?'); // used again: the count is now the oldest
    database.prepare('select max(n) from numbers');
    assert.equal(database.prepare('select n from numbers where n = ?'), first);
    database.close();
  });

  it('prepares the same SQL afresh while its kept statement is still streaming rows', () => {
    const database = keepingStatements(numbersDatabase());
    const text = 'select n from numbers where n <= 10';
    const streaming = database.prepare(text).iterate([]);
    assert.deepEqual(streaming.next().value, { n: 1 });
    assert.deepEqual(database.prepare(text).all([]).length, 10, 'a second statement answers');
    assert.equal([...streaming].length, 9, 'the first goes on streaming');
    database.close();
  });

  it('answers Kysely as the database does', async () => {
    const db = new Kysely<{ numbers: { n: number } }>({ dialect: new SqliteDialect({ database: keepingStatements(numbersDatabase()) }) });
    const query = db.selectFrom('numbers').select('n').where('n', '<=', 3);
    assert.deepEqual(await query.execute(), [{ n: 1 }, { n: 2 }, { n: 3 }]);
    await db.deleteFrom('numbers').where('n', '=', 2).execute();
    assert.deepEqual(await query.execute(), [{ n: 1 }, { n: 3 }], 'a kept statement reads the current rows');
    const streamed: number[] = [];
    for await (const row of query.stream()) streamed.push(row.n);
    assert.deepEqual(streamed, [1, 3]);
    assert.equal((await sql<{ total: number }>`select count(*) as total from numbers`.execute(db)).rows[0].total, 49);
    await db.destroy();
  });
});
