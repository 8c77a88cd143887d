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
 * lists unsubscribes from the previous one. Returns the realtime problem to
 * show, or '' when all is well.
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
        try {
          // WebSocket only: any server process behind a balancer can take it, no sticky sessions needed.
          created = io({ path: '/socket.io', withCredentials: true, transports: ['websocket'] });
        } catch {
          setProblem(REALTIME_INIT_FAILED);
          return;
        }
        created.on('connect', () => setProblem(''));
        created.on('connect_error', () => setProblem(REALTIME_CONNECTION_FAILED));
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
    // Subscribing again after a reconnect restores the room and refreshes the pick.
    socket.on('connect', subscribe);
    if (socket.connected) subscribe();
    return () => {
      socket.emit(WATCHLIST_EVENTS.unsubscribe, { watchlist_id: listId });
      socket.off(WATCHLIST_EVENTS.init, onPick);
      socket.off(WATCHLIST_EVENTS.pick, onPick);
      socket.off(WATCHLIST_EVENTS.changed, onChanged);
      socket.off('connect', subscribe);
    };
  }, [socket, listId]);

  return problem;
}
