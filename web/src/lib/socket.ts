import type { ManagerOptions, Socket, SocketOptions } from 'socket.io-client';
import { withBase } from './basePath';

export type IoFactory = (options: Partial<ManagerOptions & SocketOptions>) => Socket;

export const SOCKET_CDN = 'https://cdn.socket.io/4.8.1/socket.io.min.js';

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
export function loadIo(): Promise<IoFactory> {
  loader ??= import('socket.io-client').then((module) => module.io as IoFactory).catch(loadFromCdn);
  return loader;
}

/**
 * Opens the app's socket (WebSocket only: any server process behind a balancer can take
 * it, no sticky sessions needed), retrying a lost connection with backoff. A server
 * shutting down closes its sockets itself, and socket.io does not retry those on its
 * own: it connects again, so the backoff takes over while the server is down.
 */
export function openSocket(io: IoFactory): Socket {
  const socket = io({ path: withBase('/socket.io'), withCredentials: true, transports: ['websocket'], ...RECONNECT_BACKOFF });
  socket.on('disconnect', (reason) => {
    if (reason === 'io server disconnect') socket.connect();
  });
  return socket;
}
