import { FEED_ATOM_ENTRIES, feedRoutes as api } from '@movieclub/contract';
import type { FastifyInstance } from 'fastify';
import { clubLanguage } from '../admin/settings';
import { ATOM_CACHE, ATOM_TYPE } from '../http/atom';
import { contractRoute } from '../http/contractRoute';
import { siteUrl } from '../http/siteUrl';
import { atomFeed } from './atom';
import * as service from './service';

export async function feedRoutes(app: FastifyInstance): Promise<void> {
  contractRoute(app, api.feed)(async (request) => service.feed(app.db, request.user?.id ?? null, request.query));

  // Public, as the feed is: feed readers cannot sign in. In the language asked for, else the club's.
  contractRoute(app, api.atom)(async (request, reply) => {
    const { events } = await service.feed(app.db, null, { limit: FEED_ATOM_ENTRIES });
    const language = request.query.lang ?? (await clubLanguage(app.db, app.config));
    return reply.type(ATOM_TYPE).header('Cache-Control', ATOM_CACHE).send(atomFeed(events, siteUrl(app, request), language));
  });

  contractRoute(app, api.mutes)(async (request) => service.mutes(app.db, request.user.id));

  contractRoute(app, api.mute)(async (request) => service.mute(app.db, request.user.id, request.params.username));

  contractRoute(app, api.unmute)(async (request) => service.unmute(app.db, request.user.id, request.params.username));
}
