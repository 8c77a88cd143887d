import path from 'node:path';
import { fileURLToPath } from 'node:url';

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
  omdbApiKey: string | null;
  tmdbApiKey: string | null;
  /** Base addresses of the metadata services; overridable so tests can use a local server. */
  omdbBaseUrl: string;
  tmdbBaseUrl: string;
  metadataTimeoutMs: number;
  /** Mixed into session-token hashes; changing it signs everyone out. */
  sessionSecret: string;
  logLevel: string;
  /** Trust X-Forwarded-* headers from a reverse proxy. */
  trustProxy: boolean;
  /** Built client to serve; null serves the API alone. */
  webDist: string | null;
  /** Folder with title.basics.tsv(.gz) and title.ratings.tsv(.gz) loaded when the index is empty. */
  imdbSampleDir: string | null;
  /** Folder for uploaded profile pictures. */
  uploadsDir: string;
  loginRateLimitPerMinute: number;
  registerRateLimitPerHour: number;
  /** Failed logins for one username within 15 minutes before it is locked for the rest of the window. */
  loginFailuresPerUsername: number;
}

export class ConfigError extends Error {}

function integer(env: NodeJS.ProcessEnv, name: string, fallback: number, min = 0, max = Number.MAX_SAFE_INTEGER): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
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
  try {
    return new URL(raw).toString().replace(/\/$/, '');
  } catch {
    throw new ConfigError(`${name} must be a full address such as https://movies.example.org; it is '${raw}'.`);
  }
}

function schemaName(env: NodeJS.ProcessEnv): string | null {
  const raw = optional(env, 'DATABASE_SCHEMA');
  if (raw !== null && !/^[a-z_][a-z0-9_]{0,62}$/.test(raw)) {
    throw new ConfigError(`DATABASE_SCHEMA must be a lowercase PostgreSQL identifier; it is '${raw}'.`);
  }
  return raw;
}

/** Builds the typed configuration from the environment, failing with a readable sentence. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const databaseUrl = optional(env, 'DATABASE_URL') ?? `sqlite:${path.join(repoRoot, 'data', 'app.db')}`;
  if (/^postgres(ql)?:/.test(databaseUrl)) url(env, 'DATABASE_URL', null);
  const redisUrl = optional(env, 'REDIS_URL');
  if (redisUrl && !/^rediss?:\/\//.test(redisUrl)) {
    throw new ConfigError(`REDIS_URL must start with redis:// or rediss://; it is '${redisUrl}'.`);
  }
  const webDist = optional(env, 'WEB_DIST') ?? path.join(repoRoot, 'web', 'dist');
  return {
    port: integer(env, 'PORT', 3000, 0, 65535),
    host: optional(env, 'HOST') ?? '0.0.0.0',
    databaseUrl,
    databaseSchema: schemaName(env),
    redisUrl,
    redisKeyPrefix: optional(env, 'REDIS_KEY_PREFIX') ?? 'movieclub',
    publicUrl: url(env, 'PUBLIC_URL', null),
    omdbApiKey: optional(env, 'OMDB_API_KEY'),
    tmdbApiKey: optional(env, 'TMDB_API_KEY'),
    omdbBaseUrl: url(env, 'OMDB_URL', 'https://www.omdbapi.com')!,
    tmdbBaseUrl: url(env, 'TMDB_URL', 'https://api.themoviedb.org')!,
    metadataTimeoutMs: integer(env, 'METADATA_TIMEOUT_MS', 5000, 100, 120_000),
    sessionSecret: optional(env, 'SESSION_SECRET') ?? '',
    logLevel: optional(env, 'LOG_LEVEL') ?? 'info',
    trustProxy: optional(env, 'TRUST_PROXY') === 'true' || optional(env, 'TRUST_PROXY') === '1',
    webDist,
    imdbSampleDir: optional(env, 'IMDB_SAMPLE_DIR') ?? path.join(repoRoot, 'server', 'data', 'imdb-sample'),
    uploadsDir: optional(env, 'UPLOADS_DIR') ?? path.join(repoRoot, 'data', 'uploads'),
    loginRateLimitPerMinute: integer(env, 'LOGIN_RATE_LIMIT_PER_MINUTE', 20, 1),
    registerRateLimitPerHour: integer(env, 'REGISTER_RATE_LIMIT_PER_HOUR', 30, 1),
    loginFailuresPerUsername: integer(env, 'LOGIN_FAILURES_PER_USERNAME', 10, 1),
  };
}

export const REPO_ROOT = repoRoot;
