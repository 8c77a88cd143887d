import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema';

type Db = Kysely<Database>;

/** The `app_meta` key of the webhook secret's keyed hash. */
export const SECRET_HASH_KEY = 'media_server_secret_hash';

export async function secretHash(db: Db): Promise<string | null> {
  const row = await db.selectFrom('app_meta').select('value').where('key', '=', SECRET_HASH_KEY).executeTakeFirst();
  return row?.value ?? null;
}

export async function storeSecretHash(db: Db, hash: string): Promise<void> {
  await db
    .insertInto('app_meta')
    .values({ key: SECRET_HASH_KEY, value: hash })
    .onConflict((conflict) => conflict.column('key').doUpdateSet({ value: hash }))
    .execute();
}

export function listMappings(db: Db) {
  return db
    .selectFrom('media_server_users as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select(['m.id', 'm.server', 'm.external_name', 'u.username'])
    .orderBy('m.server')
    .orderBy('m.external_name_lower')
    .execute();
}

export function findMapping(db: Db, id: number) {
  return db
    .selectFrom('media_server_users as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select(['m.id', 'm.server', 'm.external_name', 'u.username'])
    .where('m.id', '=', id)
    .executeTakeFirst();
}

/** The member linked to a media-server user name (any case), if any. */
export async function mappedUserId(db: Db, server: string, externalName: string): Promise<number | null> {
  const row = await db
    .selectFrom('media_server_users')
    .select('user_id')
    .where('server', '=', server)
    .where('external_name_lower', '=', externalName.toLowerCase())
    .executeTakeFirst();
  return row?.user_id ?? null;
}

/** Links a name to a member; null when the name is already linked on that server. */
export async function insertMapping(db: Db, row: { server: string; external_name: string; user_id: number }): Promise<number | null> {
  const inserted = await db
    .insertInto('media_server_users')
    .values({ ...row, external_name_lower: row.external_name.toLowerCase(), created_at: new Date().toISOString() })
    .onConflict((conflict) => conflict.columns(['server', 'external_name_lower']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted?.id ?? null;
}

export async function deleteMapping(db: Db, id: number): Promise<boolean> {
  const result = await db.deleteFrom('media_server_users').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Adds one to a server's counter, creating it at one. */
export async function bumpCount(db: Db, server: string, counter: string): Promise<void> {
  await db
    .insertInto('media_server_counts')
    .values({ server, counter, count: 1 })
    .onConflict((conflict) => conflict.columns(['server', 'counter']).doUpdateSet({ count: sql<number>`media_server_counts.count + 1` }))
    .execute();
}

export function allCounts(db: Db) {
  return db.selectFrom('media_server_counts').select(['server', 'counter', 'count']).execute();
}

/** Records a finished play; null when the same play (member, movie, moment) was recorded already: a replayed webhook. */
export async function insertScrobble(db: Db, row: { server: string; user_id: number; movie_id: number; played_at: string }): Promise<number | null> {
  const inserted = await db
    .insertInto('media_server_scrobbles')
    .values({ ...row, viewing_id: null, received_at: new Date().toISOString() })
    .onConflict((conflict) => conflict.columns(['user_id', 'movie_id', 'played_at']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted?.id ?? null;
}

export function setScrobbleViewing(db: Db, id: number, viewingId: number) {
  return db.updateTable('media_server_scrobbles').set({ viewing_id: viewingId }).where('id', '=', id).execute();
}

/**
 * True when the member already has this movie near the play: a viewing logged within the
 * window (dated within a day of the play, or undated), or another play from any media server.
 */
export async function hasNearbyViewing(
  db: Db,
  near: { userId: number; movieId: number; from: string; until: string; dayFrom: string; dayUntil: string; exceptScrobble: number },
): Promise<boolean> {
  const viewing = await db
    .selectFrom('viewings')
    .select('id')
    .where('user_id', '=', near.userId)
    .where('movie_id', '=', near.movieId)
    .where('created_at', '>=', near.from)
    .where('created_at', '<=', near.until)
    .where((eb) => eb.or([eb('watched_on', 'is', null), eb.and([eb('watched_on', '>=', near.dayFrom), eb('watched_on', '<=', near.dayUntil)])]))
    .limit(1)
    .executeTakeFirst();
  if (viewing) return true;
  const play = await db
    .selectFrom('media_server_scrobbles')
    .select('id')
    .where('user_id', '=', near.userId)
    .where('movie_id', '=', near.movieId)
    .where('played_at', '>=', near.from)
    .where('played_at', '<=', near.until)
    .where('id', '<>', near.exceptScrobble)
    .limit(1)
    .executeTakeFirst();
  return play !== undefined;
}
