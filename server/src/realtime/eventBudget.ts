import { SOCKET_EVENT_BURST, SOCKET_EVENTS_PER_SECOND, SOCKET_REFUSALS_BEFORE_DISCONNECT } from '@movieclub/contract';

export { SOCKET_EVENT_BURST, SOCKET_EVENTS_PER_SECOND, SOCKET_REFUSALS_BEFORE_DISCONNECT };

export const TOO_MANY_EVENTS = 'Too many requests on this connection. Try again in a few seconds.';

/** A token bucket: `burst` events at once, refilled at `perSecond`; counts refusals since the last accepted event. */
export class EventBudget {
  private tokens: number;
  private refilledAt = performance.now();
  refusedInARow = 0;

  constructor(
    private readonly burst = SOCKET_EVENT_BURST,
    private readonly perSecond = SOCKET_EVENTS_PER_SECOND,
  ) {
    this.tokens = burst;
  }

  /** Spends one token if there is one. */
  take(): boolean {
    const now = performance.now();
    this.tokens = Math.min(this.burst, this.tokens + ((now - this.refilledAt) / 1000) * this.perSecond);
    this.refilledAt = now;
    if (this.tokens >= 1) {
      this.tokens -= 1;
      this.refusedInARow = 0;
      return true;
    }
    this.refusedInARow += 1;
    return false;
  }
}
