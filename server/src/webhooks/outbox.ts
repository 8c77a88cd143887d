import type { LanguageCode } from '@movieclub/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { WebhookTarget } from '../admin/settings';
import type { Database } from '../db/schema';
import { type ClubEvent, outgoingRequest } from './formats';
import * as q from './queries';
import type { OutboxRow } from './queries';

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

/** How long a process keeps an event it is sending to itself; after that another may take it. */
const CLAIM_MS = 60_000;
/** How often `idle()` looks at the outbox while events wait (tests use it). */
const IDLE_POLL_MS = 20;

const at = (ms: number) => new Date(ms).toISOString();

/**
 * Posts club events to one outside service, in order, after the request that caused them
 * has been answered. Each event is written to the `webhook_outbox` table first, so a restart
 * or a crash loses none: any process sends the oldest one when it is due. A failure (no
 * answer, 429 or 5xx) is tried again up to three times, waiting longer each time (or as long
 * as a 429 asks); a 4xx other than 429 is the service refusing the message, and is not repeated.
 */
export class WebhookOutbox {
  /** Building and storing events, in the order they were posted. */
  private storing: Promise<void> = Promise.resolve();
  private sending: Promise<void> | null = null;
  /** Set by every kick, so a kick during a send is not lost. */
  private again = false;
  private timer: NodeJS.Timeout | null = null;
  private closed = false;

  constructor(private readonly options: OutboxOptions & { db: Kysely<Database> }) {}

  /** Sends what earlier runs left waiting. */
  start(): void {
    this.kick();
  }

  /** Stores the event built by `build` in the club's language (null: nothing to send); never throws, never waits. */
  post(build: (language: LanguageCode) => Promise<ClubEvent | null>): void {
    if (this.closed) return;
    this.storing = this.storing.then(async () => {
      try {
        const target = await this.options.target();
        if (!target) return;
        const event = await build(target.language);
        if (!event) return;
        await q.enqueue(this.options.db, event, at(Date.now()));
        this.kick();
      } catch (error) {
        this.options.log.warn({ err: error }, 'a club event could not be prepared for the webhook');
      }
    });
  }

  /** Resolves once nothing waits in the outbox: every event sent or given up on (by any process). */
  async idle(): Promise<void> {
    for (;;) {
      await this.storing;
      if (this.sending) {
        await this.sending;
        continue;
      }
      if (!(await q.anyWaiting(this.options.db))) return;
      await sleep(IDLE_POLL_MS);
      this.kick();
    }
  }

  /** Stops sending after the event in hand; what still waits stays in the outbox for the next start. */
  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    await this.storing;
    await this.sending;
  }

  private kick(): void {
    this.again = true;
    if (this.closed || this.sending) return;
    this.sending = this.drain()
      .catch((error) => this.options.log.warn({ err: error }, 'the webhook outbox could not be read'))
      .finally(() => {
        this.sending = null;
      });
  }

  private async drain(): Promise<void> {
    while (!this.closed) {
      this.again = false;
      const now = Date.now();
      const next = await q.claimOldest(this.options.db, at(now), at(now + CLAIM_MS));
      if (next && 'row' in next) {
        await this.attempt(next.row);
        continue;
      }
      if (this.again) continue;
      if (next) this.lookAgainAt(Date.parse(next.lookAgainAt));
      return;
    }
  }

  private lookAgainAt(time: number): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => this.kick(), Math.max(0, time - Date.now()) + 5);
    this.timer.unref();
  }

  private async attempt(row: OutboxRow): Promise<void> {
    const { db, log } = this.options;
    const target = await this.options.target();
    // The webhook was removed while the event waited: there is nowhere to send it.
    if (!target) return void (await q.remove(db, row.id));
    let response: Response | null = null;
    try {
      response = await postOnce(target, row.event);
    } catch (error) {
      log.warn({ err: error, attempt: row.attempts + 1 }, 'the webhook did not answer');
    }
    if (response?.ok) return void (await q.remove(db, row.id));
    if (response && response.status !== 429 && response.status < 500) {
      log.warn({ status: response.status }, 'the webhook refused a club event; it is not sent again');
      return void (await q.remove(db, row.id));
    }
    const attempts = row.attempts + 1;
    if (attempts >= ATTEMPTS) {
      log.warn({ title: row.event.title }, `a club event was not delivered after ${ATTEMPTS} attempts`);
      return void (await q.remove(db, row.id));
    }
    const asked = response?.status === 429 ? await askedWait(response) : null;
    const wait = Math.min(asked ?? this.options.retryMs * 4 ** (attempts - 1), LONGEST_WAIT_MS);
    await q.retryLater(db, row.id, attempts, at(Date.now() + wait));
  }
}
