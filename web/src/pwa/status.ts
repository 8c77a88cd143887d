/**
 * What the client knows of its connection to the server, and whether a new version
 * of the app waits to be used. Kept apart from React so the API client can report
 * to it; screens read it with `usePwaStatus` (web/src/pwa/PwaStatus.tsx).
 */
export interface PwaSnapshot {
  /** True while the server cannot be reached: the browser says it is offline, or a call got no answer and a check confirmed it. */
  offline: boolean;
  /** True while a check of the server is under way. */
  checking: boolean;
  /** Activates the waiting version and reloads; null while no new version waits. */
  update: (() => void) | null;
}

export type PwaStatus = ReturnType<typeof createPwaStatus>;

/** A store of the snapshot; the app uses one (`pwaStatus`), tests make their own. */
export function createPwaStatus(initiallyOffline = false) {
  let snapshot: PwaSnapshot = { offline: initiallyOffline, checking: false, update: null };
  let checking: Promise<boolean> | null = null;
  const listeners = new Set<() => void>();
  const set = (change: Partial<PwaSnapshot>) => {
    snapshot = { ...snapshot, ...change };
    for (const listener of listeners) listener();
  };

  /** Asks the server whether it answers at all (any HTTP reply counts), and records what it found. */
  const check = (healthUrl: string): Promise<boolean> => {
    if (!checking) {
      set({ checking: true });
      checking = fetch(healthUrl, { cache: 'no-store', credentials: 'same-origin' }).then(
        () => true,
        () => false,
      );
      void checking.then((reachable) => {
        checking = null;
        set({ offline: !reachable, checking: false });
      });
    }
    return checking;
  };

  return {
    getSnapshot: () => snapshot,
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    check,
    /** A call was answered: the server is reachable again. */
    noteAnswer(): void {
      if (snapshot.offline && !checking) set({ offline: false });
    },
    /** A call got no answer: offline once a check of `healthUrl` fails too (one failed call may be a fluke). */
    noteNetworkFailure(healthUrl: string): void {
      if (!snapshot.offline) void check(healthUrl);
    },
    /** The browser lost its network. */
    noteBrowserOffline(): void {
      set({ offline: true });
    },
    /** A new version waits; `apply` activates it and reloads. */
    offerUpdate(apply: () => void): void {
      set({ update: apply });
    },
  };
}

export const pwaStatus = createPwaStatus(typeof navigator !== 'undefined' && navigator.onLine === false);
