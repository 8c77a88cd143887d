import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';

export async function healthRoutes(app: FastifyInstance) {
  app.get('/api/health', async (request, reply) => {
    const kind = app.database.kind;
    try {
      await sql`select 1`.execute(app.db);
      return { success: true, status: 'ok', database: { kind, ok: true } };
    } catch (error) {
      request.log.error({ err: error }, 'database health check failed');
      return reply.status(503).send({ success: false, error: 'The database is not answering.', database: { kind, ok: false } });
    }
  });
}
