import type { FastifyInstance } from 'fastify';
import { webhookTarget } from '../admin/settings';
import type { ClubEvent } from './formats';
import { WebhookOutbox } from './outbox';

/** Where club events go: the configured webhook, or nowhere. */
export interface ClubEvents {
  post(build: () => Promise<ClubEvent | null>): void;
  idle(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    clubEvents: ClubEvents;
  }
}

/**
 * Decorates the app with its club-event outbox; closing the app sends what is queued first.
 * The webhook is looked up in the database as each event is sent: the admin page's setting
 * (from any server process), else WEBHOOK_URL, else nowhere.
 */
export function installWebhooks(app: FastifyInstance): void {
  const outbox = new WebhookOutbox({ target: () => webhookTarget(app.db, app.config), retryMs: app.config.webhookRetryMs, log: app.log });
  app.decorate('clubEvents', outbox);
  app.addHook('onClose', () => outbox.close());
}
