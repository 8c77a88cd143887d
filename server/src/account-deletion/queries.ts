import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

type Db = Kysely<Database>;

/** The member's public lists, each with its longest-serving moderator (the heir; null without one). */
export function ownedPublicLists(db: Db, userId: number) {
  return db
    .selectFrom('watchlists as w')
    .select((eb) => [
      'w.id',
      eb
        .selectFrom('watchlist_moderators as m')
        .select('m.user_id')
        .whereRef('m.watchlist_id', '=', 'w.id')
        .orderBy('m.added_at')
        .orderBy('m.user_id')
        .limit(1)
        .as('heir'),
    ])
    .where('w.owner_id', '=', userId)
    .where('w.is_personal', '=', 0)
    .execute();
}

/** The public lists the member moderates (their pages hear that the moderators changed). */
export async function moderatedListIds(db: Db, userId: number): Promise<number[]> {
  const rows = await db.selectFrom('watchlist_moderators').select('watchlist_id').where('user_id', '=', userId).execute();
  return rows.map((row) => row.watchlist_id);
}

/** Makes the heir the list's owner; they stop being one of its moderators. */
export async function handOver(trx: Db, listId: number, heirId: number): Promise<void> {
  await trx.updateTable('watchlists').set({ owner_id: heirId }).where('id', '=', listId).execute();
  await trx.deleteFrom('watchlist_moderators').where('watchlist_id', '=', listId).where('user_id', '=', heirId).execute();
}

/** The member's reviews with their movies. */
export function reviewsOf(db: Db, userId: number) {
  return db.selectFrom('reviews').select(['id', 'movie_id']).where('user_id', '=', userId).execute();
}

/** The member's comments with the movies of the reviews they are under. */
export function commentsOf(db: Db, userId: number) {
  return db.selectFrom('comments as c').innerJoin('reviews as r', 'r.id', 'c.review_id').select(['c.id', 'r.movie_id']).where('c.user_id', '=', userId).execute();
}

export async function sessionHashesOf(db: Db, userId: number): Promise<string[]> {
  return (await db.selectFrom('sessions').select('token_hash').where('user_id', '=', userId).execute()).map((row) => row.token_hash);
}

/**
 * The news the member gave others (reactions, tags in viewings…) goes with them; a movie night's
 * news stays, as the night does. Answers the members who lost some.
 */
export async function deleteNewsBy(trx: Db, userId: number): Promise<number[]> {
  const rows = await trx.deleteFrom('notifications').where('actor_id', '=', userId).where('kind', '<>', 'screening').returning('user_id').execute();
  return [...new Set(rows.map((row) => row.user_id))];
}

/** The account row; every row that belongs to it goes by its foreign keys (the rest keeps a null author). */
export async function deleteUser(trx: Db, userId: number): Promise<void> {
  await trx.deleteFrom('users').where('id', '=', userId).execute();
}


/** The movie nights of lists about to go (their news goes with them). */
export async function screeningIdsOfLists(db: Db, listIds: number[]): Promise<number[]> {
  if (listIds.length === 0) return [];
  return (await db.selectFrom('screenings').select('id').where('watchlist_id', 'in', listIds).execute()).map((row) => row.id);
}

/** Notifications that link to these addresses; answers the members who lost some. */
export async function deleteNewsLinkingTo(trx: Db, links: string[]): Promise<number[]> {
  if (links.length === 0) return [];
  const rows = await trx.deleteFrom('notifications').where('link', 'in', links).returning('user_id').execute();
  return rows.map((row) => row.user_id);
}

export function deleteLists(trx: Db, listIds: number[]) {
  if (listIds.length === 0) return Promise.resolve();
  return trx.deleteFrom('watchlists').where('id', 'in', listIds).execute().then(() => undefined);
}
