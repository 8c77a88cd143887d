import { importRoutes as api } from '@movieclub/contract';
import type { FastifyInstance } from 'fastify';
import { contractRoute } from '../http/contractRoute';
import * as service from './service';

export async function routes(app: FastifyInstance): Promise<void> {
  contractRoute(app, api.export)(async (request, reply) => {
    const { zip, fileName } = await service.exportZip(app.db, request.user.id, request.query.format);
    return reply
      .header('Content-Type', 'application/zip')
      .header('Content-Disposition', `attachment; filename="${fileName}"`)
      .header('Cache-Control', 'no-store')
      .send(zip);
  });
}
