import { NOTIFICATION_EVENTS, notificationRoutes as api, type NotificationsChangedEvent } from '@movieclub/contract';
import type { FastifyInstance } from 'fastify';
import { contractRoute } from '../http/contractRoute';
import * as service from './service';

export async function notificationRoutes(app: FastifyInstance): Promise<void> {
  contractRoute(app, api.list)(async (request) => ({ success: true, ...(await service.list(app.db, request.user.id, request.query)) }));

  contractRoute(app, api.read)(async (request) => {
    const unread = await service.markRead(app.db, request.user.id, request.body.ids);
    // The member's other tabs and devices update their badge.
    app.realtime.toUser(request.user.id, NOTIFICATION_EVENTS.changed, { unread, notification: null } satisfies NotificationsChangedEvent);
    return { success: true, unread };
  });

  contractRoute(app, api.settings)(async (request) => ({ success: true, kinds: await service.settings(app.db, request.user.id) }));

  contractRoute(app, api.setKind)(async (request) => ({
    success: true,
    kinds: await service.setKind(app.db, request.user.id, request.body.kind, request.body.on),
  }));
}
