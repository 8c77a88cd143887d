import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createUser } from '../testing/factories';
import { startTestApp, TEST_DATABASES, type TestApp } from '../testing/testApp';

for (const kind of TEST_DATABASES) {
  describe(`accounts (${kind})`, () => {
    let app: TestApp;
    before(async () => {
      app = await startTestApp(kind, { config: { loginFailuresPerUsername: 4 } });
    });
    after(() => app.close());

    it('registers, logs in, reports the user and logs out', async () => {
      const agent = app.agent();
      const registered = await agent.post('/api/register', { username: 'Alice_1', password: 'secret-password' });
      assert.equal(registered.status, 200);
      assert.deepEqual(registered.body, { success: true });

      const anonymous = await agent.get('/api/user');
      assert.equal(anonymous.status, 401);
      assert.equal(anonymous.body.success, false);

      const login = await agent.post('/api/login', { username: 'alice_1', password: 'secret-password' });
      assert.equal(login.status, 200);
      assert.equal(login.body.success, true);
      assert.equal(login.body.user.username, 'Alice_1', 'shown as typed at registration');
      assert.equal(login.body.user.password_hash, undefined);

      const me = await agent.get('/api/user');
      assert.equal(me.status, 200);
      assert.equal(me.body.user.username, 'Alice_1');
      assert.equal(me.body.user.profile_picture, null);
      assert.ok(me.body.user.created_at);

      const logout = await agent.post('/api/logout');
      assert.equal(logout.status, 200);
      assert.equal((await agent.get('/api/user')).status, 401);
    });

    it('sets an HttpOnly, SameSite=Lax session cookie on the whole site', async () => {
      const { agent } = await createUser(app, 'cookie_user');
      const login = await agent.post('/api/login', { username: 'cookie_user', password: 'correct horse battery' });
      const cookie = login.headers.getSetCookie().find((value) => value.startsWith('sid='));
      assert.ok(cookie, 'a sid cookie is set');
      assert.match(cookie, /HttpOnly/i);
      assert.match(cookie, /SameSite=Lax/i);
      assert.match(cookie, /Path=\//);
      assert.match(cookie, /Expires=/i);
      assert.doesNotMatch(cookie, /Secure/i, 'plain http gets no Secure flag');
      const token = cookie.slice(4, cookie.indexOf(';'));
      assert.ok(token.length >= 43, 'a 256-bit token');
      const stored = await app.database.db.selectFrom('sessions').select('token_hash').execute();
      assert.ok(stored.every((row) => row.token_hash !== token), 'the token itself is never stored');
    });

    it('refuses a username that differs only in case', async () => {
      const agent = app.agent();
      await agent.post('/api/register', { username: 'CaseUser', password: 'secret-password' });
      const again = await agent.post('/api/register', { username: 'caseuser', password: 'other-password' });
      assert.equal(again.status, 409);
      assert.deepEqual(again.body, { success: false, error: 'Username already taken.', code: 'username_taken' });
    });

    it('gives the same answer for a wrong password and an unknown user', async () => {
      await createUser(app, 'bob_same');
      const agent = app.agent();
      const wrong = await agent.post('/api/login', { username: 'bob_same', password: 'not-the-password' });
      const unknown = await agent.post('/api/login', { username: 'nobody_here', password: 'not-the-password' });
      assert.equal(wrong.status, 401);
      assert.equal(unknown.status, 401);
      assert.deepEqual(wrong.body, { success: false, error: 'Invalid username or password.', code: 'invalid_credentials' });
      assert.deepEqual(unknown.body, wrong.body);
    });

    it('locks a username after repeated failures, even with the right password', async () => {
      await createUser(app, 'locked_user');
      const agent = app.agent();
      for (let attempt = 0; attempt < 4; attempt++) {
        const failed = await agent.post('/api/login', { username: 'locked_user', password: 'wrong-password' });
        assert.equal(failed.status, 401);
      }
      const locked = await agent.post('/api/login', { username: 'LOCKED_USER', password: 'correct horse battery' });
      assert.equal(locked.status, 429);
      assert.match(locked.body.error, /Too many failed logins/);
    });

    it('ends the session on logout for good', async () => {
      const { agent } = await createUser(app, 'logout_user');
      const cookieHeader = agent.cookieHeader;
      await agent.post('/api/logout');
      const replay = await app.agent().get('/api/user', { cookie: cookieHeader });
      assert.equal(replay.status, 401, 'the old cookie no longer works');
    });

    it('refuses a mutating call from a foreign Origin and changes nothing', async () => {
      const agent = app.agent();
      const refused = await agent.post(
        '/api/register',
        { username: 'csrf_victim', password: 'secret-password' },
        { origin: 'https://evil.example' },
      );
      assert.equal(refused.status, 403);
      assert.deepEqual(refused.body, { success: false, error: 'Cross-site requests are not allowed.', code: 'cross_site' });
      const sameOrigin = await agent.post(
        '/api/register',
        { username: 'csrf_victim', password: 'secret-password' },
        { origin: app.url },
      );
      assert.equal(sameOrigin.status, 200, 'the refused call wrote no row');
    });

    const badRegistrations: Array<[string, unknown, RegExp]> = [
      ['an empty body', '', /empty/],
      ['malformed JSON', '{"username":', /not valid JSON/],
      ['an array body', [], /JSON object/],
      ['a missing password', { username: 'someone' }, /^Password is required\.$/],
      ['a numeric username', { username: 12345, password: 'secret-password' }, /^Username must be text\.$/],
      ['a short username', { username: 'ab', password: 'secret-password' }, /at least 3 characters/],
      ['a long username', { username: 'a'.repeat(33), password: 'secret-password' }, /at most 32 characters/],
      ['a short password', { username: 'shorty', password: 'short' }, /^Password must be at least 8 characters\.$/],
      ['a long password', { username: 'longpass', password: 'x'.repeat(257) }, /at most 256 characters/],
      ['a Cyrillic look-alike', { username: 'аdmin', password: 'secret-password' }, /only letters, digits/],
      ['SQL metacharacters', { username: "x'; drop table users;--", password: 'secret-password' }, /only letters, digits/],
    ];
    for (const [label, body, message] of badRegistrations) {
      it(`refuses registration with ${label}, writing nothing`, async () => {
        const before = await app.database.db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
        const response = await app.agent().request('POST', '/api/register', body === '' ? '' : typeof body === 'string' ? body : JSON.stringify(body), {
          'content-type': 'application/json',
        });
        assert.equal(response.status, 400);
        assert.equal(response.body.success, false);
        assert.match(response.body.error, message);
        const afterCount = await app.database.db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
        assert.equal(Number(afterCount.n), Number(before.n));
      });
    }

    it('refuses an oversized body with 413', async () => {
      const response = await app.agent().post('/api/register', { username: 'big', password: 'x'.repeat(2 * 1024 * 1024) });
      assert.equal(response.status, 413);
      assert.equal(response.body.error, 'The request body is too large.');
    });

    it('reports the database kind on the health check', async () => {
      const health = await app.agent().get('/api/health');
      assert.equal(health.status, 200);
      assert.deepEqual(health.body.database, { kind, ok: true });
    });
  });
}

describe('login rate limit per address', () => {
  it('answers 429 once an address has used up its login attempts', async () => {
    const app = await startTestApp('sqlite', { config: { rateLimits: { login: 3 } } });
    try {
      const agent = app.agent();
      const statuses = [];
      for (let attempt = 0; attempt < 4; attempt++) {
        statuses.push((await agent.post('/api/login', { username: `someone${attempt}`, password: 'whatever-pass' })).status);
      }
      assert.deepEqual(statuses, [401, 401, 401, 429]);
      const limited = await agent.post('/api/login', { username: 'someone', password: 'whatever-pass' });
      assert.equal(limited.body.success, false);
      assert.match(limited.body.error, /Too many attempts/);
    } finally {
      await app.close();
    }
  });
});
