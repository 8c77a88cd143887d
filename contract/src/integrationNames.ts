// Without zod: the client imports these at run time (see index.ts).

/** Media servers whose webhooks log viewings (scrobbling). */
export const MEDIA_SERVERS = ['jellyfin', 'plex', 'emby'] as const;
export type MediaServer = (typeof MEDIA_SERVERS)[number];
export const MEDIA_SERVER_NAMES: Record<MediaServer, string> = { jellyfin: 'Jellyfin', plex: 'Plex', emby: 'Emby' };

/** Longest media-server user name a mapping accepts. */
export const MEDIA_SERVER_NAME_MAX = 100;
/** A finished play this close (either side) to another viewing of the movie by the member logs nothing, in hours. */
export const SCROBBLE_DEDUPE_HOURS = 6;
