import type { FastifyBaseLogger } from 'fastify';
import type { WebhookTarget } from '../admin/settings';
import { type ClubEvent, outgoingRequest } from './formats';

const ATTEMPTS = 4;
const TIMEOUT_MS = 10_000;
/** A service asking to wait longer than this is taken at its word only this far. */
const LONGEST_WAIT_MS = 5 * 60_000;

export interface OutboxOptions {
  /** Where events go, looked up as each is sent (an admin may change it from any process); null: nowhere. */
  target(): Promise<WebhookTarget | null>;
  retryMs: number;
  log: FastifyBaseLogger;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** One POST of `event` to the webhook in its format; throws when the receiver does not answer in time. */
export function postOnce(target: WebhookTarget, event: ClubEvent): Promise<Response> {
  const request = outgoingRequest(target.format, target.url, event);
  return fetch(request.url, { method: 'POST', headers: request.headers, body: request.body, signal: AbortSignal.timeout(TIMEOUT_MS) });
}

/** How long a 429 asks to wait: Discord's `retry_after` (seconds, in the body) or a Retry-After header. */
async function askedWait(response: Response): Promise<number | null> {
  const header = Number(response.headers.get('retry-after'));
  if (Number.isFinite(header) && header > 0) return header * 1000;
  const body = (await response.json().catch(() => null)) as { retry_after?: unknown } | null;
  return typeof body?.retry_after === 'number' ? body.retry_after * 1000 : null;
}

/**
 * Posts club events to one outside service, one at a time and in order, after the
 * request that caused them has been answered. A failure (no answer, 429 or 5xx) is tried
 * again up to three times, waiting longer each time (or as long as a 429 asks); a 4xx
 * other than 429 is the service refusing the message, and is not repeated.
 */
export class WebhookOutbox {
  private queue: Promise<void> = Promise.resolve();
  private closed = false;

  constructor(private readonly options: OutboxOptions) {}

  /** Queues the event built by `build` (null: nothing to send); never throws, never waits. */
  post(build: () => Promise<ClubEvent | null>): void {
    if (this.closed) return;
    this.queue = this.queue.then(async () => {
      try {
        const target = await this.options.target();
        if (!target) return;
        const event = await build();
        if (event) await this.deliver(target, event);
      } catch (error) {
        this.options.log.warn({ err: error }, 'a club event could not be prepared for the webhook');
      }
    });
  }

  /** Resolves once everything queued so far has been sent or given up on. */
  idle(): Promise<void> {
    return this.queue;
  }

  /** Stops taking events and waits for those already queued. */
  async close(): Promise<void> {
    this.closed = true;
    await this.queue;
  }

  private async deliver(target: WebhookTarget, event: ClubEvent): Promise<void> {
    let wait = this.options.retryMs;
    for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
      let response: Response | null = null;
      try {
        response = await postOnce(target, event);
      } catch (error) {
        this.options.log.warn({ err: error, attempt }, 'the webhook did not answer');
      }
      if (response?.ok) return;
      if (response && response.status !== 429 && response.status < 500) {
        this.options.log.warn({ status: response.status }, 'the webhook refused a club event; it is not sent again');
        return;
      }
      if (attempt === ATTEMPTS) break;
      const asked = response?.status === 429 ? await askedWait(response) : null;
      await sleep(Math.min(asked ?? wait, LONGEST_WAIT_MS));
      wait *= 4;
    }
    this.options.log.warn({ title: event.title }, `a club event was not delivered after ${ATTEMPTS} attempts`);
  }
}
