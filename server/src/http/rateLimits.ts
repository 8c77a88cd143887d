import { createRequire } from 'node:module';
import fastifyRateLimit, { type RateLimitOptions, type RateLimitPluginOptions } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Redis } from 'ioredis';
import { RATE_LIMITS as CONTRACT_RATE_LIMITS, type RateLimitDefinition } from '@movieclub/contract';
import type { Config } from '../config';
import { HttpError } from './errors';

/** Every request limit: the contract's, and those of comments and reactions. */
export const RATE_LIMITS = {
  ...CONTRACT_RATE_LIMITS,
  comment: { env: 'COMMENT_RATE_LIMIT_PER_MINUTE', max: 20, timeWindow: '1 minute', per: 'user' },
  react: { env: 'REACTION_RATE_LIMIT_PER_MINUTE', max: 120, timeWindow: '1 minute', per: 'user' },
  mediaServerWebhook: { env: 'MEDIA_SERVER_WEBHOOK_RATE_LIMIT_PER_MINUTE', max: 300, timeWindow: '1 minute', per: 'address' },
  oidc: { env: 'OIDC_RATE_LIMIT_PER_MINUTE', max: 30, timeWindow: '1 minute', per: 'address' },
} as const satisfies Record<string, RateLimitDefinition>;
export type RateLimitName = keyof typeof RATE_LIMITS;
/** Calls allowed per window, by limit. */
export type RateLimits = Record<RateLimitName, number>;

export const DEFAULT_RATE_LIMITS = Object.fromEntries(
  Object.entries(RATE_LIMITS).map(([name, limit]) => [name, limit.max]),
) as RateLimits;

const byUser = (request: FastifyRequest) => (request.user ? `user:${request.user.id}` : request.ip);

/** The `config.rateLimit` of a route guarded by the named limit. */
export function rateLimit(config: Config, name: RateLimitName): RateLimitOptions {
  const limit: RateLimitDefinition = RATE_LIMITS[name];
  return {
    max: config.rateLimits[name],
    timeWindow: limit.timeWindow,
    ...(limit.per === 'user' ? { keyGenerator: byUser } : {}),
  };
}

type Counted = { current: number; ttl: number };
type Incr = (key: string, callback: (error: Error | null, result?: Counted) => void, timeWindow: number, max: number) => void;
interface Store {
  incr: Incr;
  child(routeOptions: unknown): Store;
}
type StoreClass = new (continueExceeding: boolean, exponentialBackoff: boolean, ...rest: unknown[]) => Store;

// The plugin's own stores: the Redis one counts atomically in a Lua script, the local one in an LRU map.
const require = createRequire(import.meta.url);
const RedisStore = require('@fastify/rate-limit/store/RedisStore.js') as StoreClass;
const LocalStore = require('@fastify/rate-limit/store/LocalStore.js') as StoreClass;

/**
 * Counts in Redis, shared by every process, while Redis answers; counts in this
 * process meanwhile, so limits still hold (per process) when Redis is down.
 */
function sharedOrLocal(redis: Redis, shared: Store, local: Store): Store {
  return {
    incr(key, callback, timeWindow, max) {
      if (redis.status !== 'ready') return local.incr(key, callback, timeWindow, max);
      shared.incr(key, (error, result) => (error ? local.incr(key, callback, timeWindow, max) : callback(null, result)), timeWindow, max);
    },
    child: (routeOptions) => sharedOrLocal(redis, shared.child(routeOptions), local.child(routeOptions)),
  };
}

/** The store class the plugin instantiates (it passes its options, which the route children read anyway). */
function sharedStoreClass(redis: Redis, prefix: string) {
  return class SharedStore implements Store {
    private readonly root = sharedOrLocal(redis, new RedisStore(false, false, redis, prefix), new LocalStore(false, false));
    incr: Incr = (...args) => this.root.incr(...args);
    child = (routeOptions: unknown) => this.root.child(routeOptions);
  };
}

/** Registers @fastify/rate-limit (per route only); with REDIS_URL the counts live in Redis under REDIS_KEY_PREFIX. */
export async function installRateLimits(app: FastifyInstance, config: Config): Promise<void> {
  const options: RateLimitPluginOptions = {
    global: false,
    errorResponseBuilder: (_request, context) =>
      new HttpError(429, `Too many attempts. Try again in ${Math.ceil(context.ttl / 1000)} seconds.`),
  };
  if (config.redisUrl) {
    // No offline queue: a call made while Redis is away fails at once and is counted locally.
    const redis = new Redis(config.redisUrl, { enableOfflineQueue: false, maxRetriesPerRequest: 1, connectTimeout: 2000 });
    let warned = false;
    redis.on('ready', () => (warned = false));
    redis.on('error', (error: Error) => {
      if (warned) return;
      warned = true;
      app.log.warn({ err: error }, 'rate limits are counted per process until Redis answers again');
    });
    app.addHook('onClose', async () => redis.disconnect());
    options.store = sharedStoreClass(redis, `${config.redisKeyPrefix}:rate-limit:`) as unknown as RateLimitPluginOptions['store'];
  }
  await app.register(fastifyRateLimit, options);
}
