import type { Writable } from 'node:stream';
import { type FastifyReply, type FastifyRequest, type FastifyServerOptions, LogController } from 'fastify';

/**
 * Query parameters whose values are secrets: the media-server webhook's `?secret=`, invite and API
 * tokens, and the sign-in provider's one-time `code` and `state` (also when sent as `name[]`).
 */
const SECRET_PARAMETERS = /^(secret|token|invite|code|state)(\[\])?$/i;
const REDACTED = '[Redacted]';
/**
 * A list's add-on and Radarr addresses (`/api/watchlist/{id}-{slug}/…`): a personal list's slug is
 * its secret, and whoever holds the address reads the list. The id stays, for telling calls apart.
 */
const LIST_FEED_SLUG = /(\/watchlist\/\d+-)[^/?]+(?=\/(?:stremio|radarr))/i;

/** The address as logged: a list feed's slug and the value of every secret query parameter replaced, the rest as sent. */
export function redactUrl(sent: string): string {
  const url = sent.replace(LIST_FEED_SLUG, `$1${REDACTED}`);
  const queryAt = url.indexOf('?');
  if (queryAt < 0) return url;
  const query = url
    .slice(queryAt + 1)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      const rawName = equals < 0 ? pair : pair.slice(0, equals);
      let name = rawName;
      try {
        name = decodeURIComponent(rawName.replace(/\+/g, ' '));
      } catch {
        // A malformed name is compared as sent.
      }
      return equals >= 0 && SECRET_PARAMETERS.test(name.trim()) ? `${rawName}=${REDACTED}` : pair;
    })
    .join('&');
  return `${url.slice(0, queryAt)}?${query}`;
}

/** The route pattern a request matched (`/api/movies/:id`), or 'unmatched': never the raw address. */
export function routeOf(request: FastifyRequest): string {
  if (request.is404) return 'unmatched';
  return request.routeOptions.url ?? 'unmatched';
}

/**
 * Pino options for Fastify's logger: JSON lines on stdout (or `stream`), request objects without
 * headers, cookies or secret query values.
 */
export function loggerOptions(level: string, stream?: Writable): NonNullable<FastifyServerOptions['logger']> {
  return {
    level,
    // Kept although the serializer below logs no headers: a line that logs a request's headers by hand stays safe.
    redact: ['req.headers.cookie', 'req.headers.authorization', 'headers.cookie', 'headers.authorization'],
    serializers: {
      req: (request: FastifyRequest) => ({
        method: request.method,
        url: redactUrl(request.url),
        host: request.host,
        remoteAddress: request.ip,
        remotePort: request.socket?.remotePort,
      }),
    },
    ...(stream ? { stream } : {}),
  };
}

/** Pino's levels, least to most severe: a logger at one level writes that level's lines and those above. */
const SEVERITY: Record<string, number> = { trace: 10, debug: 20, info: 30, warn: 40, error: 50, fatal: 60 };

/** Whether a logger at `level` writes a line of `line`'s level ('silent' writes none). */
const logs = (level: string, line: 'info' | 'error') => (SEVERITY[level] ?? Infinity) <= SEVERITY[line];

/**
 * Fastify's request lines replaced: no 'incoming request' line, and one 'request completed' line per
 * request with its id, method, route pattern, address without secrets, status, duration and the
 * signed-in member's id. `request.user` is read when the reply has gone, so it holds however the
 * caller signed in (session cookie or API token).
 */
export class RequestLogController extends LogController {
  override incomingRequest() {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    const failed = Boolean(error) || reply.statusCode >= 500;
    // A line the level leaves out (LOG_LEVEL=warn, say) is not built: this runs on every call.
    if (!logs(reply.log.level, failed ? 'error' : 'info')) return;
    const line = {
      method: request.method,
      route: routeOf(request),
      url: redactUrl(request.url),
      statusCode: reply.statusCode,
      durationMs: Math.round(reply.elapsedTime * 10) / 10,
      userId: request.user?.id ?? null,
      ...(error ? { err: error } : {}),
    };
    if (failed) reply.log.error(line, 'request completed');
    else reply.log.info(line, 'request completed');
  }
}
