import type { LanguageCode } from '@movieclub/contract';
import type { FastifyInstance } from 'fastify';
import { webhookTarget } from '../admin/settings';
import type { ClubEvent } from './formats';
import { WebhookOutbox } from './outbox';

/** Where club events go: the configured webhook, or nowhere. */
export interface ClubEvents {
  /** `build` writes the event in the club's language. */
  post(build: (language: LanguageCode) => Promise<ClubEvent | null>): void;
  idle(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    clubEvents: ClubEvents;
  }
}

/**
 * Decorates the app with its club-event outbox, which starts on what earlier runs left
 * waiting once the app is ready. The webhook is looked up in the database as each event is
 * sent: the admin page's setting (from any server process), else WEBHOOK_URL, else nowhere.
 */
export function installWebhooks(app: FastifyInstance): void {
  const outbox = new WebhookOutbox({ db: app.db, target: () => webhookTarget(app.db, app.config), retryMs: app.config.webhookRetryMs, log: app.log });
  app.decorate('clubEvents', outbox);
  app.addHook('onReady', async () => outbox.start());
  app.addHook('onClose', () => outbox.close());
}
