import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { ConfigError, FILE_SETTINGS, loadConfig } from './config';
import { runServerToExit } from './testing/serverProcess';

/** Each variable with values that must stop the start. */
const BAD_VALUES: Record<string, string[]> = {
  WEBHOOK_URL: ['discord', 'ftp://example.org/hook'],
  WEBHOOK_FORMAT: ['slack', 'Discord'],
  WEBHOOK_RETRY_MS: ['0', 'soon'],
  REGISTRATION: ['invite-only', 'Closed', 'yes'],
  CLUB_LANGUAGE: ['fr', 'DE', 'de-DE'],
  PORT: ['abc', '-1', '65536', '3000.5', '0x10', '1e3'],
  DATABASE_URL: ['postgres://db host/movieclub', 'mysql://db-host/movieclub'],
  DATABASE_SCHEMA: ['Public', 'my-schema', '1abc'],
  REDIS_URL: ['localhost:6379', 'http://redis-host:6379'],
  PUBLIC_URL: ['movies.example.org', 'javascript:alert(1)', 'ftp://movies.example.org'],
  OMDB_URL: ['not an address'],
  TMDB_URL: ['file:///etc/passwd'],
  METADATA_TIMEOUT_MS: ['fast', '99', '120001'],
  SEARCH_TIME_BUDGET_MS: ['4', 'quick', '60001', '30.5'],
  WARM_UP_MOVIES: ['-1', 'all', '100001', '10.5'],
  LOG_LEVEL: ['loud', 'INFO', 'verbose'],
  TRUST_PROXY: ['yes', 'on', 'TRUE', 'no'],
  LOGIN_RATE_LIMIT_PER_MINUTE: ['0', 'many', '20.5'],
  REGISTER_RATE_LIMIT_PER_HOUR: ['0', '-3'],
  LOGIN_FAILURES_PER_USERNAME: ['0', 'ten'],
  METRICS_TOKEN: ['short', 'a token with spaces in it'],
  BASE_PATH: ['movies', '/movies/', '/mo vies', '/movies/../admin', '//movies', '/films?x=1', '/café'],
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
    assert.deepEqual([loadConfig({}).searchTimeBudgetMs, loadConfig({ SEARCH_TIME_BUDGET_MS: '120' }).searchTimeBudgetMs], [14, 120]);
    assert.deepEqual([loadConfig({}).warmUpMovies, loadConfig({ WARM_UP_MOVIES: '0' }).warmUpMovies], [1000, 0]);
    assert.equal(loadConfig({ METRICS_TOKEN: ' 0123456789abcdef0123 ' }).metricsToken, '0123456789abcdef0123');
    assert.deepEqual(
      ['', 'open', 'invite', 'closed'].map((value) => loadConfig({ REGISTRATION: value }).registration),
      ['open', 'open', 'invite', 'closed'],
      'registration is open unless REGISTRATION says invite or closed',
    );
    assert.deepEqual([loadConfig({}).clubLanguage, loadConfig({ CLUB_LANGUAGE: 'de' }).clubLanguage], ['en', 'de']);
  });

  it('reads an identity provider only when its issuer and client id are both given', () => {
    assert.equal(loadConfig({}).oidc, null, 'no provider unless OIDC_ISSUER is set');
    const authentik = loadConfig({ OIDC_ISSUER: 'https://authentik.example.org/application/o/movieclub/', OIDC_CLIENT_ID: 'movieclub', OIDC_CLIENT_SECRET: 's3cret' });
    assert.deepEqual(authentik.oidc, {
      issuer: 'https://authentik.example.org/application/o/movieclub/',
      clientId: 'movieclub',
      clientSecret: 's3cret',
      label: null,
      only: false,
      signOutAtProvider: false,
    });
    const keycloak = loadConfig({
      OIDC_ISSUER: 'https://kc.example.org/realms/club',
      OIDC_CLIENT_ID: 'movieclub',
      OIDC_BUTTON_LABEL: 'Sign in with Keycloak',
      OIDC_ONLY: 'true',
      OIDC_SIGN_OUT_AT_PROVIDER: 'true',
    });
    assert.deepEqual([keycloak.oidc?.clientSecret, keycloak.oidc?.label, keycloak.oidc?.only, keycloak.oidc?.signOutAtProvider], [null, 'Sign in with Keycloak', true, true]);
    assert.throws(() => loadConfig({ OIDC_SIGN_OUT_AT_PROVIDER: 'true' }), {
      message: 'OIDC_SIGN_OUT_AT_PROVIDER needs an identity provider: set OIDC_ISSUER and OIDC_CLIENT_ID too.',
    });
    assert.throws(
      () => loadConfig({ OIDC_ISSUER: 'https://kc.example.org/realms/club', OIDC_CLIENT_ID: 'movieclub', OIDC_BUTTON_LABEL: 'x'.repeat(61) }),
      { message: 'OIDC_BUTTON_LABEL must be at most 60 characters long.' },
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
    const result = runServerToExit({ LOG_LEVEL: 'loud', DATABASE_URL: 'sqlite::memory:' });
    assert.equal(result.status, 1);
    assert.equal(result.stderr.trim(), "LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent; it is 'loud'.");
    assert.equal(result.stdout.trim(), '');
  });
});

