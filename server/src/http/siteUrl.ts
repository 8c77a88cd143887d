import type { FastifyInstance, FastifyRequest } from 'fastify';

/** Where the site lives, for links that leave it (calendars, link previews): the configured public address, else the one asked for. */
export const siteUrl = (app: FastifyInstance, request: FastifyRequest) =>
  (app.config.publicUrl ?? `${request.protocol}://${request.host}`).replace(/\/+$/, '');
