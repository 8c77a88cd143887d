import assert from 'node:assert/strict';
import fs from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { LOGIN_FAILURES_BEFORE_LOCK } from '@movieclub/contract';
import { buildApp } from '../app';
import type { ApiAgent } from '../testing/client';
import { createUser } from '../testing/factories';
import { startTestApp, TEST_DATABASES, testConfig, type TestApp } from '../testing/testApp';

const LOCKED = { success: false, error: 'Too many failed logins for this account. Try again in 15 minutes.', code: 'login_locked' };
const INVALID = { success: false, error: 'Invalid username or password.', code: 'invalid_credentials' };

function deviceCookieOf(agent: ApiAgent): string {
  const pair = agent.cookieHeader.split('; ').find((cookie) => cookie.startsWith('device='));
  assert.ok(pair, 'the agent holds a device cookie');
  return pair.slice('device='.length);
}

for (const kind of TEST_DATABASES) {
  describe(`login lockout and device cookies (${kind})`, () => {
    let app: TestApp;
    before(async () => {
      app = await startTestApp(kind); // the default of 10 failures per window
    });
    after(() => app.close());

    /** Each attempt from a new client without cookies, as from rotating addresses. */
    const strangerLogin = (username: string, password: string) => app.agent().post('/api/login', { username, password });

    it('clears the failure count on a successful login', async () => {
      const { username, password } = await createUser(app, 'clears_count');
      const agent = app.agent();
      for (let round = 0; round < 2; round++) {
        for (let n = 0; n < LOGIN_FAILURES_BEFORE_LOCK - 1; n++) {
          assert.deepEqual((await agent.post('/api/login', { username, password: 'wrong password' })).body, INVALID);
        }
        const success = await app.agent().post('/api/login', { username, password });
        assert.equal(success.status, 200, `round ${round}: not locked after ${LOGIN_FAILURES_BEFORE_LOCK - 1} failures since the last success`);
      }
    });

    it('gives a signed device cookie on login, only to the login call', async () => {
      const agent = app.agent();
      await agent.post('/api/register', { username: 'cookie_device', password: 'device password' });
      const login = await agent.post('/api/login', { username: 'Cookie_Device', password: 'device password' });
      const cookie = login.headers.getSetCookie().find((value) => value.startsWith('device='));
      assert.ok(cookie);
      assert.match(cookie, /HttpOnly/i);
      assert.match(cookie, /Path=\/api\/login/);
      assert.match(cookie, /SameSite=Strict/i);
      assert.match(cookie, /Max-Age=\d{7,}/i, 'lasts long beyond the session');
      assert.match(deviceCookieOf(agent), /^cookie_device~[\w-]{16,}~[\w-]{40,}$/);
      await agent.post('/api/logout');
      assert.ok(deviceCookieOf(agent), 'logging out keeps the device trusted');
    });

    it('keeps the owner signing in from their device while strangers lock the username', async () => {
      const owner = await createUser(app, 'targeted_owner', 'owner password');
      for (let n = 0; n < LOGIN_FAILURES_BEFORE_LOCK; n++) {
        assert.deepEqual((await strangerLogin(owner.username, `guess ${n}`)).body, INVALID);
      }
      for (let n = 0; n < 3; n++) {
        const locked = await strangerLogin(owner.username, `guess again ${n}`);
        assert.equal(locked.status, 429);
        assert.deepEqual(locked.body, LOCKED);
      }
      const strangerWithPassword = await strangerLogin(owner.username, owner.password);
      assert.equal(strangerWithPassword.status, 429, 'a client without the device cookie stays locked even with the password');
      assert.deepEqual(strangerWithPassword.body, LOCKED);

      const ownerLogin = await owner.agent.post('/api/login', { username: owner.username, password: owner.password });
      assert.equal(ownerLogin.status, 200, 'the owner is not locked by failures their device did not make');
      assert.equal(ownerLogin.body.user.username, owner.username);
      assert.equal((await owner.agent.get('/api/user')).status, 200);
      // The refreshed cookie keeps working while the attack goes on.
      assert.equal((await owner.agent.post('/api/login', { username: owner.username, password: owner.password })).status, 200);
      assert.equal((await strangerLogin(owner.username, owner.password)).status, 429, "the owner's success does not unlock strangers");
    });

    it('locks only the device cookie that fails too often', async () => {
      const owner = await createUser(app, 'clumsy_owner', 'clumsy password');
      const laptop = owner.agent;
      const phone = app.agent();
      assert.equal((await phone.post('/api/login', { username: owner.username, password: owner.password })).status, 200);

      for (let n = 0; n < LOGIN_FAILURES_BEFORE_LOCK; n++) {
        assert.deepEqual((await laptop.post('/api/login', { username: owner.username, password: `typo ${n}` })).body, INVALID);
      }
      const lockedLaptop = await laptop.post('/api/login', { username: owner.username, password: owner.password });
      assert.equal(lockedLaptop.status, 429, 'the failing device is locked, even with the right password');
      assert.deepEqual(lockedLaptop.body, LOCKED);

      assert.equal((await phone.post('/api/login', { username: owner.username, password: owner.password })).status, 200, 'another device is not');
      assert.equal((await strangerLogin(owner.username, owner.password)).status, 200, 'nor are untrusted clients');
    });

    it('treats a forged, altered or other account’s device cookie as untrusted', async () => {
      const owner = await createUser(app, 'forged_owner', 'forged password');
      const other = await createUser(app, 'other_owner', 'other password');
      const genuine = deviceCookieOf(owner.agent);
      for (let n = 0; n < LOGIN_FAILURES_BEFORE_LOCK; n++) await strangerLogin(owner.username, `guess ${n}`);

      const [name, nonce, signature] = genuine.split('~');
      const altered = [
        `${name}~${nonce}~${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`,
        `${name}~${nonce.slice(0, -1)}${nonce.endsWith('A') ? 'B' : 'A'}~${signature}`,
        `${name}~${nonce}`,
        deviceCookieOf(other.agent),
        'x'.repeat(5000),
      ];
      for (const cookie of altered) {
        const reply = await app.agent().post('/api/login', { username: owner.username, password: owner.password }, { cookie: `device=${cookie}` });
        assert.equal(reply.status, 429, cookie.slice(0, 80));
      }
      const withGenuine = await app.agent().post('/api/login', { username: owner.username, password: owner.password }, { cookie: `device=${genuine}` });
      assert.equal(withGenuine.status, 200);
    });

    it('housekeeping deletes failed logins too old to count, keeping recent ones', async () => {
      const old = new Date(Date.now() - 16 * 60 * 1000).toISOString();
      await app.database.db
        .insertInto('login_failures')
        .values([
          { username_lower: 'pruned_user', device: null, failed_at: old },
          { username_lower: 'pruned_user', device: 'some-nonce', failed_at: old },
        ])
        .execute();
      await strangerLogin('pruned_user', 'recent failure');
      await app.app.auth.pruneExpired();
      const left = await app.database.db.selectFrom('login_failures').select('failed_at').where('username_lower', '=', 'pruned_user').execute();
      assert.equal(left.length, 1);
      assert.ok(left[0].failed_at > old);
    });

    it('accepts device cookies issued by another process of the same installation', async () => {
      const owner = await createUser(app, 'two_process', 'two process pass');
      for (let n = 0; n < LOGIN_FAILURES_BEFORE_LOCK; n++) await strangerLogin(owner.username, `guess ${n}`);
      const config = testConfig(); // no SESSION_SECRET: the installation's stored secret is used
      const second = await buildApp(config, { database: app.database, loadImdbSample: false });
      try {
        const cookie = `device=${deviceCookieOf(owner.agent)}`;
        const reply = await second.inject({
          method: 'POST',
          url: '/api/login',
          headers: { cookie, 'content-type': 'application/json' },
          payload: { username: owner.username, password: owner.password },
        });
        assert.equal(reply.statusCode, 200, reply.body);
        const stranger = await second.inject({
          method: 'POST',
          url: '/api/login',
          headers: { 'content-type': 'application/json' },
          payload: { username: owner.username, password: owner.password },
        });
        assert.equal(stranger.statusCode, 429, 'the lock is shared too');
      } finally {
        await second.close();
        fs.rmSync(config.uploadsDir, { recursive: true, force: true });
      }
    });
  });
}
