import { viewingRoutes as api } from '@movieclub/contract';
import type { FastifyInstance } from 'fastify';
import { clubLanguage } from '../admin/settings';
import { ATOM_CACHE, ATOM_TYPE } from '../http/atom';
import { contractRoute } from '../http/contractRoute';
import { siteUrl } from '../http/siteUrl';
import { notifyLater } from '../notifications/notify';
import { viewingTagged } from '../notifications/producers';
import * as service from './service';

export async function routes(app: FastifyInstance): Promise<void> {
  /** Members newly tagged in a viewing hear of it (a movie night's attendance tags through its own path, and does not). */
  const tell = (user: { id: number; username: string }, saved: service.SavedViewing) => {
    if (saved.newlyTagged.length === 0) return;
    const actor = { id: user.id, username: user.username };
    const { id: viewingId, movie_id: movieId } = saved.viewing;
    notifyLater(app, 'viewing tag', () => viewingTagged(app, { viewingId, movieId, actor, userIds: saved.newlyTagged }));
  };

  contractRoute(app, api.create)(async (request) => {
    const saved = await service.logViewing(app.db, request.user.id, request.body);
    tell(request.user, saved);
    return { success: true, viewing: saved.viewing };
  });

  contractRoute(app, api.change)(async (request) => {
    const saved = await service.changeViewing(app.db, request.user.id, request.params.id, request.body);
    tell(request.user, saved);
    return { success: true, viewing: saved.viewing };
  });

  contractRoute(app, api.remove)(async (request) => {
    await service.deleteViewing(app.db, request.user.id, request.params.id);
    return { success: true };
  });

  // Diaries are public, as profiles are.
  contractRoute(app, api.diary)(async (request) => ({
    success: true,
    ...(await service.diaryOf(app.db, request.params.username, request.query)),
  }));

  // Public, as the diary is; in the language asked for, else the club's.
  contractRoute(app, api.diaryAtom)(async (request, reply) => {
    const language = request.query.lang ?? (await clubLanguage(app.db, app.config));
    const atom = await service.diaryFeed(app.db, request.params.username, siteUrl(app, request), language);
    return reply.type(ATOM_TYPE).header('Cache-Control', ATOM_CACHE).send(atom);
  });

  contractRoute(app, api.forMovie)(async (request) => ({
    success: true,
    ...(await service.viewingsOfMovie(app.db, request.params.id, request.user?.id ?? null)),
  }));

  contractRoute(app, api.members)(async (request) => ({
    success: true,
    members: await service.membersNamed(app.db, request.user.id, request.query.q),
  }));
}
