import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { ApiAgent } from '../server/src/testing/client';
import { type Cluster, startCluster } from './support/cluster';
import { WEB_DIST } from './support/harness';

describe('two app processes behind nginx on PostgreSQL and Redis', () => {
  let cluster: Cluster;
  before(async () => {
    cluster = await startCluster({ processes: 2, webDist: WEB_DIST });
  });
  after(() => cluster?.close());

  it('serves the client and shares sessions between processes', async () => {
    const page = await fetch(`${cluster.url}/watchlist/mine`);
    assert.equal(page.status, 200);
    assert.match(await page.text(), /<div id="root">/);

    const agent = cluster.agent();
    assert.equal((await agent.post('/api/register', { username: 'clusterfan', password: 'correct horse battery' })).status, 200);
    assert.equal((await agent.post('/api/login', { username: 'clusterfan', password: 'correct horse battery' })).status, 200);
    for (const processUrl of cluster.processUrls) {
      const direct = new ApiAgent(processUrl);
      const me = await direct.get('/api/user', { cookie: agent.cookieHeader });
      assert.equal(me.status, 200, `process ${processUrl} knows the session`);
      assert.equal(me.body.user.username, 'clusterfan');
    }
  });

  it('keeps serving when one process dies, without losing acknowledged writes', async () => {
    const agent = cluster.agent();
    const written: string[] = [];
    for (let index = 0; index < 6; index++) {
      const username = `survivor${index}`;
      const reply = await agent.post('/api/register', { username, password: 'correct horse battery' });
      if (reply.status === 200) written.push(username);
      if (index === 2) cluster.killProcess(0);
    }
    assert.ok(written.length >= 5, `writes keep succeeding after the kill (${written.length} of 6)`);
    for (const username of written) {
      const login = await agent.post('/api/login', { username, password: 'correct horse battery' });
      assert.equal(login.status, 200, `${username} was stored`);
    }
    const health = await agent.get('/api/health');
    assert.equal(health.status, 200);
    assert.equal(health.body.database.kind, 'postgres');
    await cluster.restartProcess(0);
  });
});

describe('limits behind nginx, shared by two processes through Redis', () => {
  const LOGIN_LIMIT = 6;
  let cluster: Cluster;
  before(async () => {
    cluster = await startCluster({ processes: 2, webDist: WEB_DIST, env: { LOGIN_RATE_LIMIT_PER_MINUTE: String(LOGIN_LIMIT) } });
  });
  after(() => cluster?.close());

  it('refuses logins beyond the limit however the client spoofs its forwarded address', async () => {
    const statuses: number[] = [];
    const errors: string[] = [];
    for (let attempt = 1; attempt <= LOGIN_LIMIT + 4; attempt++) {
      const spoofed = `203.0.113.${attempt}`;
      const reply = await new ApiAgent(cluster.url).post(
        '/api/login',
        { username: `nobody${attempt}`, password: 'wrong password here' },
        { 'x-forwarded-for': spoofed, 'x-real-ip': spoofed, forwarded: `for=${spoofed}` },
      );
      statuses.push(reply.status);
      if (reply.status === 429) errors.push(reply.body.error);
    }
    // nginx spreads the attempts over both processes; together they allow the limit once.
    assert.deepEqual(
      statuses.map((status) => status === 429),
      statuses.map((_, index) => index >= LOGIN_LIMIT),
      `statuses: ${statuses.join(', ')}`,
    );
    for (const error of errors) assert.match(error, /^Too many attempts\. Try again in \d+ seconds\.$/);
  });
});
