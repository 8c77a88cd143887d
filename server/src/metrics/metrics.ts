import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { type AppDatabase, postgresPoolOf, QUERY_OPERATIONS } from '../db/database';
import { routeOf } from './requestLog';
import { metricsRoutes } from './routes';
import { importMetrics, mediaServerMetrics } from './stored';

export const METRICS_PREFIX = 'movieclub_';

/** What other modules may add metrics to (this app's registry, never prom-client's global one). */
export interface AppMetrics {
  registry: Registry;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Null while METRICS_TOKEN is unset. */
    metrics: AppMetrics | null;
  }
}

const HTTP_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/** Seconds: from a cached read to a slow export. */
const HTTP_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const QUERY_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5];

function httpMetrics(app: FastifyInstance, registry: Registry) {
  const requests = new Counter({
    name: `${METRICS_PREFIX}http_requests_total`,
    help: 'HTTP requests answered, by method, route pattern and status.',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const duration = new Histogram({
    name: `${METRICS_PREFIX}http_request_duration_seconds`,
    help: 'Time from receiving a request to sending its reply, by method, route pattern and status class (2xx…5xx).',
    labelNames: ['method', 'route', 'status_class'] as const,
    buckets: HTTP_BUCKETS,
    registers: [registry],
  });
  app.addHook('onResponse', async (request: FastifyRequest, reply: FastifyReply) => {
    const method = HTTP_METHODS.has(request.method) ? request.method : 'OTHER';
    const route = routeOf(request);
    requests.inc({ method, route, status: String(reply.statusCode) });
    duration.observe({ method, route, status_class: `${Math.floor(reply.statusCode / 100)}xx` }, reply.elapsedTime / 1000);
  });
}

function databaseMetrics(app: FastifyInstance, registry: Registry, database: AppDatabase) {
  const duration = new Histogram({
    name: `${METRICS_PREFIX}db_query_duration_seconds`,
    help: 'Time each database query took, by kind of statement (select, insert, update, delete, transaction, schema, other).',
    labelNames: ['operation'] as const,
    buckets: QUERY_BUCKETS,
    registers: [registry],
  });
  const failures = new Counter({
    name: `${METRICS_PREFIX}db_query_errors_total`,
    help: 'Database queries that failed, by kind of statement.',
    labelNames: ['operation'] as const,
    registers: [registry],
  });
  for (const operation of QUERY_OPERATIONS) failures.inc({ operation }, 0);
  const stop = database.observeQueries((event) => {
    duration.observe({ operation: event.operation }, event.durationMs / 1000);
    if (event.failed) failures.inc({ operation: event.operation });
  });
  app.addHook('onClose', async () => stop());

  // SQLite has no pool: one connection inside the process, nothing to report.
  const pool = postgresPoolOf(database.db);
  if (!pool) return;
  const poolGauge = (name: string, help: string, read: () => number) =>
    new Gauge({
      name: `${METRICS_PREFIX}${name}`,
      help,
      registers: [registry],
      collect() {
        this.set(read());
      },
    });
  poolGauge('db_pool_connections', 'PostgreSQL connections open in this process’s pool.', () => pool.totalCount);
  poolGauge('db_pool_idle_connections', 'Open PostgreSQL connections not running a query.', () => pool.idleCount);
  poolGauge('db_pool_waiting_queries', 'Queries waiting for a free PostgreSQL connection.', () => pool.waitingCount);
  poolGauge('db_pool_max_connections', 'The most PostgreSQL connections the pool may open.', () => pool.options.max ?? 10);
}

function realtimeMetrics(app: FastifyInstance, registry: Registry) {
  new Gauge({
    name: `${METRICS_PREFIX}socketio_connections`,
    help: 'socket.io connections open to this process.',
    registers: [registry],
    collect() {
      // Read at scrape time; the realtime server is created after the routes.
      this.set(app.realtime?.connectionCount() ?? 0);
    },
  });
}

/**
 * Prometheus metrics at GET /metrics, when METRICS_TOKEN is set: HTTP requests by route pattern,
 * database queries and pool, socket.io connections, running imports, media-server webhook events
 * and the process's own (CPU, memory, event-loop lag, handles). Without the token nothing is
 * collected and /metrics is an unknown address.
 */
export async function installMetrics(app: FastifyInstance, database: AppDatabase) {
  const token = app.config.metricsToken;
  if (!token) {
    app.decorate('metrics', null);
    return;
  }
  // One registry per app: several apps in one process (tests) keep their own counts.
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: METRICS_PREFIX });
  httpMetrics(app, registry);
  databaseMetrics(app, registry, database);
  realtimeMetrics(app, registry);
  importMetrics(app, registry);
  mediaServerMetrics(app, registry);
  app.decorate('metrics', { registry });
  await app.register(metricsRoutes(registry, token));
}
