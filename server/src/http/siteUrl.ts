import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * Where the site lives, for links that leave it (calendars, link previews, the add-on, invitations):
 * the configured public origin, else the one asked for, followed by BASE_PATH.
 */
export const siteUrl = (app: FastifyInstance, request: FastifyRequest) => {
  const origin = app.config.publicUrl ? new URL(app.config.publicUrl).origin : `${request.protocol}://${request.host}`;
  return `${origin}${app.config.basePath}`;
};
