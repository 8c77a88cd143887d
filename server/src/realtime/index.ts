import type { IncomingMessage } from 'node:http';
import {
  isRowId,
  MOVIE_EVENTS,
  rowIdFromText,
  SCREENING_EVENTS,
  WATCHLIST_EVENTS,
  type WatchlistErrorEvent,
  type WatchlistPickEvent,
} from '@movieclub/contract';
import { createAdapter } from '@socket.io/redis-adapter';
import type { FastifyInstance } from 'fastify';
import { Server, type Socket } from 'socket.io';
import type { AuthService, SessionUser } from '../auth/service';
import { SESSION_COOKIE } from '../auth/session';
import type { Config } from '../config';
import { HttpError } from '../http/errors';
import { getMovie } from '../movies/service';
import { accessScreening, updateEvent } from '../screenings/service';
import { accessList, pickedMovie } from '../watchlists/service';
import { EventBudget, SOCKET_REFUSALS_BEFORE_DISCONNECT, TOO_MANY_EVENTS } from './eventBudget';
import { connectRedis, type RealtimeStatus } from './redis';

/** What the rest of the server may do with live connections. */
export interface Realtime {
  /** Sends `event` with `payload` to every subscriber of a watchlist, on every server process. */
  toWatchlist(watchlistId: number, event: string, payload: unknown): void;
  /** Sends `event` with `payload` to everyone on a screening's page, on every server process. */
  toScreening(screeningId: number, event: string, payload: unknown): void;
  /** Sends `event` with `payload` to everyone on a movie's page, on every server process. */
  toMovie(movieId: number, event: string, payload: unknown): void;
  /** Sends `event` with `payload` to every socket of a member, on every server process. */
  toUser(userId: number, event: string, payload: unknown): void;
  /** Closes every socket opened with this session token, on every server process (at logout). */
  endSession(token: string | undefined): void;
  /** Closes every socket of these sessions, named by their stored token hashes (sessions ended by a password change). */
  endSessionsByHash(tokenHashes: string[]): void;
  /** Whether events reach other processes (for the health check). */
  status(): RealtimeStatus;
  /** Sockets connected to this process (for metrics). */
  connectionCount(): number;
  close(): Promise<void>;
}

interface SocketData {
  user: SessionUser | null;
  /** The room of the socket's session, so the session's end can close it anywhere. */
  sessionRoom: string | null;
}

const room = (watchlistId: number) => `watchlist:${watchlistId}`;
/** Named by the stored token hash: room names travel through Redis, the token itself must not. */
const sessionRoom = (tokenHash: string) => `session:${tokenHash}`;
const userRoom = (userId: number) => `user:${userId}`;
const screeningRoom = (screeningId: number) => `screening:${screeningId}`;
const movieRoom = (movieId: number) => `movie:${movieId}`;

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

/** A subscription names its list as `{watchlist_id}` (a screening as `{screening_id}`, a movie as `{movie_id}`) or as the bare id, a number or digits. */
function idOf(payload: unknown, field: 'watchlist_id' | 'screening_id' | 'movie_id'): number | null {
  const raw = payload !== null && typeof payload === 'object' && field in payload ? (payload as Record<string, unknown>)[field] : payload;
  if (typeof raw === 'string') return rowIdFromText(raw);
  return isRowId(raw) ? raw : null;
}

/**
 * socket.io on the app's own HTTP server at /socket.io (under BASE_PATH when set). The handshake carries
 * the session cookie; a socket may join a watchlist's room only when its user
 * may read the list. With REDIS_URL the Redis adapter shares rooms between processes.
 */
