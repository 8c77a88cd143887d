import type { IncomingMessage } from 'node:http';
import { WATCHLIST_EVENTS, type WatchlistErrorEvent, type WatchlistPickEvent } from '@movieclub/contract';
import { createAdapter } from '@socket.io/redis-adapter';
import type { FastifyInstance } from 'fastify';
import { createClient } from 'redis';
import { Server, type Socket } from 'socket.io';
import type { AuthService, SessionUser } from '../auth/service';
import { SESSION_COOKIE } from '../auth/session';
import type { Config } from '../config';
import { HttpError } from '../http/errors';
import { accessList, pickedMovie } from '../watchlists/service';

/** What the rest of the server may do with live connections. */
export interface Realtime {
  /** Sends `event` with `payload` to every subscriber of a watchlist, on every server process. */
  toWatchlist(watchlistId: number, event: string, payload: unknown): void;
  close(): Promise<void>;
}

interface SocketData {
  user: SessionUser | null;
}

const room = (watchlistId: number) => `watchlist:${watchlistId}`;

function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const index = part.indexOf('=');
    if (index > 0 && part.slice(0, index).trim() === name) {
      try {
        return decodeURIComponent(part.slice(index + 1).trim());
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

/** A browser connecting from another site is refused, as mutating HTTP calls are (cross-site socket hijacking). */
function sameSite(request: IncomingMessage, publicUrl: string | null): boolean {
  const origin = request.headers.origin;
  if (!origin) return true;
  try {
    const { origin: from, host } = new URL(origin);
    if (publicUrl && from === new URL(publicUrl).origin) return true;
    return host === request.headers.host;
  } catch {
    return false;
  }
}

function watchlistIdOf(payload: unknown): number | null {
  const raw = payload && typeof payload === 'object' ? (payload as { watchlist_id?: unknown }).watchlist_id : payload;
  const id = typeof raw === 'string' && /^\d{1,15}$/.test(raw) ? Number(raw) : raw;
  return typeof id === 'number' && Number.isSafeInteger(id) && id > 0 ? id : null;
}

/**
 * socket.io on the app's own HTTP server at /socket.io. The handshake carries
 * the session cookie; a socket may join a watchlist's room only when its user
 * may read the list. With REDIS_URL the Redis adapter shares rooms between processes.
 */
export async function createRealtime(app: FastifyInstance, config: Config, auth: AuthService): Promise<Realtime> {
  const io = new Server(app.server, {
    path: '/socket.io',
    serveClient: false,
    allowRequest: (request, callback) => callback(null, sameSite(request, config.publicUrl)),
  });

  const redisClients: ReturnType<typeof createClient>[] = [];
  if (config.redisUrl) {
    const pub = createClient({ url: config.redisUrl });
    const sub = pub.duplicate();
    for (const client of [pub, sub]) client.on('error', (error: unknown) => app.log.error({ err: error }, 'redis error'));
    await Promise.all([pub.connect(), sub.connect()]);
    redisClients.push(pub, sub);
    io.adapter(createAdapter(pub, sub, { key: config.redisKeyPrefix }));
  }

  io.use((socket, next) => {
    const token = cookieValue(socket.request.headers.cookie, SESSION_COOKIE);
    (socket.data as SocketData).user = null;
    if (!token) return next();
    auth
      .userForToken(token)
      .then((session) => {
        (socket.data as SocketData).user = session?.user ?? null;
        next();
      })
      .catch(() => next());
  });

  io.on('connection', (socket: Socket) => {
    const refuse = (message: string) => socket.emit(WATCHLIST_EVENTS.error, { message } satisfies WatchlistErrorEvent);

    socket.on(WATCHLIST_EVENTS.subscribe, async (payload: unknown) => {
      const id = watchlistIdOf(payload);
      if (id === null) return refuse('The watchlist id is not valid.');
      try {
        const access = await accessList(app.db, id, (socket.data as SocketData).user);
        await socket.join(room(id));
        const picked = await pickedMovie(app.db, access.list);
        const init: WatchlistPickEvent = { watchlist_id: id, picked_movie: picked, picked_at: picked ? access.list.picked_at : null };
        socket.emit(WATCHLIST_EVENTS.init, init);
      } catch (error) {
        if (error instanceof HttpError) return refuse(error.message);
        app.log.error({ err: error }, 'watchlist subscribe failed');
        refuse('Could not subscribe to the watchlist.');
      }
    });

    socket.on(WATCHLIST_EVENTS.unsubscribe, async (payload: unknown) => {
      const id = watchlistIdOf(payload);
      if (id !== null) await socket.leave(room(id));
    });
  });

  let closed = false;
  const shutDown = async () => {
    if (closed) return;
    closed = true;
    // Open sockets would keep the HTTP server from closing.
    io.local.disconnectSockets(true);
    io.engine.close();
    await Promise.allSettled(redisClients.map((client) => client.quit()));
  };
  app.addHook('preClose', shutDown);

  return {
    toWatchlist(watchlistId, event, payload) {
      if (!closed) io.to(room(watchlistId)).emit(event, payload);
    },
    close: shutDown,
  };
}
