import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

type Db = Kysely<Database>;

/** What the exports read: everything one member owns. */

export function userById(db: Db, userId: number) {
  return db.selectFrom('users').select(['username', 'created_at', 'profile_picture']).where('id', '=', userId).executeTakeFirst();
}

export function reviewsOf(db: Db, userId: number) {
  return db
    .selectFrom('reviews as r')
    .innerJoin('movies as m', 'm.id', 'r.movie_id')
    .select([
      'm.tconst',
      'm.title',
      'm.year',
      'r.stars',
      'r.text',
      'r.ttm_rating',
      'r.pain_level',
      'r.smoke_alarms',
      'r.equipment_seen',
      'r.estimated_budget',
      'r.created_at',
      'r.updated_at',
    ])
    .where('r.user_id', '=', userId)
    .orderBy('r.created_at')
    .orderBy('r.id')
    .execute();
}

/** The member's own viewings (not those they were tagged in), undated first, then by day. */
export function viewingsOf(db: Db, userId: number) {
  return db
    .selectFrom('viewings as v')
    .innerJoin('movies as m', 'm.id', 'v.movie_id')
    .select(['v.id', 'm.tconst', 'm.title', 'm.year', 'v.watched_on', 'v.rewatch', 'v.place', 'v.note', 'v.created_at'])
    .where('v.user_id', '=', userId)
    .orderBy('v.watched_on', (order) => order.asc().nullsFirst())
    .orderBy('v.created_at')
    .orderBy('v.id')
    .execute();
}

/** Who was tagged in the member's viewings, by viewing. */
export function companionsOf(db: Db, userId: number) {
  return db
    .selectFrom('viewing_companions as c')
    .innerJoin('viewings as v', 'v.id', 'c.viewing_id')
    .innerJoin('users as u', 'u.id', 'c.user_id')
    .select(['c.viewing_id', 'u.username'])
    .where('v.user_id', '=', userId)
    .orderBy('u.username_lower')
    .execute();
}

/** The member's personal watchlist and the public lists they own (not those they only moderate). */
export function listsOwnedBy(db: Db, userId: number) {
  return db
    .selectFrom('watchlists')
    .select(['id', 'name', 'description', 'is_personal', 'created_at'])
    .where('owner_id', '=', userId)
    .orderBy('is_personal', 'desc')
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

export function itemsOf(db: Db, listIds: number[]) {
  if (listIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('watchlist_items as i')
    .innerJoin('movies as m', 'm.id', 'i.movie_id')
    .select(['i.watchlist_id', 'i.position', 'i.added_at', 'm.tconst', 'm.title', 'm.year'])
    .where('i.watchlist_id', 'in', listIds)
    .orderBy('i.watchlist_id')
    .orderBy('i.position')
    .execute();
}

export function moderatorsOf(db: Db, listIds: number[]) {
  if (listIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('watchlist_moderators as w')
    .innerJoin('users as u', 'u.id', 'w.user_id')
    .select(['w.watchlist_id', 'u.username'])
    .where('w.watchlist_id', 'in', listIds)
    .orderBy('u.username_lower')
    .execute();
}
