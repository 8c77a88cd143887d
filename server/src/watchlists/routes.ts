import {
  addItemRequest,
  createPublicListRequest,
  descriptionRequest,
  moderatorRequest,
  orderRequest,
  publicListsQuery,
  WATCHLIST_EVENTS,
  type WatchlistChangedEvent,
  type WatchlistPickEvent,
} from '@movieclub/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requireUser } from '../auth/session';
import { rateLimit } from '../http/rateLimits';
import { parseId, parseInput } from '../http/validate';
import * as service from './service';

const listId = (request: FastifyRequest) => parseId((request.params as { id?: string }).id, 'The watchlist id is not valid.');

export async function routes(app: FastifyInstance): Promise<void> {
  const changed = (watchlistId: number, what: WatchlistChangedEvent['what']) => {
    const event: WatchlistChangedEvent = { watchlist_id: watchlistId, what };
    app.realtime.toWatchlist(watchlistId, WATCHLIST_EVENTS.changed, event);
  };

  app.get('/api/watchlists/public', async (request) => {
    const { q: text, limit, offset } = parseInput(publicListsQuery, request.query ?? {}, 'query');
    const watchlists = await service.publicLists(app.db, { q: text || null, limit, offset });
    return { success: true, watchlists };
  });

  app.get('/api/watchlists/mine', async (request) => {
    const user = requireUser(request);
    const list = await service.ensurePersonalList(app.db, user.id);
    return { success: true, watchlist: await service.describeList(app.db, list) };
  });

  app.get('/api/watchlists/:id', async (request) => {
    const access = await service.accessList(app.db, listId(request), request.user);
    return { success: true, watchlist: await service.describeList(app.db, access.list) };
  });

  app.post('/api/watchlists/public', { config: { rateLimit: rateLimit(app.config, 'createList') } }, async (request) => {
    const user = requireUser(request);
    const { name } = parseInput(createPublicListRequest, request.body);
    const list = await service.createPublicList(app.db, user.id, name);
    return { success: true, watchlist: await service.describeList(app.db, list) };
  });

  app.post('/api/watchlists/mine/items', async (request) => {
    const user = requireUser(request);
    const { movie_id } = parseInput(addItemRequest, request.body);
    const list = await service.ensurePersonalList(app.db, user.id);
    const added = await service.addItem(app.db, list.id, movie_id, user.id);
    if (added) changed(list.id, 'items');
    return { success: true, watchlist_id: list.id, added };
  });

  app.post('/api/watchlists/:id/items', async (request) => {
    const user = requireUser(request);
    const id = listId(request);
    const { movie_id } = parseInput(addItemRequest, request.body);
    await service.accessList(app.db, id, user);
    const added = await service.addItem(app.db, id, movie_id, user.id);
    if (added) changed(id, 'items');
    return { success: true, watchlist_id: id, added };
  });

  app.delete('/api/watchlists/:id/items/:movieId', async (request) => {
    const user = requireUser(request);
    const id = listId(request);
    const movieId = parseId((request.params as { movieId?: string }).movieId, 'The movie id is not valid.');
    const access = await service.accessList(app.db, id, user);
    await service.removeItem(app.db, access, movieId);
    changed(id, 'items');
    return { success: true };
  });

  app.put('/api/watchlists/:id/items/order', async (request) => {
    const user = requireUser(request);
    const id = listId(request);
    const { order } = parseInput(orderRequest, request.body);
    const access = await service.accessList(app.db, id, user);
    await service.reorder(app.db, access, order);
    changed(id, 'items');
    return { success: true };
  });

  app.put('/api/watchlists/:id/description', async (request) => {
    const user = requireUser(request);
    const id = listId(request);
    const input = parseInput(descriptionRequest, request.body);
    const access = await service.accessList(app.db, id, user);
    const description = await service.setDescription(app.db, access, input.description);
    changed(id, 'description');
    return { success: true, description };
  });

  app.post('/api/watchlists/:id/pick', async (request) => {
    const user = requireUser(request);
    const id = listId(request);
    const access = await service.accessList(app.db, id, user);
    const result = await service.pick(app.db, access, user.id);
    const event: WatchlistPickEvent = { watchlist_id: id, ...result };
    app.realtime.toWatchlist(id, WATCHLIST_EVENTS.pick, event);
    return { success: true, ...result };
  });

  app.post('/api/add_moderator', async (request) => {
    const user = requireUser(request);
    const input = parseInput(moderatorRequest, request.body);
    const access = await service.accessList(app.db, input.watchlist_id, user);
    const moderators = await service.addModerator(app.db, access, input.username);
    changed(input.watchlist_id, 'moderators');
    return { success: true, ...moderators };
  });

  app.post('/api/remove_moderator', async (request) => {
    const user = requireUser(request);
    const input = parseInput(moderatorRequest, request.body);
    const access = await service.accessList(app.db, input.watchlist_id, user);
    const moderators = await service.removeModerator(app.db, access, input.username);
    changed(input.watchlist_id, 'moderators');
    return { success: true, ...moderators };
  });
}
