import {
  WATCHLIST_EVENTS,
  watchlistRoutes as api,
  type WatchlistChangedEvent,
  type WatchlistPickEvent,
} from '@movieclub/contract';
import type { FastifyInstance } from 'fastify';
import { contractRoute, keptReplies } from '../http/contractRoute';
import { rateLimit } from '../http/rateLimits';
import { announceListChange } from './announce';
import * as service from './service';

export async function routes(app: FastifyInstance): Promise<void> {
  const changed = (watchlistId: number, what: WatchlistChangedEvent['what']) => announceListChange(app, watchlistId, what);

  const publicListsReply = keptReplies((page: Awaited<ReturnType<typeof service.publicLists>>) => ({ success: true as const, ...page }));
  contractRoute(app, api.publicLists)(async (request) => {
    const { q: text, limit, offset } = request.query;
    const page = await service.publicLists(app.db, { q: text || null, limit, offset });
    return publicListsReply(page);
  });

  contractRoute(app, api.mine)(async (request) => {
    const list = await service.ensurePersonalList(app.db, request.user.id);
    return { success: true, watchlist: await service.describeList(app.db, service.ownerAccess(list)) };
  });

  contractRoute(app, api.get)(async (request) => {
    const access = await service.accessList(app.db, request.params.id, request.user);
    return { success: true, watchlist: await service.describeList(app.db, access) };
  });

  contractRoute(app, api.createPublic, { config: { rateLimit: rateLimit(app.config, 'createList') } })(async (request) => {
    const list = await service.createPublicList(app.db, request.user.id, request.body.name);
    return { success: true, watchlist: await service.describeList(app.db, service.ownerAccess(list)) };
  });

  contractRoute(app, api.addToMine)(async (request) => {
    const { listId, added } = await service.addToPersonalList(app.db, request.user.id, request.body.movie_id);
    if (added) changed(listId, 'items');
    return { success: true, watchlist_id: listId, added };
  });

  contractRoute(app, api.addItem)(async (request) => {
    const { id } = request.params;
    await service.accessList(app.db, id, request.user);
    const added = await service.addItem(app.db, id, request.body.movie_id, request.user.id);
    if (added) changed(id, 'items');
    return { success: true, watchlist_id: id, added };
  });

  contractRoute(app, api.removeItem)(async (request) => {
    const { id, movieId } = request.params;
    const access = await service.accessList(app.db, id, request.user);
    await service.removeItem(app.db, access, movieId);
    changed(id, 'items');
    return { success: true };
  });

  contractRoute(app, api.reorder)(async (request) => {
    const { id } = request.params;
    const access = await service.accessList(app.db, id, request.user);
    await service.reorder(app.db, access, request.body.order);
    changed(id, 'items');
    return { success: true };
  });

  contractRoute(app, api.description)(async (request) => {
    const { id } = request.params;
    const access = await service.accessList(app.db, id, request.user);
    const description = await service.setDescription(app.db, access, request.body.description);
    changed(id, 'description');
    return { success: true, description };
  });

  contractRoute(app, api.pick)(async (request) => {
    const { id } = request.params;
    const access = await service.accessList(app.db, id, request.user);
    const result = await service.pick(app.db, access, request.user.id);
    const event: WatchlistPickEvent = { watchlist_id: id, ...result };
    app.realtime.toWatchlist(id, WATCHLIST_EVENTS.pick, event);
    return { success: true, ...result };
  });

  contractRoute(app, api.addModerator)(async (request) => {
    const { watchlist_id, username } = request.body;
    const access = await service.accessList(app.db, watchlist_id, request.user);
    const moderators = await service.addModerator(app.db, access, username);
    changed(watchlist_id, 'moderators');
    return { success: true, ...moderators };
  });

  contractRoute(app, api.removeModerator)(async (request) => {
    const { watchlist_id, username } = request.body;
    const access = await service.accessList(app.db, watchlist_id, request.user);
    const moderators = await service.removeModerator(app.db, access, username);
    changed(watchlist_id, 'moderators');
    return { success: true, ...moderators };
  });
}
