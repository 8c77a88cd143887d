import type { FastifyInstance, FastifyRequest } from 'fastify';

/** The configured public site (PUBLIC_URL's origin followed by BASE_PATH), or null when PUBLIC_URL is not set. */
export const configuredSiteUrl = (app: FastifyInstance): string | null => (app.config.publicUrl ? `${new URL(app.config.publicUrl).origin}${app.config.basePath}` : null);

/**
 * Where the site lives, for links that leave it (calendars, link previews, the add-on, invitations):
 * the configured public origin, else the one asked for, followed by BASE_PATH.
 */
export const siteUrl = (app: FastifyInstance, request: FastifyRequest) => configuredSiteUrl(app) ?? `${request.protocol}://${request.host}${app.config.basePath}`;

/** A stored address (a poster, a picture) as an absolute one: kept when it is already, else put under `base`. */
export const absoluteOn = (base: string, url: string): string => (/^https?:\/\//.test(url) ? url : `${base}${url.startsWith('/') ? '' : '/'}${url}`);
