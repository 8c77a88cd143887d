import { z } from 'zod';
import { defineRoute } from './route';


export const stremioManifest = z
  .object({
    id: z.string(),
    version: z.string(),
    name: z.string(),
    description: z.string(),
    resources: z.array(z.literal('catalog')),
    types: z.array(z.literal('movie')),
    idPrefixes: z.array(z.literal('tt')),
    catalogs: z.array(
      z.object({
        type: z.literal('movie'),
        id: z.string(),
        name: z.string(),
        extra: z.array(z.object({ name: z.string(), isRequired: z.boolean() })),
      }),
    ),
    logo: z.string(),
    behaviorHints: z.object({ configurable: z.boolean(), configurationRequired: z.boolean() }),
  })
  .meta({ id: 'StremioManifest', description: 'A Stremio add-on manifest (protocol v3) with one movie catalogue: the list.' });
export type StremioManifest = z.infer<typeof stremioManifest>;

export const stremioMeta = z
  .object({
    id: z.string().meta({ description: 'The IMDb id (tt…).' }),
    type: z.literal('movie'),
    name: z.string(),
    poster: z.string(),
    posterShape: z.literal('poster'),
    releaseInfo: z.string().optional(),
    imdbRating: z.string().optional(),
    description: z.string().optional(),
    genres: z.array(z.string()).optional(),
  })
  .meta({ id: 'StremioMeta' });
export type StremioMeta = z.infer<typeof stremioMeta>;

export const stremioCatalog = z
  .object({ metas: z.array(stremioMeta), cacheMaxAge: z.number() })
  .meta({ id: 'StremioCatalog', description: 'One page of the catalogue, in list order.' });
export type StremioCatalog = z.infer<typeof stremioCatalog>;

/** The list part of an add-on's address (Stremio, Radarr). */
export const addonIdentifier = z.string().meta({ description: "`{id}-{slug}`: a public list's name slug (any slug answers), a personal list's secret." });
const identifier = addonIdentifier;

/** The Stremio add-on of a watchlist. */
export const stremioRoutes = {
  manifest: defineRoute({
    method: 'GET',
    path: '/api/watchlist/:identifier/stremio/manifest.json',
    summary: "The add-on manifest of a watchlist (CORS *); a personal list's address needs its secret.",
    tag: 'Stremio',
    auth: 'none',
    params: z.object({ identifier }),
    reply: stremioManifest,
  }),
  catalog: defineRoute({
    method: 'GET',
    path: '/api/watchlist/:identifier/stremio/catalog/:type/:file',
    summary: 'The catalogue of a watchlist: `…/catalog/movie/{catalogId}.json`, 100 metas in list order.',
    tag: 'Stremio',
    auth: 'none',
    params: z.object({ identifier, type: z.string(), file: z.string() }),
    reply: stremioCatalog,
  }),
  catalogPage: defineRoute({
    method: 'GET',
    path: '/api/watchlist/:identifier/stremio/catalog/:type/:id/:extra',
    summary: 'A later page of the catalogue: `…/catalog/movie/{catalogId}/skip=100.json`.',
    tag: 'Stremio',
    auth: 'none',
    params: z.object({ identifier, type: z.string(), id: z.string(), extra: z.string() }),
    reply: stremioCatalog,
  }),
  preflight: defineRoute({
    method: 'OPTIONS',
    path: '/api/watchlist/:identifier/stremio/*',
    summary: 'CORS preflight for Stremio apps on other sites.',
    tag: 'Stremio',
    auth: 'none',
    params: z.object({ identifier, '*': z.string() }),
    reply: z.undefined(),
  }),
};
