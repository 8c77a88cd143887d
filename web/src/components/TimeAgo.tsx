import { useSyncExternalStore } from 'react';
import { fullTime, timeAgo } from '../lib/timeAgo';

/** How often shown relative times are written again: 'now' becomes '1 minute ago' within this. */
const TICK_MS = 20_000;

// One timer for every relative time on the page, running while any is shown.
const listeners = new Set<() => void>();
let timer: ReturnType<typeof setInterval> | undefined;

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  timer ??= setInterval(() => listeners.forEach((notify) => notify()), TICK_MS);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      clearInterval(timer);
      timer = undefined;
    }
  };
}

// The clock read to the tick, so that two reads within one render agree.
const tickNow = () => Math.floor(Date.now() / TICK_MS) * TICK_MS;

/** A moment as '5 minutes ago' (see timeAgo), kept current while shown; the whole date and time on hover. */
export function TimeAgo({ iso }: { iso: string }) {
  const now = useSyncExternalStore(subscribe, tickNow);
  return (
    <time dateTime={iso} title={fullTime(iso)}>
      {timeAgo(iso, now)}
    </time>
  );
}
