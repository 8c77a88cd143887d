import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createTestDatabase, TEST_DATABASES, type TestDatabase } from '../testing/testApp';
import { appMetaValues } from './appMeta';
import { openDatabase } from './database';
import { GatheredReads, gatheredOnPostgres, oneOfTexts } from './gatheredReads';
import { migrateToLatest } from './migrate';

/** A store read by key lists, recording each read's keys; a read answers what the store held when it started. */
function recordingStore(initial: Record<string, string>) {
  const store = new Map(Object.entries(initial));
  const reads: string[][] = [];
  let release: (() => void) | null = null;
  let failNext = false;
  const reader = new GatheredReads<string, string>(async (keys) => {
    reads.push(keys);
    const seen = new Map(keys.flatMap((key) => (store.has(key) ? [[key, store.get(key)!] as const] : [])));
    const failing = failNext;
    failNext = false;
    await new Promise<void>((resolve) => (release = resolve));
    if (failing) throw new Error('the database went away');
    return seen;
  });
  const waitForRead = async (count: number) => {
    while (reads.length < count) await new Promise((resolve) => setImmediate(resolve));
  };
  return {
    store,
    reads,
    reader,
    waitForRead,
    finishRead: () => release!(),
    failNextRead: () => (failNext = true),
  };
}

describe('gathered reads', () => {
  it('reads the keys asked for in one turn together and answers each caller its own', async () => {
    const { reader, reads, waitForRead, finishRead } = recordingStore({ a: 'one', b: 'two' });
    const answers = Promise.all([reader.get('a'), reader.get('b'), reader.get('a'), reader.get('missing')]);
    await waitForRead(1);
    finishRead();
    assert.deepEqual(await answers, ['one', 'two', 'one', undefined]);
    assert.deepEqual(reads, [['a', 'b', 'missing']]);
  });

  it('reads asks that carry values once per key, each with the values of the first to ask', async () => {
    const reads: Array<Array<{ id: number; limit: number }>> = [];
    const reader = new GatheredReads(
      async (asks: Array<{ id: number; limit: number }>) => {
        reads.push(asks);
        return new Map(asks.map((ask) => [`${ask.limit}:${ask.id}`, ask.id * ask.limit]));
      },
      (ask) => `${ask.limit}:${ask.id}`,
    );
    const answers = await Promise.all([reader.get({ id: 2, limit: 10 }), reader.get({ id: 2, limit: 3 }), reader.get({ id: 2, limit: 10 })]);
    assert.deepEqual(answers, [20, 6, 20]);
    assert.deepEqual(reads, [[{ id: 2, limit: 10 }, { id: 2, limit: 3 }]]);
  });

  it('gathers the keys asked for while a read is out into the next read, which sees what was written before they asked', async () => {
    const { reader, reads, store, waitForRead, finishRead } = recordingStore({ a: 'one', b: 'two' });
    const first = reader.get('a');
    await waitForRead(1);
    store.set('a', 'changed');
    store.delete('b');
    const later = Promise.all([reader.get('a'), reader.get('b')]);
    await new Promise((resolve) => setImmediate(resolve));
    assert.equal(reads.length, 1, 'no second read while the first is out');
    finishRead();
    assert.equal(await first, 'one');
    await waitForRead(2);
    finishRead();
    assert.deepEqual(await later, ['changed', undefined]);
    assert.deepEqual(reads, [['a'], ['a', 'b']]);
  });

  it("fails a failed read's callers only; the next read goes ahead", async () => {
    const { reader, waitForRead, finishRead, failNextRead } = recordingStore({ a: 'one' });
    failNextRead();
    const failed = reader.get('a');
    await waitForRead(1);
    const next = reader.get('a');
    finishRead();
    await assert.rejects(failed, /the database went away/);
    await waitForRead(2);
    finishRead();
    assert.equal(await next, 'one');
  });
});

for (const kind of TEST_DATABASES) {
  describe(`one of many texts as one parameter (${kind})`, () => {
    let testDatabase: TestDatabase;
    before(async () => {
      testDatabase = await createTestDatabase(kind);
      await migrateToLatest(testDatabase.database);
      await testDatabase.database.db
        .insertInto('app_meta')
        .values(['x', 'y', "it's"].map((key) => ({ key: `one_of_${key}`, value: key })))
        .execute();
    });
    after(() => testDatabase.drop());

    it('matches exactly the listed values, with one statement text for any number of them', async () => {
      const { db } = testDatabase.database;
      const read = (values: string[]) => db.selectFrom('app_meta').select('value').where(oneOfTexts(db, 'key', values)).orderBy('value');
      const values = async (keys: string[]) => (await read(keys).execute()).map((row) => row.value);
      assert.deepEqual(await values(['one_of_x']), ['x']);
      assert.deepEqual(await values(['one_of_y', "one_of_it's", 'one_of_none', 'one_of_x']), ["it's", 'x', 'y']);
      assert.deepEqual(await values([]), []);
      assert.equal(read(['one_of_x']).compile().sql, read(['a', 'b', 'c']).compile().sql);
    });

    it(`keeps what was read of values that change only with the database ${kind === 'sqlite' ? 'until it changes, whoever changes it' : 'for no longer than a read'}`, async () => {
      const { database, url } = testDatabase;
      let selects = 0;
      const stopObserving = database.observeQueries((event) => void (event.operation === 'select' && selects++));
      const valueOf = async (key: string) => (await appMetaValues(database.db, [key])).get(key);
      await database.db.insertInto('app_meta').values({ key: 'kept_value', value: 'first' }).execute();
      assert.equal(await valueOf('kept_value'), 'first');
      const readsBefore = selects;
      assert.equal(await valueOf('kept_value'), 'first');
      assert.equal(selects - readsBefore, kind === 'sqlite' ? 0 : 1, 'an unchanged database is not read again on SQLite');

      // A write by this app, to another table: the next read asks again.
      await database.db.insertInto('app_meta').values({ key: 'another_value', value: 'x' }).execute();
      await database.db.updateTable('app_meta').set({ value: 'second' }).where('key', '=', 'kept_value').execute();
      assert.equal(await valueOf('kept_value'), 'second');
      // A commit by another connection, as another process (the import command, say) makes.
      const other = openDatabase(url, { pgSchema: database.pgSchema, pgPoolSize: 1 });
      try {
        await other.db.updateTable('app_meta').set({ value: 'third' }).where('key', '=', 'kept_value').execute();
      } finally {
        await other.close();
      }
      assert.equal(await valueOf('kept_value'), 'third');
      stopObserving();
    });

    it(`answers each call its own keys, ${kind === 'postgres' ? 'the calls asking at once sharing one read' : 'each call reading at once'}`, async () => {
      const reads: string[][] = [];
      const read = gatheredOnPostgres(async (_db, keys: string[]) => {
        reads.push(keys);
        return new Map(keys.filter((key) => key !== 'none').map((key) => [key, key.toUpperCase()]));
      });
      const { db } = testDatabase.database;
      const [first, second] = await Promise.all([read(db, ['a', 'b']), read(db, ['b', 'none', 'c'])]);
      assert.deepEqual([...first], [['a', 'A'], ['b', 'B']]);
      assert.deepEqual([...second], [['b', 'B'], ['c', 'C']]);
      assert.deepEqual(reads, kind === 'postgres' ? [['a', 'b', 'none', 'c']] : [['a', 'b'], ['b', 'none', 'c']]);
    });
  });
}
