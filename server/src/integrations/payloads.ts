import { isCalendarDate, latestViewingDate, type MediaServer, type ScrobbleIgnoreReason } from '@movieclub/contract';

/** A finished play of something, as a media server reports it. */
export interface FinishedPlay {
  /** The user name on the media server. */
  externalName: string;
  /** Only movies become viewings. */
  isMovie: boolean;
  /** The item's IMDb id when it carries one (tt + digits). */
  tconst: string | null;
  /** When the play ended, as the server says; null when it does not say (Plex). */
  playedAt: Date | null;
  /** The calendar day at the media server, when the payload gives its local time (Jellyfin). */
  localDay: string | null;
}

export type ParsedEvent = { play: FinishedPlay } | { ignored: ScrobbleIgnoreReason };

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => value !== null && typeof value === 'object' && !Array.isArray(value);
const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() ? value.trim() : null);
/** A flag sent as JSON true, or as text 'True'/'true' by a template. */
const isTrue = (value: unknown) => value === true || (typeof value === 'string' && value.trim().toLowerCase() === 'true');
/** A field whose key is matched in any case (servers and templates differ: `Imdb`, `IMDB`, `imdb`). */
function field(object: unknown, name: string): unknown {
  if (!isObject(object)) return undefined;
  if (name in object) return object[name];
  const key = Object.keys(object).find((candidate) => candidate.toLowerCase() === name.toLowerCase());
  return key === undefined ? undefined : object[key];
}

const IMDB_ID = /^tt\d{7,12}$/;
/** An IMDb id, or null for anything else. */
export function imdbId(value: unknown): string | null {
  const id = text(value)?.toLowerCase();
  return id && IMDB_ID.test(id) ? id : null;
}

/** Month/day/year with a 24-hour time: how a .NET DateTime renders with the invariant culture (a template's `{{UtcTimestamp}}`). */
const INVARIANT_DATE = /^(\d{1,2})\/(\d{1,2})\/(\d{4}) (\d{1,2}):(\d{2}):(\d{2})$/;
const ISO_DATE = /^(\d{4}-\d{2}-\d{2})T\d{2}:\d{2}/;

