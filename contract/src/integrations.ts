import { z } from 'zod';
import { rowIdOut, rowIdText } from './ids';
import { MEDIA_SERVER_NAME_MAX, MEDIA_SERVER_NAMES, MEDIA_SERVERS, type MediaServer } from './integrationNames';
import { defineRoute } from './route';


/**
 * Why an event logged nothing. `event`: not a finished play (start, pause, progress…);
 * `not_completed`: stopped before the end; `not_movie`: an episode, song or other item;
 * `no_imdb_id`: the item carries no IMDb id; `unknown_title`: the IMDb id is not in this
 * server's index; `unmapped_user`: no member is linked to the media-server user;
 * `duplicate`: the member already has a viewing of the movie within six hours;
 * `unreadable`: the body is not a payload of that server.
 */
export const SCROBBLE_IGNORE_REASONS = ['event', 'not_completed', 'not_movie', 'no_imdb_id', 'unknown_title', 'unmapped_user', 'duplicate', 'unreadable'] as const;
export type ScrobbleIgnoreReason = (typeof SCROBBLE_IGNORE_REASONS)[number];

export const WEBHOOK_SECRET_WRONG = 'The webhook secret is missing or wrong.';

const webhookQuery = z.object({
  secret: z.string().optional().meta({ description: 'The webhook secret (or send it as the `X-Webhook-Secret` header).' }),
});

export const scrobbleReply = z.object({
  success: z.literal(true),
  outcome: z.enum(['recorded', 'ignored']),
  reason: z.enum(SCROBBLE_IGNORE_REASONS).nullable().meta({ description: 'Why nothing was logged; null when a viewing was.' }),
});
export type ScrobbleReply = z.infer<typeof scrobbleReply>;

const ignoredCounts = z.object(Object.fromEntries(SCROBBLE_IGNORE_REASONS.map((reason) => [reason, z.number().int().min(0)])) as Record<ScrobbleIgnoreReason, z.ZodNumber>);

export const mediaServerCounts = z
  .object({
    received: z.number().int().min(0).meta({ description: 'Events accepted with the right secret.' }),
    recorded: z.number().int().min(0).meta({ description: 'Events that logged a viewing.' }),
    ignored: ignoredCounts,
  })
  .meta({ id: 'MediaServerCounts' });
export type MediaServerCounts = z.infer<typeof mediaServerCounts>;

export const mediaServerMapping = z
  .object({
    id: rowIdOut,
    server: z.enum(MEDIA_SERVERS),
    external_name: z.string().meta({ description: 'The user name on the media server, as typed.' }),
    username: z.string().meta({ description: 'The member whose diary the plays go to.' }),
  })
  .meta({ id: 'MediaServerMapping' });
export type MediaServerMapping = z.infer<typeof mediaServerMapping>;

const perServer = <T extends z.ZodType>(schema: T) => z.object({ jellyfin: schema, plex: schema, emby: schema });

export const mediaServersReply = z.object({
  success: z.literal(true),
  secret_set: z.boolean(),
  webhook_paths: perServer(z.string()).meta({ description: 'Where each server posts, without the secret.' }),
  mappings: z.array(mediaServerMapping),
  counts: perServer(mediaServerCounts),
});
export type MediaServersReply = z.infer<typeof mediaServersReply>;

export const mediaServerSecretReply = z.object({
  success: z.literal(true),
  secret: z.string().meta({ description: 'Shown this once; only a keyed hash of it is stored.' }),
  webhook_urls: perServer(z.string()).meta({ description: 'The full address each server posts to, secret included.' }),
});
export type MediaServerSecretReply = z.infer<typeof mediaServerSecretReply>;

export const mediaServerMappingCreate = z.object({
  server: z.enum(MEDIA_SERVERS, { error: 'Choose Jellyfin, Plex or Emby.' }),
  external_name: z
    .string({ error: 'Give the user name on the media server.' })
    .trim()
    .min(1, { error: 'Give the user name on the media server.' })
    .max(MEDIA_SERVER_NAME_MAX, { error: `The media-server user name can be at most ${MEDIA_SERVER_NAME_MAX} characters.` }),
  username: z.string({ error: 'Choose the member.' }).trim().min(1, { error: 'Choose the member.' }).max(100, { error: 'Choose the member.' }),
});
export type MediaServerMappingCreate = z.infer<typeof mediaServerMappingCreate>;

const TAG = 'Media servers';
const webhook = (server: MediaServer) =>
  defineRoute({
    method: 'POST',
    path: `/api/integrations/${server}`,
    summary: `${MEDIA_SERVER_NAMES[server]}'s webhook: a finished movie logs a viewing for the linked member. Needs the webhook secret; every event it can read is accepted.`,
    tag: TAG,
    auth: 'none',
    query: webhookQuery,
    body: z.unknown().meta({ description: server === 'plex' ? 'multipart/form-data with a `payload` part (JSON).' : 'The JSON payload (as application/json, text/plain, or a multipart `data` part).' }),
    reply: scrobbleReply,
  });

export const integrationRoutes = {
  jellyfin: webhook('jellyfin'),
  plex: webhook('plex'),
  emby: webhook('emby'),
  status: defineRoute({
    method: 'GET',
    path: '/api/admin/media-servers',
    summary: 'Media-server scrobbling (admins): whether a secret is set, the webhook addresses, the user links and the event counts.',
    tag: TAG,
    auth: 'required',
    reply: mediaServersReply,
  }),
  rotateSecret: defineRoute({
    method: 'POST',
    path: '/api/admin/media-servers/secret',
    summary: 'Creates or replaces the webhook secret (admins); answers it once, with the full webhook addresses. The old secret stops working.',
    tag: TAG,
    auth: 'required',
    reply: mediaServerSecretReply,
  }),
  addMapping: defineRoute({
    method: 'POST',
    path: '/api/admin/media-servers/mappings',
    summary: 'Links a media-server user name to a member (admins).',
    tag: TAG,
    auth: 'required',
    body: mediaServerMappingCreate,
    reply: z.object({ success: z.literal(true), mapping: mediaServerMapping }),
  }),
  removeMapping: defineRoute({
    method: 'DELETE',
    path: '/api/admin/media-servers/mappings/:id',
    summary: 'Removes a media-server user link (admins).',
    tag: TAG,
    auth: 'required',
    params: z.object({ id: rowIdText('The mapping id must be a whole number.') }),
    reply: z.object({ success: z.literal(true) }),
  }),
};
