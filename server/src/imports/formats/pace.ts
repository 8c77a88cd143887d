import { setImmediate as nextTurn } from 'node:timers/promises';

/** Work done in slices this long at most before other requests get their turn. */
const SLICE_MS = 15;

/**
 * Keeps long, synchronous-looking work (unzipping, reading CSV rows) from holding the event
 * loop: call `turn()` often; every SLICE_MS it waits one turn of the loop.
 */
export class Pace {
  private since = performance.now();

  async turn(): Promise<void> {
    if (performance.now() - this.since < SLICE_MS) return;
    await nextTurn();
    this.since = performance.now();
  }
}
