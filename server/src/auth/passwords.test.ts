import assert from 'node:assert/strict';
import { randomBytes, scryptSync } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { setTimeout } from 'node:timers/promises';
import { constants, getPriority } from 'node:os';
import { hash as argon2Hash } from '@node-rs/argon2';
import { createUser, type SignedInUser } from '../testing/factories';
import { startTestApp, TEST_DATABASES, type TestApp } from '../testing/testApp';
import { HASHING_IDLE_EXIT_MS, hashingProcessId, setHashingIdleExit } from './hashingProcess';
import { HASHING_CONCURRENCY, hashingGauge } from './passwords';

async function waitUntilGone(pid: number, withinMs = 20_000) {
  for (const started = Date.now(); Date.now() - started < withinMs; ) {
    try {
      process.kill(pid, 0);
    } catch {
      return;
    }
    await setTimeout(10);
  }
  assert.fail(`process ${pid} still runs after ${withinMs} ms`);
}

const CURRENT_PREFIX = '$argon2id$v=19$m=19456,t=2,p=1$';

/** A hash as the earlier releases wrote it: `scrypt$N$r$p$salt$hash`. */
function legacyScryptHash(password: string): string {
  const salt = randomBytes(16);
  const hash = scryptSync(password, salt, 64, { N: 16384, r: 8, p: 1, maxmem: 64 * 1024 * 1024 });
  return ['scrypt', 16384, 8, 1, salt.toString('base64'), hash.toString('base64')].join('$');
}

for (const kind of TEST_DATABASES) {
  describe(`password hashing (${kind})`, () => {
    let app: TestApp;
    before(async () => {
      app = await startTestApp(kind);
    });
    after(() => app.close());

    const storedHash = async (username: string) =>
      (await app.database.db.selectFrom('users').select('password_hash').where('username_lower', '=', username.toLowerCase()).executeTakeFirstOrThrow())
        .password_hash;
    const setStoredHash = (username: string, passwordHash: string) =>
      app.database.db.updateTable('users').set({ password_hash: passwordHash }).where('username_lower', '=', username.toLowerCase()).execute();
    const login = (username: string, password: string) => app.agent().post('/api/login', { username, password });

    it('stores new passwords as argon2id with the OWASP parameters', async () => {
      await createUser(app, 'argon_new', 'a fine password');
      assert.ok((await storedHash('argon_new')).startsWith(CURRENT_PREFIX));
    });

    it('accepts an old scrypt hash and replaces it with argon2id at that login', async () => {
      await createUser(app, 'scrypt_user', 'old password 1');
      await setStoredHash('scrypt_user', legacyScryptHash('old password 1'));

      const wrong = await login('scrypt_user', 'not the password');
      assert.equal(wrong.status, 401);
      assert.ok((await storedHash('scrypt_user')).startsWith('scrypt$'), 'a failed login changes nothing');

      const first = await login('scrypt_user', 'old password 1');
      assert.equal(first.status, 200);
      assert.equal(first.body.user.username, 'scrypt_user');
      assert.ok((await storedHash('scrypt_user')).startsWith(CURRENT_PREFIX), 're-hashed to argon2id');

      assert.equal((await login('scrypt_user', 'old password 1')).status, 200, 'the new hash works');
      assert.deepEqual((await login('scrypt_user', 'old password 2')).body, { success: false, error: 'Invalid username or password.', code: 'invalid_credentials' });
    });

    it('upgrades an argon2id hash made with weaker parameters', async () => {
      await createUser(app, 'weak_argon', 'weak params pass');
      await setStoredHash('weak_argon', await argon2Hash('weak params pass', { memoryCost: 4096, timeCost: 1, parallelism: 1 }));
      assert.equal((await login('weak_argon', 'weak params pass')).status, 200);
      assert.ok((await storedHash('weak_argon')).startsWith(CURRENT_PREFIX));
      assert.equal((await login('weak_argon', 'weak params pass')).status, 200);
    });

    it('answers 200 simultaneous logins correctly while hashing only a few at a time', async () => {
      const users: SignedInUser[] = [];
      for (let n = 0; n < 20; n++) users.push(await createUser(app, `crowd_${n}`, `crowd password ${n}`));
      hashingGauge.reset();
      const attempts = Array.from({ length: 200 }, (_, i) => {
        const user = users[i % users.length];
        const right = i % 2 === 0;
        return { user, right, reply: login(user.username, right ? user.password : `${user.password}!`) };
      });
      const catalogue = app.agent().get('/api/movies');
      for (const attempt of attempts) {
        const reply = await attempt.reply;
        if (attempt.right) {
          assert.equal(reply.status, 200);
          assert.equal(reply.body.user.username, attempt.user.username);
        } else {
          assert.equal(reply.status, 401);
          assert.deepEqual(reply.body, { success: false, error: 'Invalid username or password.', code: 'invalid_credentials' });
        }
      }
      assert.equal((await catalogue).status, 200, 'other requests are served during the burst');
      assert.ok(hashingGauge.peak >= 1);
      assert.ok(hashingGauge.peak <= HASHING_CONCURRENCY, `at most ${HASHING_CONCURRENCY} hashes ran at once, saw ${hashingGauge.peak}`);
    });

    it('hashes in a process of its own at the lowest priority, so sign-ins take only idle CPU', async () => {
      const serverPriority = getPriority();
      const user = await createUser(app, 'low_priority', 'a low priority pass');
      assert.equal((await login(user.username, user.password)).status, 200);
      const hashing = hashingProcessId();
      assert.ok(hashing && hashing !== process.pid, 'not the server process');
      assert.equal(getPriority(hashing), constants.priority.PRIORITY_LOW);
      assert.equal(getPriority(), serverPriority, 'the server itself keeps its priority');
    });

    it('stops the hashing process when no hash comes for a while, and starts it again for the next sign-in', async () => {
      const user = await createUser(app, 'idle_stop', 'stops when idle');
      setHashingIdleExit(200);
      try {
        assert.equal((await login(user.username, user.password)).status, 200);
        const idle = hashingProcessId()!;
        await waitUntilGone(idle);
        const reply = await login(user.username, user.password);
        assert.equal(reply.status, 200);
        assert.equal(reply.body.user.username, 'idle_stop');
        assert.notEqual(hashingProcessId(), idle, 'a new hashing process');
      } finally {
        setHashingIdleExit(HASHING_IDLE_EXIT_MS);
      }
    });

    it('signs members in again after the hashing process was stopped', async () => {
      const user = await createUser(app, 'after_stop', 'survives a stop');
      const stopped = hashingProcessId()!;
      process.kill(stopped, 'SIGKILL');
      await waitUntilGone(stopped);
      const reply = await login(user.username, user.password);
      assert.equal(reply.status, 200);
      assert.equal(reply.body.user.username, 'after_stop');
      assert.notEqual(hashingProcessId(), stopped, 'a new hashing process');
      assert.equal((await login(user.username, 'not the password')).status, 401);
    });
  });
}
