import fs from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { LANGUAGE_CODES, type LanguageCode, LOGIN_FAILURES_BEFORE_LOCK, REGISTRATION_MODES, type RegistrationMode, USERNAME_PATTERN } from '@movieclub/contract';
import { RATE_LIMITS, type RateLimits } from './http/rateLimits';
import { SEARCH_TIME_BUDGET_MS } from './imdb/searchDialect';
import { StartProblem } from './startProblem';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface Config {
  port: number;
  host: string;
  /** `sqlite:<path>`, a plain file path, or `postgres://…`. */
  databaseUrl: string;
  /** PostgreSQL schema to keep the tables in (default: the server's search_path, normally public). */
  databaseSchema: string | null;
  redisUrl: string | null;
  /** Prefix of the Redis channels, so several installations can share one Redis. */
  redisKeyPrefix: string;
  /** The address people use to reach the site; used for absolute links (Stremio) and Origin checks. */
  publicUrl: string | null;
  /**
   * The path the whole site lives under behind a reverse proxy (`/movies`), or '' at the root.
   * BASE_PATH, else the path of PUBLIC_URL.
   */
  basePath: string;
  omdbApiKey: string | null;
  tmdbApiKey: string | null;
  /** Base addresses of the metadata services; overridable so tests can use a local server. */
  omdbBaseUrl: string;
  tmdbBaseUrl: string;
  metadataTimeoutMs: number;
  /** How long one title search may read on PostgreSQL, in ms; past it the answer is what was found (searchDialect.ts). */
  searchTimeBudgetMs: number;
  /** Mixed into session-token hashes; changing it signs everyone out. */
  sessionSecret: string;
  logLevel: string;
  /**
   * Which peers may set X-Forwarded-*: true means the one proxy in front (one hop), a
   * number that many proxies in a chain, a list their addresses (IPs, CIDR ranges, `loopback`).
   */
  trustProxy: boolean | number | string[];
  /** Built client to serve; null serves the API alone. */
  webDist: string | null;
  /** Folder with title.basics.tsv(.gz) and title.ratings.tsv(.gz) loaded when the index is empty. */
  imdbSampleDir: string | null;
  /** Folder for uploaded profile pictures. */
  uploadsDir: string;
  /** Calls allowed per window for each named limit (server/src/http/rateLimits.ts). */
  rateLimits: RateLimits;
  /** Failed logins for one username within 15 minutes before it is locked for the rest of the window. */
  loginFailuresPerUsername: number;
  /** Members (lowercased usernames) who may delete any comment. */
  adminUsernames: string[];
  /** Where club events are posted (Discord's webhook or an ntfy topic); null: nowhere. */
  webhookUrl: string | null;
  webhookFormat: WebhookFormat;
  /** The first retry's wait; each later one waits four times longer. */
  webhookRetryMs: number;
  /** Bearer token a Prometheus scraper sends to read /metrics; null: /metrics does not exist. */
  metricsToken: string | null;
  /** Who may register until an admin chooses on the admin page: open, invite or closed. */
  registration: RegistrationMode;
  /** CLUB_LANGUAGE: the club's language until an admin chooses one (webhook posts, link previews). */
  clubLanguage: LanguageCode;
  /** Sign-in through an OpenID Connect identity provider; null: not offered. */
  oidc: OidcConfig | null;
  /** How many of the newest catalogue movies have their recommendations worked out once the server listens (0: none). */
  warmUpMovies: number;
}

export interface OidcConfig {
  /** The provider's issuer identifier, exactly as its discovery document names it. */
  issuer: string;
  clientId: string;
  /** Null for a public client (PKCE alone). */
  clientSecret: string | null;
  /** The sign-in button's text (OIDC_BUTTON_LABEL); null for the client's own 'Sign in with <issuer host>', in the reader's language. */
  label: string | null;
  /** Hide the password form; password login and registration answer 403. */
  only: boolean;
  /** Signing out here also ends the member's session at the provider (RP-initiated logout), when they signed in through it. */
  signOutAtProvider: boolean;
}

/** A variable with a value the server cannot use. */
export class ConfigError extends StartProblem {}

function integer(env: NodeJS.ProcessEnv, name: string, fallback: number, min = 0, max = Number.MAX_SAFE_INTEGER): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = /^\s*\d+\s*$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new ConfigError(`${name} must be a whole number from ${min} to ${max}; it is '${raw}'.`);
  }
  return value;
}

function optional(env: NodeJS.ProcessEnv, name: string): string | null {
  const raw = env[name]?.trim();
  return raw ? raw : null;
}