export async function createRealtime(app: FastifyInstance, config: Config, auth: AuthService): Promise<Realtime> {
  const io = new Server(app.server, {
    path: `${config.basePath}/socket.io`,
    serveClient: false,
    allowRequest: (request, callback) => callback(null, sameSite(request, config.publicUrl)),
  });

  // Not awaited: the process serves HTTP while Redis is down and connects when it can.
  const redis = config.redisUrl ? connectRedis(config.redisUrl, app.log) : null;
  if (redis) io.adapter(createAdapter(redis.pub, redis.sub, { key: config.redisKeyPrefix }));

  io.use((socket, next) => {
    const token = cookieValue(socket.request.headers.cookie, SESSION_COOKIE);
    const data = socket.data as SocketData;
    data.user = null;
    data.sessionRoom = null;
    if (!token) return next();
    auth
      .userForToken(token)
      .then((session) => {
        data.user = session?.user ?? null;
        if (session) data.sessionRoom = sessionRoom(auth.hashToken(token));
        next();
      })
      .catch(() => next());
  });

  io.on('connection', (socket: Socket) => {
    const refuse = (message: string) => socket.emit(WATCHLIST_EVENTS.error, { message } satisfies WatchlistErrorEvent);
    const { sessionRoom: ownSession, user } = socket.data as SocketData;
    if (ownSession) void socket.join(ownSession);
    if (user) void socket.join(userRoom(user.id));

    // Every event may cost a database read: a token bucket per socket, and a flood closes the socket.
    const budget = new EventBudget();
    socket.use((_packet, next) => {
      if (budget.take()) return next();
      if (budget.refusedInARow >= SOCKET_REFUSALS_BEFORE_DISCONNECT) {
        app.log.warn({ address: socket.handshake.address }, 'socket closed for sending too many events');
        socket.disconnect(true);
      } else {
        refuse(TOO_MANY_EVENTS);
      }
    });

    /**
     * A kind of room: `subscribe` joins the room of the id named when `admit` lets the socket's user in
     * (it throws the HTTP refusal otherwise), then answers `init` with what `initOf` reads; a refusal
     * goes back as `error` with its sentence. `unsubscribe` leaves.
     */
    const rooms = <Admitted>(kind: {
      noun: string;
      /** Whole sentences, so each is found and translated as one. */
      sentences: { invalidId: string; failed: string };
      events: { subscribe: string; unsubscribe: string; init: string; error: string };
      field: 'watchlist_id' | 'screening_id' | 'movie_id';
      roomOf(id: number): string;
      admit(id: number, user: SessionUser | null): Promise<Admitted>;
      initOf(id: number, admitted: Admitted): Promise<unknown>;
    }) => {
      // Every room's refusal has the same shape (`WatchlistErrorEvent`, `ScreeningErrorEvent`, `MovieErrorEvent`).
      const refuseHere = (message: string) => socket.emit(kind.events.error, { message } satisfies WatchlistErrorEvent);
      socket.on(kind.events.subscribe, async (payload: unknown) => {
        const id = idOf(payload, kind.field);
        if (id === null) return refuseHere(kind.sentences.invalidId);
        try {
          const admitted = await kind.admit(id, (socket.data as SocketData).user);
          // Joined before the first read: a change in between is heard, not missed.
          await socket.join(kind.roomOf(id));
          socket.emit(kind.events.init, await kind.initOf(id, admitted));
        } catch (error) {
          if (error instanceof HttpError) return refuseHere(error.message);
          app.log.error({ err: error }, `${kind.noun} subscribe failed`);
          refuseHere(kind.sentences.failed);
        }
      });
      socket.on(kind.events.unsubscribe, async (payload: unknown) => {
        const id = idOf(payload, kind.field);
        if (id !== null) await socket.leave(kind.roomOf(id));
      });
    };

    rooms({
      noun: 'watchlist',
      sentences: { invalidId: 'The watchlist id is not valid.', failed: 'Could not subscribe to the watchlist.' },
      events: WATCHLIST_EVENTS,
      field: 'watchlist_id',
      roomOf: room,
      admit: (id, viewer) => accessList(app.db, id, viewer),
      async initOf(id, access) {
        const picked = await pickedMovie(app.db, access.list);
        return { watchlist_id: id, picked_movie: picked, picked_at: picked ? access.list.picked_at : null } satisfies WatchlistPickEvent;
      },
    });
    rooms({
      noun: 'screening',
      sentences: { invalidId: 'The screening id is not valid.', failed: 'Could not subscribe to the screening.' },
      events: SCREENING_EVENTS,
      field: 'screening_id',
      roomOf: screeningRoom,
      admit: (id, viewer) => accessScreening(app.db, id, viewer),
      initOf: (id) => updateEvent(app.db, id, 'subscribed'),
    });
    // A movie's page is public, as its reviews and comments are: anyone may listen to one that exists.
    rooms({
      noun: 'movie',
      sentences: { invalidId: 'The movie id is not valid.', failed: 'Could not subscribe to the movie.' },
      events: MOVIE_EVENTS,
      field: 'movie_id',
      roomOf: movieRoom,
      admit: (id) => getMovie(app.db, id),
      initOf: async (id) => ({ movie_id: id }),
    });
  });

  let closed = false;
  const shutDown = async () => {
    if (closed) return;
    closed = true;
    // Open sockets would keep the HTTP server from closing.
    io.local.disconnectSockets(true);
    io.engine.close();
    await redis?.close();
  };
  app.addHook('preClose', shutDown);

  /** Closes every socket of these sessions (by stored token hash). Through the adapter this reaches every process; locally while Redis is away. */
  const endSessions = (tokenHashes: string[]) => {
    if (closed || tokenHashes.length === 0) return;
    (redis && !redis.ready() ? io.local : io).in(tokenHashes.map(sessionRoom)).disconnectSockets(true);
  };

  return {
    connectionCount: () => io.engine.clientsCount,
    toWatchlist(watchlistId, event, payload) {
      if (closed) return;
      // While Redis is away, this process's own subscribers still hear it; nothing piles up to send later.
      (redis && !redis.ready() ? io.local : io).to(room(watchlistId)).emit(event, payload);
    },
    toScreening(screeningId, event, payload) {
      if (closed) return;
      (redis && !redis.ready() ? io.local : io).to(screeningRoom(screeningId)).emit(event, payload);
    },
    toMovie(movieId, event, payload) {
      if (closed) return;
      (redis && !redis.ready() ? io.local : io).to(movieRoom(movieId)).emit(event, payload);
    },
    toUser(userId, event, payload) {
      if (closed) return;
      (redis && !redis.ready() ? io.local : io).to(userRoom(userId)).emit(event, payload);
    },
    endSession(token) {
      if (token) endSessions([auth.hashToken(token)]);
    },
    endSessionsByHash: endSessions,
    status: () => (!redis ? 'single-process' : redis.ready() ? 'ok' : 'degraded'),
    close: shutDown,
  };
}
