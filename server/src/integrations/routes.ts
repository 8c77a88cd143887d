import fastifyMultipart from '@fastify/multipart';
import { integrationRoutes as api, MEDIA_SERVERS, type MediaServer, WEBHOOK_SECRET_WRONG } from '@movieclub/contract';
import type { FastifyInstance, FastifyRequest, LogLevel } from 'fastify';
import { requireAdmin } from '../admin/access';
import { contractRoute } from '../http/contractRoute';
import { unauthorized } from '../http/errors';
import { rateLimit } from '../http/rateLimits';
import { siteUrl } from '../http/siteUrl';
import * as service from './service';

/** A Plex payload is a few kilobytes; its poster thumbnail is read past, never kept. */
const MULTIPART_LIMITS = { fields: 10, fieldSize: 1024 * 1024, files: 2, fileSize: 10 * 1024 * 1024, parts: 20, headerPairs: 100 };
/** The multipart fields that carry the JSON: Plex's `payload`, older Emby's `data`. */
const PAYLOAD_FIELDS = new Set(['payload', 'data']);

const parseJson = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
};

/** The event as JSON, from a JSON or text body or a multipart field; undefined when there is none to read. */
async function eventBody(request: FastifyRequest): Promise<unknown> {
  if (!request.isMultipart()) return typeof request.body === 'string' ? parseJson(request.body) : undefined;
  let body: unknown;
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      part.file.resume();
      continue;
    }
    if (body === undefined && PAYLOAD_FIELDS.has(part.fieldname) && typeof part.value === 'string') body = parseJson(part.value);
  }
  return body;
}

/** The secret as sent: `?secret=` or the `X-Webhook-Secret` header. */
function givenSecret(request: FastifyRequest): string | undefined {
  const header = request.headers['x-webhook-secret'];
  if (typeof header === 'string' && header) return header;
  const query = request.query as Record<string, unknown> | undefined;
  return typeof query?.secret === 'string' ? query.secret : undefined;
}

/** Keeps the addresses carrying the secret out of the request log, unless the log is quieter already. */
const webhookLogLevel = (level: string): LogLevel => (level === 'fatal' || level === 'error' || level === 'silent' ? level : 'warn');

/**
 * The three webhook addresses, in a scope of their own: the secret is checked before the
 * body is read, JSON and text bodies reach the handler as text (a body that is not JSON is
 * counted, not refused), and multipart bodies are read here only.
 */
async function webhookRoutes(app: FastifyInstance): Promise<void> {
  await app.register(fastifyMultipart, { limits: MULTIPART_LIMITS });
  app.removeContentTypeParser(['application/json', 'text/plain']);
  app.addContentTypeParser(['application/json', 'text/plain'], { parseAs: 'string' }, (_request, body, done) => done(null, body));
  app.addHook('onRequest', async (request) => {
    if (!(await service.secretMatches(app, givenSecret(request)))) throw unauthorized(WEBHOOK_SECRET_WRONG, 'webhook_secret_wrong');
  });

  const options = { config: { rateLimit: rateLimit(app.config, 'mediaServerWebhook') } };
  for (const server of MEDIA_SERVERS) {
    contractRoute(app, api[server], options)(async (request) => service.receiveEvent(app, server, await eventBody(request)));
  }
}

export async function routes(app: FastifyInstance): Promise<void> {
  await app.register(webhookRoutes, { logLevel: webhookLogLevel(app.config.logLevel) });

  contractRoute(app, api.status)(async (request) => {
    await requireAdmin(app, request);
    const paths = Object.fromEntries(MEDIA_SERVERS.map((server) => [server, service.webhookPath(server)])) as Record<MediaServer, string>;
    const [secretSet, mappings, counts] = await Promise.all([service.secretIsSet(app.db), service.listMappings(app.db), service.scrobbleCounts(app.db)]);
    return { success: true, secret_set: secretSet, webhook_paths: paths, mappings, counts };
  });

  contractRoute(app, api.rotateSecret)(async (request) => {
    await requireAdmin(app, request);
    const secret = await service.rotateSecret(app);
    const base = siteUrl(app, request);
    const urls = Object.fromEntries(MEDIA_SERVERS.map((server) => [server, `${base}${service.webhookPath(server)}?secret=${secret}`])) as Record<MediaServer, string>;
    return { success: true, secret, webhook_urls: urls };
  });

  contractRoute(app, api.addMapping)(async (request) => {
    await requireAdmin(app, request);
    return { success: true, mapping: await service.addMapping(app.db, request.body) };
  });

  contractRoute(app, api.removeMapping)(async (request) => {
    await requireAdmin(app, request);
    await service.removeMapping(app.db, request.params.id);
    return { success: true };
  });
}
