import { viewingRoutes as api } from '@movieclub/contract';
import type { FastifyInstance } from 'fastify';
import { contractRoute } from '../http/contractRoute';
import * as service from './service';

export async function routes(app: FastifyInstance): Promise<void> {
  contractRoute(app, api.create)(async (request) => ({
    success: true,
    viewing: await service.logViewing(app.db, request.user.id, request.body),
  }));

  contractRoute(app, api.change)(async (request) => ({
    success: true,
    viewing: await service.changeViewing(app.db, request.user.id, request.params.id, request.body),
  }));

  contractRoute(app, api.remove)(async (request) => {
    await service.deleteViewing(app.db, request.user.id, request.params.id);
    return { success: true };
  });

  // Diaries are public, as profiles are.
  contractRoute(app, api.diary)(async (request) => ({
    success: true,
    ...(await service.diaryOf(app.db, request.params.username, request.query)),
  }));

  contractRoute(app, api.forMovie)(async (request) => ({
    success: true,
    ...(await service.viewingsOfMovie(app.db, request.params.id, request.user?.id ?? null)),
  }));

  contractRoute(app, api.members)(async (request) => ({
    success: true,
    members: await service.membersNamed(app.db, request.user.id, request.query.q),
  }));
}
