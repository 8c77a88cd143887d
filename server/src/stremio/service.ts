import { type LanguageCode, STREMIO_CACHE_SECONDS, STREMIO_PAGE_SIZE, type StremioCatalog, type StremioManifest } from '@movieclub/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { notFound } from '../http/errors';
import { asPngPoster } from '../movies/poster';
import type { ListRow } from '../watchlists/queries';
import { absoluteOn } from '../http/siteUrl';
import { itemsForAddon, listByAddonIdentifier } from '../watchlists/service';

const catalogId = (list: Pick<ListRow, 'id'>) => `movieclub-watchlist-${list.id}`;

/**
 * The add-on's logo: Stremio asks for a 256×256 PNG (the SVG is not drawn by every Stremio app).
 * web/public/icons/icon-256.png, the 512 icon scaled down.
 */
const LOGO_PATH = '/icons/icon-256.png';

/**
 * A stored poster address as an absolute one on this site, in a form every Stremio app draws:
 * a poster the server draws as its PNG (Stremio asks for PNG; its native apps may not draw SVG),
 * and the logo (a PNG too) for a missing one. OMDb's and TMDB's addresses stay as they are.
 */
function absolute(base: string, url: string | null): string {
  return url ? absoluteOn(base, asPngPoster(url)) : `${base}${LOGO_PATH}`;
}

/** `skip=200&genre=x` → 200 (other extras are ignored). */
function skipOf(extra: string | undefined): number {
  const value = new URLSearchParams(extra ?? '').get('skip');
  const skip = Number.parseInt(value ?? '0', 10);
  return Number.isSafeInteger(skip) && skip > 0 ? skip : 0;
}

/** How an add-on describes its list in Stremio, in the club's language (the client's words for a watchlist). */
const DESCRIPTIONS: Record<LanguageCode, { personal(owner: string): string; shared(owner: string): string }> = {
  en: { personal: (owner) => `${owner}'s personal watchlist on MovieClub.`, shared: (owner) => `Public watchlist by ${owner} on MovieClub.` },
  de: { personal: (owner) => `Persönliche Merkliste von ${owner} auf MovieClub.`, shared: (owner) => `Öffentliche Liste von ${owner} auf MovieClub.` },
};

/** The manifest of the list an add-on address names; `base` is this site's origin. */
export async function manifest(db: Kysely<Database>, identifier: string, base: string, language: LanguageCode): Promise<StremioManifest> {
  const list = await listByAddonIdentifier(db, identifier);
  const words = DESCRIPTIONS[language];
  const description = list.is_personal === 1 ? words.personal(list.owner_username) : words.shared(list.owner_username);
  return {
    id: `org.movieclub.watchlist.${list.id}`,
    version: '1.0.0',
    name: `MovieClub: ${list.name}`,
    description,
    resources: ['catalog'],
    types: ['movie'],
    idPrefixes: ['tt'],
    catalogs: [{ type: 'movie', id: catalogId(list), name: list.name, extra: [{ name: 'skip', isRequired: false }] }],
    logo: `${base}${LOGO_PATH}`,
    behaviorHints: { configurable: false, configurationRequired: false },
  };
}

/** One page of the list's catalogue: `requested` is the catalogue id asked for, `extra` Stremio's `skip=…`. */
export async function catalog(
  db: Kysely<Database>,
  request: { identifier: string; type: string; requested: string; extra?: string },
  base: string,
): Promise<StremioCatalog> {
  const list = await listByAddonIdentifier(db, request.identifier);
  if (request.type !== 'movie' || request.requested.replace(/\.json$/, '') !== catalogId(list)) throw notFound('Catalog not found.');
  const skip = skipOf(request.extra?.replace(/\.json$/, ''));
  const items = (await itemsForAddon(db, list.id)).slice(skip, skip + STREMIO_PAGE_SIZE);
  const metas = items.map((item) => ({
    id: item.tconst,
    type: 'movie' as const,
    name: item.title,
    poster: absolute(base, item.poster),
    posterShape: 'poster' as const,
    ...(item.year ? { releaseInfo: String(item.year) } : {}),
    ...(item.imdb_rating !== null ? { imdbRating: Number(item.imdb_rating).toFixed(1) } : {}),
    ...(item.plot ? { description: item.plot } : {}),
    ...(item.genres ? { genres: item.genres.split(',').map((genre) => genre.trim()) } : {}),
  }));
  return { metas, cacheMaxAge: STREMIO_CACHE_SECONDS };
}
