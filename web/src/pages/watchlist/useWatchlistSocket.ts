import { WATCHLIST_EVENTS, type WatchlistChangedEvent, type WatchlistErrorEvent, type WatchlistPickEvent } from '@movieclub/contract';
import { useEffect, useRef, useState } from 'react';
import type { ManagerOptions, Socket, SocketOptions } from 'socket.io-client';

type IoFactory = (options: Partial<ManagerOptions & SocketOptions>) => Socket;

export const SOCKET_CDN = 'https://cdn.socket.io/4.8.1/socket.io.min.js';
export const REALTIME_DISABLED = 'Realtime disabled (socket.io load failed)';
export const REALTIME_CONNECTION_FAILED = 'Realtime connection failed';
export const REALTIME_INIT_FAILED = 'Realtime init failed';

function loadFromCdn(): Promise<IoFactory> {
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = SOCKET_CDN;
    script.async = true;
    script.onload = () => {
      const io = (window as unknown as { io?: IoFactory }).io;
      if (io) resolve(io);
      else reject(new Error('socket.io did not load'));
    };
    script.onerror = () => reject(new Error('socket.io did not load'));
    document.head.appendChild(script);
  });
}

/** Retry after about 0.5 s, doubling up to 5 s, with jitter so restarted servers are not hit all at once. */
const RECONNECT_BACKOFF = { reconnection: true, reconnectionDelay: 500, reconnectionDelayMax: 5000, randomizationFactor: 0.5 } as const;

let loader: Promise<IoFactory> | null = null;

/** The socket.io client: the bundled package, else the CDN copy. Loaded once per page load. */
function loadIo(): Promise<IoFactory> {
  loader ??= import('socket.io-client').then((module) => module.io as IoFactory).catch(loadFromCdn);
  return loader;
}

export interface SocketHandlers {
  onPick(event: WatchlistPickEvent): void;
  onChanged(event: WatchlistChangedEvent): void;
}

/**
 * Keeps one socket for the page, subscribed to the selected list: init and
 * pick events update the picker, changed events reload the list. Switching
 * lists unsubscribes from the previous one. A lost connection is retried with
 * backoff and every (re)connect subscribes again. Returns the realtime problem
 * to show ('Realtime connection failed' while it cannot connect), or ''.
 */
export function useWatchlistSocket(listId: number | null, handlers: SocketHandlers): string {
  const [socket, setSocket] = useState<Socket | null>(null);
  const [problem, setProblem] = useState('');
  const handlersRef = useRef(handlers);
  useEffect(() => {
    handlersRef.current = handlers;
  });

  useEffect(() => {
    let cancelled = false;
    let created: Socket | null = null;
    loadIo().then(
      (io) => {
        if (cancelled) return;
        let socket: Socket;
        try {
          // WebSocket only: any server process behind a balancer can take it, no sticky sessions needed.
          socket = io({ path: '/socket.io', withCredentials: true, transports: ['websocket'], ...RECONNECT_BACKOFF });
        } catch {
          setProblem(REALTIME_INIT_FAILED);
          return;
        }
        created = socket;
        socket.on('connect', () => setProblem(''));
        socket.on('connect_error', () => setProblem(REALTIME_CONNECTION_FAILED));
        socket.on('disconnect', (reason) => {
          // A server shutting down closes its sockets itself, and socket.io does not retry
          // those on its own: connect again, so the manager's backoff takes over if it is down.
          if (reason === 'io server disconnect') socket.connect();
        });
        created.on(WATCHLIST_EVENTS.error, (event: WatchlistErrorEvent) => console.warn('watchlist:error', event?.message));
        setSocket(created);
      },
      () => {
        if (!cancelled) setProblem(REALTIME_DISABLED);
      },
    );
    return () => {
      cancelled = true;
      created?.disconnect();
    };
  }, []);

  useEffect(() => {
    if (!socket || listId === null) return;
    const subscribe = () => socket.emit(WATCHLIST_EVENTS.subscribe, { watchlist_id: listId });
    const onPick = (event: WatchlistPickEvent) => {
      if (event?.watchlist_id === listId) handlersRef.current.onPick(event);
    };
    const onChanged = (event: WatchlistChangedEvent) => {
      if (event?.watchlist_id === listId) handlersRef.current.onChanged(event);
    };
    socket.on(WATCHLIST_EVENTS.init, onPick);
    socket.on(WATCHLIST_EVENTS.pick, onPick);
    socket.on(WATCHLIST_EVENTS.changed, onChanged);
    let connectedBefore = socket.connected;
    // Subscribing again after a reconnect restores the room and refreshes the pick;
    // the list is reloaded too, for changes made while the connection was down.
    const onConnect = () => {
      subscribe();
      if (connectedBefore) handlersRef.current.onChanged({ watchlist_id: listId, what: 'items' });
      connectedBefore = true;
    };
    socket.on('connect', onConnect);
    if (socket.connected) subscribe();
    return () => {
      socket.emit(WATCHLIST_EVENTS.unsubscribe, { watchlist_id: listId });
      socket.off(WATCHLIST_EVENTS.init, onPick);
      socket.off(WATCHLIST_EVENTS.pick, onPick);
      socket.off(WATCHLIST_EVENTS.changed, onChanged);
      socket.off('connect', onConnect);
    };
  }, [socket, listId]);

  return problem;
}
