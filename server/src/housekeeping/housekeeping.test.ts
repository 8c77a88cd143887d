import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { buildApp } from '../app';
import { createUser } from '../testing/factories';
import { startTestApp, TEST_DATABASES, testConfig, type TestApp } from '../testing/testApp';
import { runHousekeeping, scheduleHousekeeping } from './service';

const HOUR = 60 * 60 * 1000;
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();

for (const kind of TEST_DATABASES) {
  describe(`housekeeping (${kind})`, () => {
    let app: TestApp;
    let userId: number;

    before(async () => {
      app = await startTestApp(kind);
      userId = (await createUser(app)).id;
    });
    after(() => app?.close());

    /** Old and fresh sessions and failed logins, tagged so each test finds its own rows. */
    async function seed(tag: string) {
      const db = app.database.db;
      await db
        .insertInto('sessions')
        .values([
          { token_hash: `${tag}-expired`, user_id: userId, created_at: ago(40 * 24 * HOUR), expires_at: ago(HOUR) },
          { token_hash: `${tag}-live`, user_id: userId, created_at: ago(HOUR), expires_at: new Date(Date.now() + HOUR).toISOString() },
        ])
        .execute();
      await db
        .insertInto('login_failures')
        .values([
          { username_lower: `${tag}-old`, device: null, failed_at: ago(3 * 24 * HOUR) },
          { username_lower: `${tag}-recent`, device: null, failed_at: ago(60 * 1000) },
        ])
        .execute();
    }

    async function remaining(tag: string) {
      const db = app.database.db;
      const sessions = await db.selectFrom('sessions').select('token_hash').where('token_hash', 'like', `${tag}-%`).orderBy('token_hash').execute();
      const failures = await db.selectFrom('login_failures').select('username_lower').where('username_lower', 'like', `${tag}-%`).orderBy('username_lower').execute();
      return { sessions: sessions.map((row) => row.token_hash), failures: failures.map((row) => row.username_lower) };
    }

    it('deletes expired sessions and old failed logins, keeping live sessions and recent failures', async () => {
      await seed('run');
      const report = await runHousekeeping(app.database);
      assert.ok(report, 'the run did the work');
      assert.ok(report.sessions >= 1 && report.loginFailures >= 1);
      assert.deepEqual(await remaining('run'), { sessions: ['run-live'], failures: ['run-recent'] });
      const again = await runHousekeeping(app.database);
      assert.deepEqual(await remaining('run'), { sessions: ['run-live'], failures: ['run-recent'] }, 'a second run changes nothing');
      assert.equal(again?.sessions ?? 0, 0);
    });

    it('deletes API tokens a month after they expired, keeping recently expired and unexpiring ones', async () => {
      const token = (name: string, expiresAt: string | null) => ({
        user_id: userId, name, scope: 'read', token_hash: `hk-${name}`, created_at: ago(90 * 24 * HOUR), expires_at: expiresAt,
      });
      await app.database.db.insertInto('api_tokens').values([token('long-gone', ago(31 * 24 * HOUR)), token('just-expired', ago(2 * 24 * HOUR)), token('forever', null)]).execute();
      const report = await runHousekeeping(app.database);
      assert.equal(report?.apiTokens, 1);
      const left = await app.database.db.selectFrom('api_tokens').select('name').where('token_hash', 'like', 'hk-%').orderBy('name').execute();
      assert.deepEqual(left.map((row) => row.name), ['forever', 'just-expired']);
    });

    it('keeps the signed-in user signed in', async () => {
      const user = await createUser(app);
      await runHousekeeping(app.database);
      assert.equal((await user.agent.get('/api/user')).status, 200);
    });

    it('runs on its own schedule in a running app, and closing the app stops it', async () => {
      await seed('timer');
      const scheduled = await buildApp(testConfig(), { database: app.database, loadImdbSample: false });
      scheduleHousekeeping(scheduled, { firstRunMs: 10, intervalMs: 50 });
      await scheduled.ready();
      const deadline = Date.now() + 20_000;
      while ((await remaining('timer')).sessions.length > 1 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
      await scheduled.close();
      assert.deepEqual(await remaining('timer'), { sessions: ['timer-live'], failures: ['timer-recent'] });
      // Nothing runs after close: rows written now stay.
      await seed('closed');
      await new Promise((resolve) => setTimeout(resolve, 200));
      assert.deepEqual(await remaining('closed'), { sessions: ['closed-expired', 'closed-live'], failures: ['closed-old', 'closed-recent'] });
    });
  });
}