describe('secrets read from files (NAME_FILE)', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'movieclub-secrets-'));
  const write = (name: string, content: string) => {
    const file = path.join(dir, name);
    fs.writeFileSync(file, content);
    return file;
  };

  it('reads each secret from the file its _FILE variable names, less one trailing newline', () => {
    const config = loadConfig({
      SESSION_SECRET_FILE: write('session', 'a long session secret\n'),
      DATABASE_URL_FILE: write('database', 'postgres://club:pw@db:5432/club\r\n'),
      REDIS_URL_FILE: write('redis', 'redis://cache:6379'),
      OMDB_API_KEY_FILE: write('omdb', 'omdb-key\n'),
      TMDB_API_KEY_FILE: write('tmdb', 'tmdb-key\n'),
      WEBHOOK_URL_FILE: write('webhook', 'https://ntfy.example.org/club\n'),
      METRICS_TOKEN_FILE: write('metrics', '0123456789abcdef0123\n'),
    });
    assert.equal(config.sessionSecret, 'a long session secret');
    assert.equal(config.databaseUrl, 'postgres://club:pw@db:5432/club');
    assert.equal(config.redisUrl, 'redis://cache:6379');
    assert.deepEqual([config.omdbApiKey, config.tmdbApiKey], ['omdb-key', 'tmdb-key']);
    assert.equal(config.webhookUrl, 'https://ntfy.example.org/club');
    assert.equal(config.metricsToken, '0123456789abcdef0123');
  });

  it('checks a value read from a file as it checks one set directly', () => {
    assert.throws(() => loadConfig({ REDIS_URL_FILE: write('bad-redis', 'localhost:6379\n') }), /^Error: REDIS_URL must start with redis:\/\//);
  });

  it('refuses a secret given both directly and through a file, without printing either', () => {
    for (const name of FILE_SETTINGS) {
      assert.throws(
        () => loadConfig({ [name]: 'direct value', [`${name}_FILE`]: write(`both-${name}`, 'file value') }),
        (error: unknown) => {
          assert.ok(error instanceof ConfigError);
          assert.equal(error.message, `Set ${name} or ${name}_FILE, not both.`);
          return true;
        },
      );
    }
  });

  it('refuses a file that cannot be read with a sentence naming the file', () => {
    const missing = path.join(dir, 'no-such-file');
    assert.throws(
      () => loadConfig({ SESSION_SECRET_FILE: missing }),
      (error: unknown) => {
        assert.ok(error instanceof ConfigError);
        assert.equal(error.message, `SESSION_SECRET_FILE names ${missing}, which cannot be read (ENOENT).`);
        return true;
      },
    );
    assert.throws(() => loadConfig({ OIDC_CLIENT_SECRET_FILE: dir }), /^Error: OIDC_CLIENT_SECRET_FILE names .*, which cannot be read \(EISDIR\)\.$/);
  });

  it('leaves an empty _FILE variable alone', () => {
    assert.equal(loadConfig({ SESSION_SECRET: 'direct', SESSION_SECRET_FILE: '' }).sessionSecret, 'direct');
  });
});

describe('the sub-path the site is served under (BASE_PATH)', () => {
  it('is the root unless BASE_PATH or the path of PUBLIC_URL says otherwise', () => {
    assert.equal(loadConfig({}).basePath, '');
    assert.equal(loadConfig({ BASE_PATH: '/' }).basePath, '');
    assert.equal(loadConfig({ PUBLIC_URL: 'https://example.org/' }).basePath, '');
    assert.equal(loadConfig({ BASE_PATH: '/movies' }).basePath, '/movies');
    assert.equal(loadConfig({ BASE_PATH: '/club/films-2' }).basePath, '/club/films-2');
    assert.equal(loadConfig({ PUBLIC_URL: 'https://example.org/movies/' }).basePath, '/movies');
    assert.equal(loadConfig({ PUBLIC_URL: 'https://example.org/movies', BASE_PATH: '/movies' }).basePath, '/movies');
  });

  it('refuses a BASE_PATH that PUBLIC_URL contradicts', () => {
    assert.throws(
      () => loadConfig({ PUBLIC_URL: 'https://example.org/films', BASE_PATH: '/movies' }),
      /^Error: BASE_PATH is '\/movies' but PUBLIC_URL ends in '\/films'; make them agree\.$/,
    );
    assert.throws(() => loadConfig({ PUBLIC_URL: 'https://example.org/films', BASE_PATH: '/' }), /make them agree/);
  });
});