/** A moment from an ISO 8601 string (a time without a zone is UTC) or the invariant .NET form; null when unreadable. */
export function parseMoment(value: unknown): Date | null {
  const given = text(value);
  if (!given) return null;
  const invariant = INVARIANT_DATE.exec(given);
  if (invariant) {
    const [, month, day, year, hour, minute, second] = invariant.map(Number) as number[];
    const date = new Date(Date.UTC(year!, month! - 1, day!, hour, minute, second));
    return Number.isNaN(date.getTime()) ? null : date;
  }
  if (!ISO_DATE.test(given)) return null;
  const zoned = /(Z|[+-]\d{2}:?\d{2})$/i.test(given) ? given : `${given}Z`;
  const date = new Date(zoned);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** The calendar day written in a local timestamp (ISO, or the invariant .NET form), if it is a real day. */
export function localDayOf(value: unknown): string | null {
  const given = text(value);
  if (!given) return null;
  const iso = ISO_DATE.exec(given);
  if (iso) return isCalendarDate(iso[1]!) ? iso[1]! : null;
  const invariant = INVARIANT_DATE.exec(given);
  if (!invariant) return null;
  const day = `${invariant[3]}-${invariant[1]!.padStart(2, '0')}-${invariant[2]!.padStart(2, '0')}`;
  return isCalendarDate(day) ? day : null;
}

/**
 * Jellyfin's webhook plugin (a Generic destination sending the item's properties):
 * `PlaybackStop` counts when `PlayedToCompletion`; marking played counts (`ItemMarkedPlayed`,
 * or `UserDataSaved` with `SaveReason` TogglePlayed and `Played`).
 */
export function parseJellyfin(body: unknown): ParsedEvent {
  const type = text(field(body, 'NotificationType'));
  if (!type) return { ignored: 'unreadable' };
  const markedPlayed =
    type === 'ItemMarkedPlayed' || (type === 'UserDataSaved' && text(field(body, 'SaveReason')) === 'TogglePlayed' && isTrue(field(body, 'Played')));
  if (type !== 'PlaybackStop' && !markedPlayed) return { ignored: 'event' };
  if (type === 'PlaybackStop' && !isTrue(field(body, 'PlayedToCompletion'))) return { ignored: 'not_completed' };
  const externalName = text(field(body, 'NotificationUsername'));
  if (!externalName) return { ignored: 'unreadable' };
  return {
    play: {
      externalName,
      isMovie: text(field(body, 'ItemType')) === 'Movie',
      tconst: imdbId(field(body, 'Provider_imdb')),
      playedAt: parseMoment(field(body, 'UtcTimestamp')),
      localDay: localDayOf(field(body, 'Timestamp')),
    },
  };
}

/** The IMDb id among Plex's `Guid` list (`imdb://tt…`), or in a legacy agent's `guid` (`com.plexapp.agents.imdb://tt…?lang=en`). */
function plexImdbId(metadata: unknown): string | null {
  const guids = field(metadata, 'Guid');
  if (Array.isArray(guids)) {
    for (const guid of guids) {
      const id = text(field(guid, 'id'));
      if (id?.toLowerCase().startsWith('imdb://')) return imdbId(id.slice('imdb://'.length));
    }
  }
  const legacy = text(field(metadata, 'guid'));
  const match = legacy ? /^com\.plexapp\.agents\.imdb:\/\/(tt\d+)/i.exec(legacy) : null;
  return match ? imdbId(match[1]) : null;
}

/** Plex: `media.scrobble` (sent once a play passes 90 %) counts; `Account.title` is the Plex user. Plex sends no time: the play ends on arrival. */
export function parsePlex(body: unknown): ParsedEvent {
  const event = text(field(body, 'event'));
  if (!event) return { ignored: 'unreadable' };
  if (event !== 'media.scrobble') return { ignored: 'event' };
  const metadata = field(body, 'Metadata');
  const externalName = text(field(field(body, 'Account'), 'title'));
  if (!externalName || !isObject(metadata)) return { ignored: 'unreadable' };
  return { play: { externalName, isMovie: text(metadata.type) === 'movie', tconst: plexImdbId(metadata), playedAt: null, localDay: null } };
}

/** Emby: `playback.stop` counts when `PlaybackInfo.PlayedToCompletion`; `item.markplayed` counts. */
export function parseEmby(body: unknown): ParsedEvent {
  const event = text(field(body, 'Event'));
  if (!event) return { ignored: 'unreadable' };
  if (event !== 'playback.stop' && event !== 'item.markplayed') return { ignored: 'event' };
  if (event === 'playback.stop' && !isTrue(field(field(body, 'PlaybackInfo'), 'PlayedToCompletion'))) return { ignored: 'not_completed' };
  const item = field(body, 'Item');
  const externalName = text(field(field(body, 'User'), 'Name'));
  if (!externalName || !isObject(item)) return { ignored: 'unreadable' };
  return {
    play: {
      externalName,
      isMovie: text(field(item, 'Type')) === 'Movie',
      tconst: imdbId(field(field(item, 'ProviderIds'), 'Imdb')),
      playedAt: parseMoment(field(body, 'Date')),
      localDay: null,
    },
  };
}

export const PARSERS: Record<MediaServer, (body: unknown) => ParsedEvent> = { jellyfin: parseJellyfin, plex: parsePlex, emby: parseEmby };

/** Media servers did not exist before this; an older moment is a clock or template gone wrong. */
const EARLIEST_PLAY = Date.UTC(2000, 0, 1);
/** A server clock this far ahead of ours is still believed. */
const CLOCK_SKEW_MS = 5 * 60 * 1000;

/** When the play ended and the diary day it belongs to: the server's own local day when it gives one, else the UTC day. */
export function playMoment(play: FinishedPlay, now: Date): { playedAt: Date; watchedOn: string } {
  const given = play.playedAt?.getTime();
  const believable = given !== undefined && given >= EARLIEST_PLAY && given <= now.getTime() + CLOCK_SKEW_MS;
  const playedAt = believable ? new Date(Math.min(given, now.getTime())) : now;
  const utcDay = playedAt.toISOString().slice(0, 10);
  // The local day may differ from the UTC day by one at most, and never passes today anywhere.
  const local = play.localDay;
  const near = local !== null && Math.abs(Date.parse(local) - Date.parse(utcDay)) <= 86_400_000 && local <= latestViewingDate(now);
  return { playedAt, watchedOn: near ? local : utcDay };
}
