import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { freePort } from '../testing/ports';
import { postgresProxy } from '../testing/postgresProxy';
import { runServerToExit } from '../testing/serverProcess';
import { TEST_DATABASES, TEST_POSTGRES_URL } from '../testing/testApp';
import { DatabaseUnavailable } from './database';
import { waitForPostgres } from './waitForDatabase';

/** The test server's address with another port, database or password. */
function postgresUrl(change: { port?: number; database?: string; password?: string }): string {
  const url = new URL(TEST_POSTGRES_URL);
  if (change.port) url.port = String(change.port);
  if (change.database) url.pathname = `/${change.database}`;
  if (change.password) url.password = change.password;
  return url.toString();
}

describe('waiting for PostgreSQL at start', { skip: !TEST_DATABASES.includes('postgres') }, () => {
  const closing: (() => Promise<void>)[] = [];
  after(async () => {
    for (const close of closing) await close();
  });

  it('waits for a server that starts accepting connections, saying so once', async () => {
    const later = await postgresProxy();
    closing.push(later.close);
    const waits: string[] = [];
    const waited = waitForPostgres(later.url, { retryMs: 100, waitMs: 20_000, onWaiting: (reason) => waits.push(reason) });
    await new Promise((resolve) => setTimeout(resolve, 700));
    await later.open();
    await waited;
    assert.equal(waits.length, 1);
    assert.match(waits[0], /ECONNREFUSED/);
  });

  it('gives up after its time with a sentence that names the address without its password', async () => {
    const port = await freePort();
    const started = Date.now();
    await assert.rejects(waitForPostgres(postgresUrl({ port, password: 'hunter2' }), { retryMs: 100, waitMs: 500 }), (error: Error) => {
      assert.ok(error instanceof DatabaseUnavailable);
      const shown = postgresUrl({ port, password: '***' });
      assert.equal(error.message, `The database at ${shown} is not answering (connect ECONNREFUSED ${new URL(TEST_POSTGRES_URL).hostname}:${port}). Start it, or check DATABASE_URL.`);
      assert.doesNotMatch(error.message, /hunter2/);
      return true;
    });
    assert.ok(Date.now() - started >= 400, 'it tried for its whole time');
  });

  it('fails at once when the server refuses for a reason no wait changes', async () => {
    const started = Date.now();
    await assert.rejects(waitForPostgres(postgresUrl({ database: 'no_such_club' }), { retryMs: 100, waitMs: 30_000 }), (error: Error) => {
      assert.ok(error instanceof DatabaseUnavailable);
      const shown = postgresUrl({ database: 'no_such_club' });
      assert.equal(error.message, `PostgreSQL at ${shown} refused the connection: database "no_such_club" does not exist. Check DATABASE_URL.`);
      return true;
    });
    assert.ok(Date.now() - started < 10_000, 'it did not wait');
  });

  it('prints only the sentence, without a stack, when the server is started against a database that does not exist', () => {
    const result = runServerToExit({ DATABASE_URL: postgresUrl({ database: 'no_such_club', password: 'hunter2' }) });
    assert.equal(result.status, 1);
    const shown = postgresUrl({ database: 'no_such_club', password: '***' });
    assert.equal(result.stderr.trim(), `PostgreSQL at ${shown} refused the connection: database "no_such_club" does not exist. Check DATABASE_URL.`);
  });
});
