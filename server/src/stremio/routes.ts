import { timingSafeEqual } from 'node:crypto';
import { parseWatchlistIdentifier } from '@movieclub/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { notFound } from '../http/errors';
import { findList, listItems, type ListRow } from '../watchlists/queries';

/** Stremio pages catalogues by 100; a shorter page ends the catalogue. */
const PAGE_SIZE = 100;
const CACHE_SECONDS = 60;
const NOT_FOUND = 'Watchlist not found.';

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * The list an add-on address names. A public list answers to its id whatever
 * the slug; a personal list only with its secret slug, else 404 as if absent.
 */
async function listFor(app: FastifyInstance, identifier: string): Promise<ListRow> {
  const id = parseWatchlistIdentifier(identifier);
  if (id === null) throw notFound(NOT_FOUND);
  const list = await findList(app.db, id);
  if (!list) throw notFound(NOT_FOUND);
  if (list.is_personal === 1) {
    const slug = identifier.slice(String(id).length + 1);
    if (!list.secret || !sameText(slug, list.secret)) throw notFound(NOT_FOUND);
  }
  return list;
}

const catalogId = (list: ListRow) => `movieclub-watchlist-${list.id}`;

function origin(app: FastifyInstance, request: FastifyRequest): string {
  return app.config.publicUrl ?? `${request.protocol}://${request.host}`;
}

function absolute(base: string, url: string | null): string {
  if (!url) return `${base}/logo.svg`;
  return /^https?:\/\//.test(url) ? url : `${base}${url.startsWith('/') ? '' : '/'}${url}`;
}

function send(reply: FastifyReply, body: unknown) {
  return reply
    .header('Cache-Control', `max-age=${CACHE_SECONDS}`)
    .type('application/json; charset=utf-8')
    .send(body);
}

/** `skip=200&genre=x` → 200 (other extras are ignored). */
function skipOf(extra: string | undefined): number {
  const value = new URLSearchParams(extra ?? '').get('skip');
  const skip = Number.parseInt(value ?? '0', 10);
  return Number.isSafeInteger(skip) && skip > 0 ? skip : 0;
}

export async function routes(app: FastifyInstance): Promise<void> {
  const base = '/api/watchlist/:identifier/stremio';
  // Stremio apps run on other origins: every reply of the add-on, errors included, allows them.
  app.addHook('onRequest', async (request, reply) => {
    if (request.url.startsWith('/api/watchlist/')) reply.header('Access-Control-Allow-Origin', '*');
  });
  app.options(`${base}/*`, async (_request, reply) =>
    reply.header('Access-Control-Allow-Methods', 'GET, OPTIONS').header('Access-Control-Allow-Headers', '*').status(204).send(),
  );

  app.get(`${base}/manifest.json`, async (request, reply) => {
    const list = await listFor(app, (request.params as { identifier: string }).identifier);
    const description = list.is_personal === 1 ? `${list.owner_username}'s personal watchlist on MovieClub.` : `Public watchlist by ${list.owner_username} on MovieClub.`;
    return send(reply, {
      id: `org.movieclub.watchlist.${list.id}`,
      version: '1.0.0',
      name: `MovieClub: ${list.name}`,
      description,
      resources: ['catalog'],
      types: ['movie'],
      idPrefixes: ['tt'],
      catalogs: [{ type: 'movie', id: catalogId(list), name: list.name, extra: [{ name: 'skip', isRequired: false }] }],
      logo: `${origin(app, request)}/logo.svg`,
      behaviorHints: { configurable: false, configurationRequired: false },
    });
  });

  const catalog = async (request: FastifyRequest, reply: FastifyReply) => {
    const params = request.params as { identifier: string; type: string; file?: string; id?: string; extra?: string };
    const list = await listFor(app, params.identifier);
    const requested = (params.file ?? params.id ?? '').replace(/\.json$/, '');
    const extra = params.extra?.replace(/\.json$/, '');
    if (params.type !== 'movie' || requested !== catalogId(list)) throw notFound('Catalog not found.');
    const skip = skipOf(extra);
    const base = origin(app, request);
    const items = (await listItems(app.db, list.id)).slice(skip, skip + PAGE_SIZE);
    const metas = items.map((item) => ({
      id: item.tconst,
      type: 'movie',
      name: item.title,
      poster: absolute(base, item.poster),
      posterShape: 'poster',
      ...(item.year ? { releaseInfo: String(item.year) } : {}),
      ...(item.imdb_rating !== null ? { imdbRating: Number(item.imdb_rating).toFixed(1) } : {}),
      ...(item.plot ? { description: item.plot } : {}),
      ...(item.genres ? { genres: item.genres.split(',').map((genre) => genre.trim()) } : {}),
    }));
    return send(reply, { metas, cacheMaxAge: CACHE_SECONDS });
  };
  app.get(`${base}/catalog/:type/:file`, catalog);
  app.get(`${base}/catalog/:type/:id/:extra`, catalog);
}
