import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { ApiAgent } from '../testing/client';
import { createUser } from '../testing/factories';
import { createTestDatabase, TEST_DATABASES, testConfig } from '../testing/testApp';

/** The app's JSON log lines, as a log shipper would read them from stdout. */
class LogLines extends Writable {
  readonly raw: string[] = [];
  override _write(chunk: Buffer, _encoding: BufferEncoding, done: () => void) {
    this.raw.push(chunk.toString('utf8'));
    done();
  }
  get text(): string {
    return this.raw.join('');
  }
  get lines(): any[] {
    return this.text
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as unknown);
  }
  /** The 'request completed' line of the request to `url` (with the secrets replaced), waiting for it a moment. */
  async completed(url: string) {
    for (let tries = 0; tries < 100; tries++) {
      const line = this.lines.find((candidate) => candidate.msg === 'request completed' && candidate.url === url);
      if (line) return line;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    assert.fail(`no 'request completed' line for ${url}`);
  }
}

/** The app at `logLevel`, writing its log to `log`, with the test routes `addRoutes` adds, listening on a free port. */
async function startLoggingApp(kind: (typeof TEST_DATABASES)[number], logLevel: string, log: LogLines, addRoutes: (app: FastifyInstance) => void) {
  const database = await createTestDatabase(kind);
  const app = await buildApp(testConfig({ logLevel }), { database: database.database, loadImdbSample: false, logStream: log });
  addRoutes(app);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const stop = async () => {
    await app.close();
    await database.drop();
  };
  return { url, stop };
}

for (const kind of TEST_DATABASES) {
  describe(`request logs (${kind})`, () => {
    let url: string;
    let stop: () => Promise<void>;
    const log = new LogLines();

    before(async () => {
      ({ url, stop } = await startLoggingApp(kind, 'info', log, (app) => {
        // A call that logs the request object itself, as an error report would.
        app.get('/test/log-request', async (request) => {
          request.log.warn({ req: request }, 'request logged whole');
          return { ok: true };
        });
      }));
    });
    after(() => stop());

    it('logs one line per request with its id, method, route pattern, status, duration and the member’s id', async () => {
      const member = await createUser({ agent: () => new ApiAgent(url) });
      assert.equal((await member.agent.get('/api/user')).status, 200);
      const signedIn = await log.completed('/api/user');
      assert.equal(signedIn.userId, member.id);
      assert.equal(signedIn.method, 'GET');
      assert.equal(signedIn.route, '/api/user');
      assert.equal(signedIn.statusCode, 200);
      assert.equal(typeof signedIn.durationMs, 'number');
      assert.match(String(signedIn.reqId), /^req-/);
      assert.equal(signedIn.level, 30);

      assert.equal((await new ApiAgent(url).get('/api/movies/12345')).status, 404);
      const visitor = await log.completed('/api/movies/12345');
      assert.deepEqual([visitor.userId, visitor.route, visitor.statusCode], [null, '/api/movies/:id', 404]);
      assert.equal(log.lines.filter((line) => line.msg === 'incoming request').length, 0, 'Fastify’s own request lines are off');
    });

    it('never logs cookies, bearer tokens or secret query values', async () => {
      const member = await createUser({ agent: () => new ApiAgent(url) });
      const session = member.agent.cookieHeader;
      assert.ok(session.length > 10);
      const secrets = ['hook-secret-1234567', 'api-token-7654321', 'invite-code-999888', 'bearer-value-112233'];
      const query = `?secret=${secrets[0]}&page=2&Token=${secrets[1]}&invite=${secrets[2]}`;
      await fetch(`${url}/api/movies${query}`, { headers: { cookie: session } });
      await fetch(`${url}/api/user`, { headers: { authorization: `Bearer ${secrets[3]}` } });
      await fetch(`${url}/test/log-request${query}`, { headers: { cookie: session, authorization: `Bearer ${secrets[3]}` } });
      await fetch(`${url}/webhooks/nowhere${query}`, { method: 'POST' });

      const line = await log.completed('/api/movies?secret=[Redacted]&page=2&Token=[Redacted]&invite=[Redacted]');
      assert.equal(line.route, '/api/movies');
      assert.equal(line.userId, member.id, 'the cookie still signed the member in');
      const whole = log.lines.find((candidate) => candidate.msg === 'request logged whole');
      assert.equal(whole?.req.url, '/test/log-request?secret=[Redacted]&page=2&Token=[Redacted]&invite=[Redacted]');
      assert.equal(whole?.req.headers, undefined, 'no headers in a logged request');
      await log.completed('/webhooks/nowhere?secret=[Redacted]&page=2&Token=[Redacted]&invite=[Redacted]');

      // A personal list's add-on and Radarr addresses hold its secret; the sign-in provider's answer a one-time code.
      const listSecret = 'nFz1PIdFUwBdUXvNb1mqiQW-';
      await fetch(`${url}/api/watchlist/3-${listSecret}/stremio/manifest.json`);
      await fetch(`${url}/api/watchlist/3-${listSecret}/radarr.json`);
      await fetch(`${url}/api/auth/oidc/callback?code=one-time-code-4455&state=state-value-6677&secret%5B%5D=${secrets[0]}`);
      await log.completed('/api/watchlist/3-[Redacted]/stremio/manifest.json');
      await log.completed('/api/watchlist/3-[Redacted]/radarr.json');
      await log.completed('/api/auth/oidc/callback?code=[Redacted]&state=[Redacted]&secret%5B%5D=[Redacted]');

      const text = log.text;
      for (const secret of [...secrets, listSecret, 'one-time-code-4455', 'state-value-6677', session, session.split('=')[1]]) {
        assert.ok(!text.includes(secret), `the log does not contain ${secret}`);
      }
      assert.ok(!/"(cookie|authorization)"/i.test(text), 'no cookie or authorization fields');
    });
  });
}

describe('request logs at LOG_LEVEL=error', () => {
  let url: string;
  let stop: () => Promise<void>;
  const log = new LogLines();

  before(async () => {
    ({ url, stop } = await startLoggingApp(TEST_DATABASES[0], 'error', log, (app) => {
      app.get('/test/fail', async () => {
        throw new Error('broken on purpose');
      });
    }));
  });
  after(() => stop());

  it('writes the lines of failed calls only', async () => {
    assert.equal((await new ApiAgent(url).get('/api/movies/12345')).status, 404);
    assert.equal((await new ApiAgent(url).get('/test/fail')).status, 500);
    const failed = await log.completed('/test/fail');
    assert.equal(failed.level, 50);
    assert.equal(failed.statusCode, 500);
    assert.equal(log.lines.filter((line) => line.msg === 'request completed').length, 1, 'the 404 wrote no line');
  });
});
