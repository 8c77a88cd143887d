import type { WebhookTestReply } from '@movieclub/contract';
import type { FastifyInstance } from 'fastify';
import { conflict } from '../http/errors';
import { EVENT_TEXTS } from '../webhooks/eventTexts';
import { postOnce } from '../webhooks/outbox';
import { webhookTarget } from './settings';

/**
 * Posts a test message to the webhook in effect now, once (no retries), and says what the
 * receiver answered. The receiver's reply body is not passed on, only its status.
 */
export async function sendTestMessage(app: FastifyInstance, site: string, admin: string): Promise<Omit<WebhookTestReply, 'success'>> {
  const target = await webhookTarget(app.db, app.config);
  if (!target) throw conflict('No webhook is set: enter its address and save first.', 'no_webhook');
  const words = EVENT_TEXTS[target.language];
  const event = { title: words.testTitle, text: words.testText(admin), url: site, tags: ['white_check_mark'] };
  try {
    const response = await postOnce(target, event);
    await response.body?.cancel().catch(() => undefined);
    if (response.ok) return { accepted: true, status: response.status, message: `The receiver accepted the test message (status ${response.status}).` };
    const reason = response.statusText ? ` ${response.statusText}` : '';
    return { accepted: false, status: response.status, message: `The receiver refused the test message with status ${response.status}${reason}.` };
  } catch (error) {
    const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
    app.log.info({ err: error }, 'the webhook test found no receiver');
    return { accepted: false, status: null, message: timedOut ? 'The receiver did not answer within 10 seconds.' : 'The receiver could not be reached: check the address.' };
  }
}
