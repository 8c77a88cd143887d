import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, it } from 'node:test';
import { ConfigError, loadConfig, REPO_ROOT } from './config';

/** Each variable with values that must stop the start. */
const BAD_VALUES: Record<string, string[]> = {
  WEBHOOK_URL: ['discord', 'ftp://example.org/hook'],
  WEBHOOK_FORMAT: ['slack', 'Discord'],
  WEBHOOK_RETRY_MS: ['0', 'soon'],
  REGISTRATION: ['invite-only', 'Closed', 'yes'],
  PORT: ['abc', '-1', '65536', '3000.5', '0x10', '1e3'],
  DATABASE_URL: ['postgres://db host/movieclub', 'mysql://db-host/movieclub'],
  DATABASE_SCHEMA: ['Public', 'my-schema', '1abc'],
  REDIS_URL: ['localhost:6379', 'http://redis-host:6379'],
  PUBLIC_URL: ['movies.example.org', 'javascript:alert(1)', 'ftp://movies.example.org'],
  OMDB_URL: ['not an address'],
  TMDB_URL: ['file:///etc/passwd'],
  METADATA_TIMEOUT_MS: ['fast', '99', '120001'],
  LOG_LEVEL: ['loud', 'INFO', 'verbose'],
  TRUST_PROXY: ['yes', 'on', 'TRUE', 'no'],
  LOGIN_RATE_LIMIT_PER_MINUTE: ['0', 'many', '20.5'],
  REGISTER_RATE_LIMIT_PER_HOUR: ['0', '-3'],
  LOGIN_FAILURES_PER_USERNAME: ['0', 'ten'],
  METRICS_TOKEN: ['short', 'a token with spaces in it'],
};

describe('configuration from the environment', () => {
  it('starts with defaults from an empty environment', () => {
    const config = loadConfig({});
    assert.equal(config.port, 3000);
    assert.equal(config.logLevel, 'info');
    assert.equal(config.trustProxy, false);
    assert.equal(config.redisUrl, null);
  });

  it('reads good values', () => {
    const config = loadConfig({
      PORT: '8080',
      LOG_LEVEL: 'warn',
      TRUST_PROXY: 'true',
      PUBLIC_URL: 'https://movies.example.org/',
      REDIS_URL: 'redis://127.0.0.1:6379',
      DATABASE_URL: 'postgres://movieclub@db-host:5432/movieclub',
    });
    assert.equal(config.port, 8080);
    assert.equal(config.logLevel, 'warn');
    assert.equal(config.trustProxy, true);
    assert.equal(config.publicUrl, 'https://movies.example.org');
    assert.equal(loadConfig({ TRUST_PROXY: 'false' }).trustProxy, false);
    assert.equal(loadConfig({ TRUST_PROXY: '1' }).trustProxy, true);
    assert.equal(loadConfig({ DATABASE_URL: 'sqlite:/tmp/club.db' }).databaseUrl, 'sqlite:/tmp/club.db');
    const hooked = loadConfig({ WEBHOOK_URL: 'https://ntfy.example.org/club', WEBHOOK_FORMAT: 'ntfy' });
    assert.deepEqual([hooked.webhookUrl, hooked.webhookFormat, hooked.webhookRetryMs], ['https://ntfy.example.org/club', 'ntfy', 2000]);
    assert.deepEqual([loadConfig({}).webhookUrl, loadConfig({}).webhookFormat], [null, 'discord']);
    assert.equal(loadConfig({}).metricsToken, null, '/metrics is off unless METRICS_TOKEN is set');
    assert.equal(loadConfig({ METRICS_TOKEN: ' 0123456789abcdef0123 ' }).metricsToken, '0123456789abcdef0123');
    assert.deepEqual(
      ['', 'open', 'invite', 'closed'].map((value) => loadConfig({ REGISTRATION: value }).registration),
      ['open', 'open', 'invite', 'closed'],
      'registration is open unless REGISTRATION says invite or closed',
    );
  });

  for (const [name, values] of Object.entries(BAD_VALUES)) {
    it(`refuses a bad ${name} with one sentence naming it`, () => {
      for (const value of values) {
        assert.throws(
          () => loadConfig({ [name]: value }),
          (error: unknown) => {
            assert.ok(error instanceof ConfigError, `${name}=${value} gives a configuration error, not ${String(error)}`);
            assert.ok(error.message.startsWith(`${name} `), `the sentence names ${name}: ${error.message}`);
            assert.match(error.message, /^[A-Z][^\n]*\.$/, 'one sentence');
            return true;
          },
          `${name}=${value} is refused`,
        );
      }
    });
  }

  it('prints only the sentence, without a stack, when the server is started with a bad value', () => {
    const result = spawnSync(process.execPath, ['--import', 'tsx', path.join(REPO_ROOT, 'server', 'src', 'main.ts')], {
      cwd: REPO_ROOT,
      env: { ...process.env, LOG_LEVEL: 'loud', PORT: '0', DATABASE_URL: 'sqlite::memory:' },
      encoding: 'utf8',
      timeout: 60_000,
    });
    assert.equal(result.status, 1);
    assert.equal(result.stderr.trim(), "LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent; it is 'loud'.");
    assert.equal(result.stdout.trim(), '');
  });
});
