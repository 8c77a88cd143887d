import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  MEDIA_SERVER_NAMES,
  MEDIA_SERVERS,
  SCROBBLE_DEDUPE_HOURS,
  SCROBBLE_IGNORE_REASONS,
  type MediaServer,
  type MediaServerCounts,
  type MediaServerMapping,
  type MediaServerMappingCreate,
  type ScrobbleReply,
} from '@movieclub/contract';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { badRequest, conflict, notFound } from '../http/errors';
import { findImdbTitle } from '../movies/queries';
import { materialiseMovie } from '../movies/service';
import { findUserByName } from '../users/queries';
import { logViewing } from '../viewings/service';
import { PARSERS, playMoment } from './payloads';
import * as q from './queries';

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

/** Where each server posts (the secret goes in `?secret=` or the `X-Webhook-Secret` header). */
export const webhookPath = (server: MediaServer) => `/api/integrations/${server}`;

/** The webhook secret's keyed hash, as stored; keyed like session tokens. */
const hashSecret = (app: FastifyInstance, secret: string) => app.auth.hashToken(secret);

/** Creates or replaces the one webhook secret; the old one stops working at once. Answers the new secret (stored only hashed). */
export async function rotateSecret(app: FastifyInstance): Promise<string> {
  const secret = randomBytes(32).toString('base64url');
  await q.storeSecretHash(app.db, hashSecret(app, secret));
  return secret;
}

/** True when a secret is set and `given` is it (compared in constant time). */
export async function secretMatches(app: FastifyInstance, given: string | undefined): Promise<boolean> {
  const stored = await q.secretHash(app.db);
  if (!stored || !given) return false;
  // Equal-length digests of both, so the comparison takes the same time whatever was sent.
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(hashSecret(app, given)), digest(stored));
}

export async function secretIsSet(db: Kysely<Database>): Promise<boolean> {
  return (await q.secretHash(db)) !== null;
}

const emptyCounts = (): MediaServerCounts => ({
  received: 0,
  recorded: 0,
  ignored: Object.fromEntries(SCROBBLE_IGNORE_REASONS.map((reason) => [reason, 0])) as MediaServerCounts['ignored'],
});

/** Events received, recorded and ignored (by reason) per media server, since the database began. */
export async function scrobbleCounts(db: Kysely<Database>): Promise<Record<MediaServer, MediaServerCounts>> {
  const counts = Object.fromEntries(MEDIA_SERVERS.map((server) => [server, emptyCounts()])) as Record<MediaServer, MediaServerCounts>;
  for (const row of await q.allCounts(db)) {
    const entry = counts[row.server as MediaServer];
    if (!entry) continue;
    const count = Number(row.count);
    if (row.counter === 'received' || row.counter === 'recorded') entry[row.counter] = count;
    else if ((SCROBBLE_IGNORE_REASONS as readonly string[]).includes(row.counter)) entry.ignored[row.counter as keyof MediaServerCounts['ignored']] = count;
  }
  return counts;
}

export async function listMappings(db: Kysely<Database>): Promise<MediaServerMapping[]> {
  return (await q.listMappings(db)).map((row) => ({ ...row, server: row.server as MediaServer }));
}

export async function addMapping(db: Kysely<Database>, input: MediaServerMappingCreate): Promise<MediaServerMapping> {
  const user = await findUserByName(db, input.username);
  if (!user) throw badRequest(`No member is called ${input.username}.`);
  const id = await q.insertMapping(db, { server: input.server, external_name: input.external_name, user_id: user.id });
  if (id === null) throw conflict(`The ${MEDIA_SERVER_NAMES[input.server]} user ${input.external_name} is already linked to a member. Remove that link first.`);
  return { id, server: input.server, external_name: input.external_name, username: user.username };
}

export async function removeMapping(db: Kysely<Database>, id: number): Promise<void> {
  if (!(await q.deleteMapping(db, id))) throw notFound('That media-server user link does not exist.');
}

type Outcome = Pick<ScrobbleReply, 'outcome' | 'reason'>;
const ignored = (reason: NonNullable<ScrobbleReply['reason']>): Outcome => ({ outcome: 'ignored', reason });

/** Turns one event into a viewing, or says why not. */
async function decide(app: FastifyInstance, server: MediaServer, body: unknown): Promise<Outcome> {
  const parsed = body === undefined ? { ignored: 'unreadable' as const } : PARSERS[server](body);
  if ('ignored' in parsed) return ignored(parsed.ignored);
  const { play } = parsed;
  if (!play.isMovie) return ignored('not_movie');
  const userId = await q.mappedUserId(app.db, server, play.externalName);
  if (userId === null) return ignored('unmapped_user');
  if (!play.tconst) return ignored('no_imdb_id');
  if (!(await findImdbTitle(app.db, play.tconst))) return ignored('unknown_title');

  const { id: movieId } = await materialiseMovie({ db: app.db, config: app.config, log: app.log }, play.tconst, userId);
  const { playedAt, watchedOn } = playMoment(play, new Date());
  const scrobbleId = await q.insertScrobble(app.db, { server, user_id: userId, movie_id: movieId, played_at: playedAt.toISOString() });
  if (scrobbleId === null) return ignored('duplicate');
  const at = playedAt.getTime();
  const window = SCROBBLE_DEDUPE_HOURS * HOUR_MS;
  const day = Date.parse(watchedOn);
  const near = await q.hasNearbyViewing(app.db, {
    userId,
    movieId,
    from: new Date(at - window).toISOString(),
    until: new Date(at + window).toISOString(),
    dayFrom: new Date(day - DAY_MS).toISOString().slice(0, 10),
    dayUntil: new Date(day + DAY_MS).toISOString().slice(0, 10),
    exceptScrobble: scrobbleId,
  });
  if (near) return ignored('duplicate');
  const { viewing } = await logViewing(app.db, userId, { movie_id: movieId, watched_on: watchedOn });
  await q.setScrobbleViewing(app.db, scrobbleId, viewing.id);
  return { outcome: 'recorded', reason: null };
}

/** One webhook event with the right secret: counted as received, then as recorded or ignored (with the reason). */
export async function receiveEvent(app: FastifyInstance, server: MediaServer, body: unknown): Promise<ScrobbleReply> {
  await q.bumpCount(app.db, server, 'received');
  const outcome = await decide(app, server, body);
  await q.bumpCount(app.db, server, outcome.reason ?? 'recorded');
  if (outcome.outcome === 'recorded') app.log.info({ server }, 'media-server play logged as a viewing');
  return { success: true, ...outcome };
}
