import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { after, before, describe, it } from 'node:test';
import { migrateToLatest } from '../db/migrate';
import { createUser } from '../testing/factories';
import { createTestDatabase, startTestApp, TEST_DATABASES, type TestApp } from '../testing/testApp';
import { hashPassword, verifyPassword } from './passwords';
import { insertSession, insertUser } from './queries';
import { resetPassword } from './resetPassword';

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, '../../..');

for (const kind of TEST_DATABASES) {
  describe(`resetting a forgotten password (${kind})`, () => {
    let app: TestApp;

    before(async () => {
      app = await startTestApp(kind, { config: { loginFailuresPerUsername: 2 } });
    });
    after(() => app.close());

    it('gives a new password that signs in at once, even after a lock, and ends every session', async () => {
      const member = await createUser(app, 'Reset_Fay', 'correct horse battery');
      for (let attempt = 0; attempt < 2; attempt += 1) await app.agent().post('/api/login', { username: 'reset_fay', password: 'forgotten it' });
      assert.equal((await app.agent().post('/api/login', { username: 'reset_fay', password: 'forgotten it' })).status, 429);

      const reset = await resetPassword(app.database.db, 'RESET_FAY');
      assert.ok(reset);
      assert.equal(reset.username, 'Reset_Fay');
      assert.equal(reset.sessionsEnded, 1);
      assert.ok(reset.password.length >= 16);
      assert.equal((await member.agent.get('/api/user')).status, 401, 'the old session ended');
      assert.equal((await app.agent().post('/api/login', { username: 'reset_fay', password: 'correct horse battery' })).status, 401);
      assert.equal((await app.agent().post('/api/login', { username: 'reset_fay', password: reset.password })).status, 200);
      assert.equal(await resetPassword(app.database.db, 'nobody_here'), null);
    });
  });
}

describe('npm run reset-password', () => {
  it('prints a new password for the named member and says how many sessions ended', async () => {
    const testDatabase = await createTestDatabase('sqlite');
    try {
      await migrateToLatest(testDatabase.database);
      const db = testDatabase.database.db;
      const user = await insertUser(db, 'Gus', await hashPassword('correct horse battery'), new Date().toISOString());
      const later = new Date(Date.now() + 86_400_000).toISOString();
      await insertSession(db, 'hash-one', user.id, new Date().toISOString(), later);
      await insertSession(db, 'hash-two', user.id, new Date().toISOString(), later);
      const cli = (...args: string[]) =>
        run(process.execPath, ['--import', 'tsx', 'server/src/auth/resetPasswordCli.ts', ...args], { cwd: ROOT, env: { ...process.env, DATABASE_URL: testDatabase.url } });

      const { stdout } = await cli('gus');
      const printed = /^New password for Gus: (\S+)$/m.exec(stdout);
      assert.ok(printed, stdout);
      assert.match(stdout, /^2 sessions ended\./m);
      const stored = await db.selectFrom('users').select('password_hash').where('id', '=', user.id).executeTakeFirstOrThrow();
      assert.equal((await verifyPassword(printed[1], stored.password_hash)).valid, true);
      assert.equal((await db.selectFrom('sessions').select('token_hash').execute()).length, 0);

      await assert.rejects(cli('nobody'), (error: { code: number; stderr: string }) => error.code === 1 && error.stderr.includes('No member is named nobody.'));
      await assert.rejects(cli(), (error: { code: number; stderr: string }) => error.code === 2 && error.stderr.includes('Usage: npm run reset-password -- <username>'));
    } finally {
      await testDatabase.drop();
    }
  });
});
