import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Registry } from 'prom-client';
import { failure } from '../http/errors';

export const METRICS_PATH = '/metrics';

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Whether the request carries `Authorization: Bearer <token>`, compared in constant time. */
export function bearerMatches(request: FastifyRequest, expected: Buffer): boolean {
  const match = /^Bearer +(\S+) *$/i.exec(request.headers.authorization ?? '');
  // Both sides are hashed to the same length, so the comparison takes as long whatever was sent.
  return timingSafeEqual(digest(match?.[1] ?? ''), expected) && match !== null;
}

/** GET /metrics in Prometheus's text format, for a scraper holding the metrics token. Not an /api/ call: not in the OpenAPI document. */
export function metricsRoutes(registry: Registry, token: string) {
  const expected = digest(token);
  return async function routes(app: FastifyInstance) {
    app.get(METRICS_PATH, { schema: { hide: true } }, async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      if (!bearerMatches(request, expected)) {
        return reply
          .status(401)
          .header('WWW-Authenticate', 'Bearer realm="metrics"')
          .send(failure('Send the metrics token as Authorization: Bearer <token>.', 'metrics_token_wrong'));
      }
      const body = await registry.metrics();
      return reply.type(registry.contentType).send(body);
    });
  };
}
