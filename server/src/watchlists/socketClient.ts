import { io, type Socket } from 'socket.io-client';

/** A socket.io client as a browser tab would open it, carrying the tab's cookies. */
export function connectSocket(baseUrl: string, cookie = '', headers: Record<string, string> = {}): Socket {
  return io(baseUrl, {
    path: '/socket.io',
    transports: ['websocket'],
    extraHeaders: { ...(cookie ? { cookie } : {}), ...headers },
    reconnection: false,
    forceNew: true,
  });
}

/** Resolves with the next `event` payload, or rejects after `ms`. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read the payloads as loose JSON
export function nextEvent<T = any>(socket: Socket, event: string, ms = 5000): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      socket.off(event, listener);
      reject(new Error(`no ${event} within ${ms} ms`));
    }, ms);
    const listener = (payload: T) => {
      clearTimeout(timer);
      resolve(payload);
    };
    socket.once(event, listener);
  });
}

/** Resolves true if `event` arrives within `ms`, false otherwise. */
export async function arrives(socket: Socket, event: string, ms: number): Promise<boolean> {
  try {
    await nextEvent(socket, event, ms);
    return true;
  } catch {
    return false;
  }
}
