import type { FastifyInstance } from 'fastify';
import type { ClubEvent } from './formats';
import { WebhookOutbox } from './outbox';

/** Where club events go: the configured webhook, or nowhere. */
export interface ClubEvents {
  post(build: () => Promise<ClubEvent | null>): void;
  idle(): Promise<void>;
}

const NOWHERE: ClubEvents = { post: () => undefined, idle: () => Promise.resolve() };

declare module 'fastify' {
  interface FastifyInstance {
    clubEvents: ClubEvents;
  }
}

/** Decorates the app with its club-event outbox; closing the app sends what is queued first. */
export function installWebhooks(app: FastifyInstance): void {
  const { webhookUrl, webhookFormat, webhookRetryMs } = app.config;
  if (!webhookUrl) {
    app.decorate('clubEvents', NOWHERE);
    return;
  }
  const outbox = new WebhookOutbox({ url: webhookUrl, format: webhookFormat, retryMs: webhookRetryMs, log: app.log });
  app.decorate('clubEvents', outbox);
  app.addHook('onClose', () => outbox.close());
}
