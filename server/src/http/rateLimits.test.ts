import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ConfigError, loadConfig } from '../config';
import { createUser } from '../testing/factories';
import { startTestApp, TEST_DATABASES } from '../testing/testApp';

const LIMIT = 3;

/** Login attempts, each with its own spoofed left-most X-Forwarded-For entry; returns the statuses. */
async function spoofedLogins(trustProxy: boolean | number | string[], forwardedFor: (attempt: number) => string) {
  const app = await startTestApp(TEST_DATABASES[0], { config: { trustProxy, rateLimits: { login: LIMIT } } });
  try {
    const statuses: number[] = [];
    for (let attempt = 1; attempt <= LIMIT + 1; attempt++) {
      const reply = await app.agent().post(
        '/api/login',
        { username: `nobody${attempt}`, password: 'wrong password' },
        { 'x-forwarded-for': forwardedFor(attempt) },
      );
      statuses.push(reply.status);
    }
    return statuses;
  } finally {
    await app.close();
  }
}

describe('named rate limits and client addresses', () => {
  it('with TRUST_PROXY=true takes the address the proxy added, not the one the client wrote', async () => {
    // What a proxy that appends produces: the client's forged entry, then the real address.
    const statuses = await spoofedLogins(true, (attempt) => `10.0.0.${attempt}, 192.0.2.1`);
    assert.deepEqual(statuses, [401, 401, 401, 429]);
  });

  it('with a number of proxies skips exactly that many hops', async () => {
    // client → CDN (198.51.100.1) → nginx → app: two trusted hops, the client is the entry before the CDN's.
    const statuses = await spoofedLogins(2, (attempt) => `10.0.0.${attempt}, 192.0.2.5, 198.51.100.1`);
    assert.deepEqual(statuses, [401, 401, 401, 429]);
  });

  it('with a list trusts only those peers', async () => {
    const statuses = await spoofedLogins(['127.0.0.1'], (attempt) => `10.0.0.${attempt}, 192.0.2.9`);
    assert.deepEqual(statuses, [401, 401, 401, 429]);
  });

  it('keeps counting in the process while Redis does not answer', async () => {
    const app = await startTestApp(TEST_DATABASES[0], { config: { redisUrl: 'redis://127.0.0.1:1', rateLimits: { login: LIMIT } } });
    try {
      const statuses: number[] = [];
      for (let attempt = 1; attempt <= LIMIT + 1; attempt++) {
        statuses.push((await app.agent().post('/api/login', { username: `nobody${attempt}`, password: 'wrong password' })).status);
      }
      assert.deepEqual(statuses, [401, 401, 401, 429]);
    } finally {
      await app.close();
    }
  });

  it('tells a visitor to sign in however often they try a signed-in-only call, and counts members', async () => {
    const app = await startTestApp(TEST_DATABASES[0], { config: { rateLimits: { createList: 2 } } });
    try {
      const visitor = app.agent();
      const visitorStatuses: number[] = [];
      for (let attempt = 1; attempt <= 4; attempt++) visitorStatuses.push((await visitor.post('/api/watchlists/public', { name: `Anon ${attempt}` })).status);
      assert.deepEqual(visitorStatuses, [401, 401, 401, 401]);
      const member = await createUser(app);
      const memberStatuses: number[] = [];
      for (let attempt = 1; attempt <= 3; attempt++) memberStatuses.push((await member.agent.post('/api/watchlists/public', { name: `Club ${attempt}` })).status);
      assert.deepEqual(memberStatuses, [200, 200, 429]);
    } finally {
      await app.close();
    }
  });

  it('reads TRUST_PROXY as true, a number of proxies or proxy addresses, and refuses anything else', () => {
    assert.equal(loadConfig({ TRUST_PROXY: 'true' }).trustProxy, true);
    assert.equal(loadConfig({ TRUST_PROXY: '2' }).trustProxy, 2);
    assert.deepEqual(loadConfig({ TRUST_PROXY: '10.0.0.0/8, loopback,::1' }).trustProxy, ['10.0.0.0/8', 'loopback', '::1']);
    for (const value of ['10.0.0.0/33', 'proxy.example.org', '10.0.0.1,', '1.2.3']) {
      assert.throws(
        () => loadConfig({ TRUST_PROXY: value }),
        (error: unknown) => error instanceof ConfigError && error.message.startsWith('TRUST_PROXY must be true, false, a number of proxies'),
        value,
      );
    }
  });

  it('reads every named limit from its variable', () => {
    const config = loadConfig({ PICTURE_UPLOAD_RATE_LIMIT_PER_HOUR: '7', LIST_CREATE_RATE_LIMIT_PER_HOUR: '9' });
    assert.equal(config.rateLimits.pictureUpload, 7);
    assert.equal(config.rateLimits.createList, 9);
    assert.equal(config.rateLimits.login, 20);
    assert.throws(() => loadConfig({ SEARCH_RATE_LIMIT_PER_MINUTE: '0' }), /^Error: SEARCH_RATE_LIMIT_PER_MINUTE must be a whole number/);
  });
});