function url(env: NodeJS.ProcessEnv, name: string, fallback: string | null): string | null {
  const raw = optional(env, name) ?? fallback;
  if (raw === null) return null;
  let parsed: URL | null = null;
  try {
    parsed = new URL(raw);
  } catch {
    // Reported below.
  }
  if (!parsed || !/^(https?|postgres(ql)?):$/.test(parsed.protocol)) {
    throw new ConfigError(`${name} must be a full address such as https://movies.example.org; it is '${raw}'.`);
  }
  return parsed.toString().replace(/\/$/, '');
}

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

function logLevel(env: NodeJS.ProcessEnv): string {
  const raw = optional(env, 'LOG_LEVEL') ?? 'info';
  if (!(LOG_LEVELS as readonly string[]).includes(raw)) {
    throw new ConfigError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}; it is '${raw}'.`);
  }
  return raw;
}

/** Yes/no settings: an unrecognised word is refused rather than read as no. */
function flag(env: NodeJS.ProcessEnv, name: string, fallback: boolean): boolean {
  const raw = optional(env, name);
  if (raw === null) return fallback;
  if (raw === 'true' || raw === '1') return true;
  if (raw === 'false' || raw === '0') return false;
  throw new ConfigError(`${name} must be true or false; it is '${raw}'.`);
}

const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function proxyAddress(entry: string): boolean {
  const [address, bits, ...rest] = entry.split('/');
  const version = isIP(address);
  if (!version || rest.length) return false;
  return bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= (version === 4 ? 32 : 128));
}

/** TRUST_PROXY: true/false, a number of proxies in front, or a comma-separated list of their addresses. */
function trustProxy(env: NodeJS.ProcessEnv): boolean | number | string[] {
  const raw = optional(env, 'TRUST_PROXY');
  if (raw === null || /^(true|false|0|1)$/.test(raw)) return flag(env, 'TRUST_PROXY', false);
  if (/^\d{1,2}$/.test(raw)) return Number(raw);
  const entries = raw.split(',').map((entry) => entry.trim());
  if (entries.every((entry) => PROXY_RANGE_NAMES.has(entry) || proxyAddress(entry))) return entries;
  throw new ConfigError(
    `TRUST_PROXY must be true, false, a number of proxies or a comma-separated list of proxy addresses; it is '${raw}'.`,
  );
}

/**
 * Fastify's form of TRUST_PROXY. `true` and a count trust only that many nearest hops (Fastify's own
 * `true` would believe the left-most address, which the client writes); a list trusts those peers.
 */
export function trustProxyOption(setting: Config['trustProxy']): false | string[] | ((address: string, hop: number) => boolean) {
  if (setting === false || Array.isArray(setting)) return setting;
  const hops = setting === true ? 1 : setting;
  return (_address, hop) => hop < hops;
}

function schemaName(env: NodeJS.ProcessEnv): string | null {
  const raw = optional(env, 'DATABASE_SCHEMA');
  if (raw !== null && !/^[a-z_][a-z0-9_]{0,62}$/.test(raw)) {
    throw new ConfigError(`DATABASE_SCHEMA must be a lowercase PostgreSQL identifier; it is '${raw}'.`);
  }
  return raw;
}

/** A comma-separated list of usernames, lowercased (names are unique regardless of case); empty entries are skipped. */
function usernameList(env: NodeJS.ProcessEnv, name: string): string[] {
  const entries = (optional(env, name) ?? '').split(',').map((entry) => entry.trim()).filter(Boolean);
  const bad = entries.find((entry) => !USERNAME_PATTERN.test(entry));
  if (bad !== undefined) throw new ConfigError(`${name} must be a comma-separated list of usernames; '${bad}' is not one.`);
  return [...new Set(entries.map((entry) => entry.toLowerCase()))];
}

export type WebhookFormat = 'discord' | 'ntfy';

function webhookFormat(env: NodeJS.ProcessEnv): WebhookFormat {
  const raw = optional(env, 'WEBHOOK_FORMAT') ?? 'discord';
  if (raw !== 'discord' && raw !== 'ntfy') throw new ConfigError(`WEBHOOK_FORMAT must be discord or ntfy; it is '${raw}'.`);
  return raw;
}

function clubLanguage(env: NodeJS.ProcessEnv): LanguageCode {
  const raw = optional(env, 'CLUB_LANGUAGE') ?? 'en';
  if (!(LANGUAGE_CODES as readonly string[]).includes(raw)) throw new ConfigError(`CLUB_LANGUAGE must be one of ${LANGUAGE_CODES.join(', ')}; it is '${raw}'.`);
  return raw as LanguageCode;
}

function registration(env: NodeJS.ProcessEnv): RegistrationMode {
  const raw = optional(env, 'REGISTRATION') ?? 'open';
  if (!(REGISTRATION_MODES as readonly string[]).includes(raw)) throw new ConfigError(`REGISTRATION must be open, invite or closed; it is '${raw}'.`);
  return raw as RegistrationMode;
}

export const METRICS_TOKEN_MIN_LENGTH = 16;

function metricsToken(env: NodeJS.ProcessEnv): string | null {
  const raw = optional(env, 'METRICS_TOKEN');
  if (raw !== null && (raw.length < METRICS_TOKEN_MIN_LENGTH || /\s/.test(raw))) {
    // The value is a secret: the sentence does not repeat it.
    throw new ConfigError(`METRICS_TOKEN must be at least ${METRICS_TOKEN_MIN_LENGTH} characters long and contain no spaces.`);
  }
  return raw;
}

/**
 * Settings that may instead be read from a file (Docker and Kubernetes secrets): NAME_FILE names
 * a file whose content, less one trailing newline, is the value of NAME.
 */
export const FILE_SETTINGS = [
  'SESSION_SECRET',
  'DATABASE_URL',
  'REDIS_URL',
  'OMDB_API_KEY',
  'TMDB_API_KEY',
  'WEBHOOK_URL',
  'METRICS_TOKEN',
  'OIDC_CLIENT_SECRET',
] as const;

/** A copy of the environment with every NAME_FILE of FILE_SETTINGS read into NAME. */
export function resolveFileSettings(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const resolved = { ...env };
  for (const name of FILE_SETTINGS) {
    const file = env[`${name}_FILE`]?.trim();
    if (!file) continue;
    if (env[name]?.trim()) throw new ConfigError(`Set ${name} or ${name}_FILE, not both.`);
    let content: string;
    try {
      content = fs.readFileSync(file, 'utf8');
    } catch (error) {
      const reason = (error as NodeJS.ErrnoException).code ?? 'unknown error';
      throw new ConfigError(`${name}_FILE names ${file}, which cannot be read (${reason}).`);
    }
    resolved[name] = content.replace(/\r?\n$/, '');
  }
  return resolved;
}

/** One or more path segments of unreserved characters: `/movies`, `/club/films`. */
const BASE_PATH_PATTERN = /^(\/[A-Za-z0-9._~-]+)+$/;

/** BASE_PATH, else the path of PUBLIC_URL; '' (or '/') for the root. The two must agree when both are given. */
function basePath(env: NodeJS.ProcessEnv, publicUrl: string | null): string {
  const raw = optional(env, 'BASE_PATH');
  const fromPublicUrl = publicUrl ? new URL(publicUrl).pathname.replace(/\/+$/, '') : '';
  if (raw === null || raw === '/') {
    if (raw === '/' && fromPublicUrl) {
      throw new ConfigError(`BASE_PATH is '/' but PUBLIC_URL ends in '${fromPublicUrl}'; make them agree.`);
    }
    if (fromPublicUrl && !BASE_PATH_PATTERN.test(fromPublicUrl)) {
      throw new ConfigError(`The path of PUBLIC_URL must be like /movies (letters, digits, '.', '_', '~', '-'); it is '${fromPublicUrl}'.`);
    }
    return fromPublicUrl;
  }
  if (!BASE_PATH_PATTERN.test(raw) || raw.split('/').some((segment) => segment === '.' || segment === '..')) {
    throw new ConfigError(
      `BASE_PATH must start with '/', not end with one, and use only letters, digits, '.', '_', '~' and '-', such as /movies; it is '${raw}'.`,
    );
  }
  if (fromPublicUrl && fromPublicUrl !== raw) {
    throw new ConfigError(`BASE_PATH is '${raw}' but PUBLIC_URL ends in '${fromPublicUrl}'; make them agree.`);
  }
  return raw;
}

const OIDC_LABEL_MAX = 60;

/** OIDC_*: all or nothing, so a half-configured provider stops the start instead of a sign-in. */
function oidc(env: NodeJS.ProcessEnv): OidcConfig | null {
  const issuer = optional(env, 'OIDC_ISSUER');
  const clientId = optional(env, 'OIDC_CLIENT_ID');
  const only = flag(env, 'OIDC_ONLY', false);
  const signOutAtProvider = flag(env, 'OIDC_SIGN_OUT_AT_PROVIDER', false);
  if (issuer === null) {
    for (const name of ['OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET', 'OIDC_BUTTON_LABEL'] as const) {
      if (optional(env, name) !== null) throw new ConfigError(`${name} is set but OIDC_ISSUER is not; set OIDC_ISSUER and OIDC_CLIENT_ID, or neither.`);
    }
    if (only) throw new ConfigError('OIDC_ONLY needs an identity provider: set OIDC_ISSUER and OIDC_CLIENT_ID too.');
    if (signOutAtProvider) throw new ConfigError('OIDC_SIGN_OUT_AT_PROVIDER needs an identity provider: set OIDC_ISSUER and OIDC_CLIENT_ID too.');
    return null;
  }
  let parsed: URL | null = null;
  try {
    parsed = new URL(issuer);
  } catch {
    // Reported below.
  }
  if (!parsed || !/^https?:$/.test(parsed.protocol) || parsed.search || parsed.hash) {
    throw new ConfigError(`OIDC_ISSUER must be the identity provider's issuer address, such as https://auth.example.org/realms/club; it is '${issuer}'.`);
  }
  if (clientId === null) throw new ConfigError('OIDC_ISSUER is set but OIDC_CLIENT_ID is not; set OIDC_ISSUER and OIDC_CLIENT_ID, or neither.');
  const label = optional(env, 'OIDC_BUTTON_LABEL');
  if (label !== null && label.length > OIDC_LABEL_MAX) throw new ConfigError(`OIDC_BUTTON_LABEL must be at most ${OIDC_LABEL_MAX} characters long.`);
  // Kept as written: the discovery document must name exactly this issuer (Authentik's ends in a slash, Keycloak's does not).
  return { issuer, clientId, clientSecret: optional(env, 'OIDC_CLIENT_SECRET'), label, only, signOutAtProvider };
}

