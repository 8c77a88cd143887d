import { healthRoutes as api } from '@movieclub/contract';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { contractRoute } from '../http/contractRoute';
import { failure } from '../http/errors';

/**
 * `GET /api/health`: each component's state. The database decides the status code
 * (503 when it does not answer, so a proxy stops sending traffic here); Redis being
 * away only degrades realtime to this process, so the reply stays 200 and says so.
 */
export async function healthRoutes(app: FastifyInstance) {
  contractRoute(app, api.health)(async (request, reply) => {
    const kind = app.database.kind;
    const realtime = app.realtime?.status() ?? 'single-process';
    try {
      await sql`select 1`.execute(app.db);
    } catch (error) {
      request.log.error({ err: error }, 'database health check failed');
      return reply.status(503).send({
        ...failure('The database is not answering.', 'unavailable'),
        database: { kind, ok: false },
        components: { database: 'down', realtime },
      });
    }
    return {
      success: true,
      status: realtime === 'degraded' ? 'degraded' : 'ok',
      database: { kind, ok: true },
      components: { database: 'ok', realtime },
    };
  });
}
