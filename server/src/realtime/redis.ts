import type { FastifyBaseLogger } from 'fastify';
import { createClient } from 'redis';

/** How realtime reaches other processes: through Redis, Redis currently unreachable, or no Redis configured. */
export type RealtimeStatus = 'ok' | 'degraded' | 'single-process';

type RedisClient = ReturnType<typeof createClient>;

export interface RedisPair {
  /** The connections as the adapter should use them. */
  pub: RedisClient;
  sub: RedisClient;
  /** Both connections are up, so events reach every process. */
  ready(): boolean;
  close(): Promise<void>;
}

/** Retry quickly at first, then every two seconds, for as long as Redis is away. */
const reconnectDelay = (retries: number) => Math.min(100 * 2 ** retries, 2000);

/**
 * The adapter sends its commands without awaiting them; while Redis is away (or when
 * the process closes before it ever came) they fail, and an unhandled failure would end
 * the process. This view of a client marks every command's failure as handled.
 */
function withoutUnhandledFailures(client: RedisClient): RedisClient {
  return new Proxy(client, {
    get(target, property) {
      const value: unknown = Reflect.get(target, property, target);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        const result: unknown = value.apply(target, args);
        if (result instanceof Promise) result.catch(() => {});
        return result;
      };
    },
  });
}

/**
 * The publisher and subscriber connections of the socket.io Redis adapter. They
 * connect in the background and keep retrying, so a process starts and serves
 * HTTP while Redis is down; one warning is logged per outage, not one per retry.
 */
export function connectRedis(url: string, log: FastifyBaseLogger): RedisPair {
  const pub = createClient({ url, socket: { reconnectStrategy: reconnectDelay } });
  const sub = pub.duplicate();
  let down = false;
  const ready = () => pub.isReady && sub.isReady;
  for (const client of [pub, sub]) {
    client.on('error', (error: unknown) => {
      if (down) return;
      down = true;
      log.warn({ err: error }, 'Redis is unreachable: realtime reaches this process only; reconnecting');
    });
    client.on('ready', () => {
      if (!ready()) return;
      if (down) log.info('Redis is reachable again: realtime reaches every process');
      down = false;
    });
    // Resolves once connected; retries meanwhile. Failures are reported by the 'error' listener.
    client.connect().catch(() => {});
  }
  return {
    pub: withoutUnhandledFailures(pub),
    sub: withoutUnhandledFailures(sub),
    ready,
    async close() {
      // QUIT would wait for a connection that may never come back.
      await Promise.allSettled([pub, sub].map((client) => (client.isReady ? client.close() : client.destroy())));
    },
  };
}