/** Builds the typed configuration from the environment, failing with a readable sentence. */
export function loadConfig(rawEnv: NodeJS.ProcessEnv = process.env): Config {
  const env = resolveFileSettings(rawEnv);
  const databaseUrl = optional(env, 'DATABASE_URL') ?? `sqlite:${path.join(repoRoot, 'data', 'app.db')}`;
  if (/^postgres(ql)?:/.test(databaseUrl)) url(env, 'DATABASE_URL', null);
  else if (/^[a-z][a-z0-9+.-]*:\/\//i.test(databaseUrl) && !/^(sqlite|file):/i.test(databaseUrl)) {
    throw new ConfigError(`DATABASE_URL must be sqlite:<path>, a file path or postgres://…; it is '${databaseUrl}'.`);
  }
  const redisUrl = optional(env, 'REDIS_URL');
  if (redisUrl && !/^rediss?:\/\//.test(redisUrl)) {
    throw new ConfigError(`REDIS_URL must start with redis:// or rediss://; it is '${redisUrl}'.`);
  }
  const webDist = optional(env, 'WEB_DIST') ?? path.join(repoRoot, 'web', 'dist');
  const publicUrl = url(env, 'PUBLIC_URL', null);
  return {
    port: integer(env, 'PORT', 3000, 0, 65535),
    host: optional(env, 'HOST') ?? '0.0.0.0',
    databaseUrl,
    databaseSchema: schemaName(env),
    redisUrl,
    redisKeyPrefix: optional(env, 'REDIS_KEY_PREFIX') ?? 'movieclub',
    publicUrl,
    basePath: basePath(env, publicUrl),
    omdbApiKey: optional(env, 'OMDB_API_KEY'),
    tmdbApiKey: optional(env, 'TMDB_API_KEY'),
    omdbBaseUrl: url(env, 'OMDB_URL', 'https://www.omdbapi.com')!,
    tmdbBaseUrl: url(env, 'TMDB_URL', 'https://api.themoviedb.org')!,
    metadataTimeoutMs: integer(env, 'METADATA_TIMEOUT_MS', 5000, 100, 120_000),
    searchTimeBudgetMs: integer(env, 'SEARCH_TIME_BUDGET_MS', SEARCH_TIME_BUDGET_MS, 5, 60_000),
    sessionSecret: optional(env, 'SESSION_SECRET') ?? '',
    logLevel: logLevel(env),
    trustProxy: trustProxy(env),
    webDist,
    imdbSampleDir: optional(env, 'IMDB_SAMPLE_DIR') ?? path.join(repoRoot, 'server', 'data', 'imdb-sample'),
    uploadsDir: optional(env, 'UPLOADS_DIR') ?? path.join(repoRoot, 'data', 'uploads'),
    rateLimits: Object.fromEntries(
      Object.entries(RATE_LIMITS).map(([name, limit]) => [name, integer(env, limit.env, limit.max, 1)]),
    ) as RateLimits,
    loginFailuresPerUsername: integer(env, 'LOGIN_FAILURES_PER_USERNAME', LOGIN_FAILURES_BEFORE_LOCK, 1),
    adminUsernames: usernameList(env, 'ADMIN_USERNAMES'),
    webhookUrl: url(env, 'WEBHOOK_URL', null),
    webhookFormat: webhookFormat(env),
    webhookRetryMs: integer(env, 'WEBHOOK_RETRY_MS', 2000, 1, 600_000),
    metricsToken: metricsToken(env),
    registration: registration(env),
    clubLanguage: clubLanguage(env),
    oidc: oidc(env),
    warmUpMovies: integer(env, 'WARM_UP_MOVIES', 1000, 0, 100_000),
  };
}

export const REPO_ROOT = repoRoot;
