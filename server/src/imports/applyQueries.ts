import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema';

type Db = Kysely<Database> | Transaction<Database>;

/** SQL for applying an import's rows: the member's reviews, viewings and lists, read and written directly. */

export interface ImportedReview {
  stars: number;
  text: string | null;
  ttm_rating: string | null;
  pain_level: number | null;
  smoke_alarms: number | null;
  equipment_seen: number | null;
  estimated_budget: string | null;
  created_at: string;
  updated_at: string;
}

export async function insertReview(db: Db, userId: number, movieId: number, review: ImportedReview): Promise<number> {
  const row = await db
    .insertInto('reviews')
    .values({ user_id: userId, movie_id: movieId, ...review })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The member's reviews of these movies. */
export function reviewsOfMovies(db: Db, userId: number, movieIds: number[]) {
  if (movieIds.length === 0) return Promise.resolve([]);
  return db.selectFrom('reviews').select(['id', 'movie_id', 'updated_at']).where('user_id', '=', userId).where('movie_id', 'in', movieIds).execute();
}

/** The days of the member's viewings of these movies (null: without a day). */
export function viewingDaysOfMovies(db: Db, userId: number, movieIds: number[]) {
  if (movieIds.length === 0) return Promise.resolve([]);
  return db.selectFrom('viewings').select(['movie_id', 'watched_on']).where('user_id', '=', userId).where('movie_id', 'in', movieIds).execute();
}

export function updateReview(db: Db, id: number, changes: Partial<ImportedReview>) {
  return db.updateTable('reviews').set(changes).where('id', '=', id).execute();
}

export async function insertViewing(
  db: Db,
  values: { user_id: number; movie_id: number; watched_on: string | null; rewatch: number; place: string | null; note: string | null; created_at: string },
): Promise<number> {
  const row = await db
    .insertInto('viewings')
    .values({ ...values, updated_at: values.created_at })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function insertCompanions(db: Db, viewingId: number, userIds: number[]): Promise<void> {
  if (userIds.length > 0) await db.insertInto('viewing_companions').values(userIds.map((user_id) => ({ viewing_id: viewingId, user_id }))).execute();
}

/** Users by lowercased name. */
export function usersNamed(db: Db, lowerNames: string[]) {
  if (lowerNames.length === 0) return Promise.resolve([]);
  return db.selectFrom('users').select(['id', 'username_lower']).where('username_lower', 'in', lowerNames).execute();
}

/** The member's own public list with this name, if any (an import run again adds to it rather than making another). */
export function ownPublicListNamed(db: Db, ownerId: number, name: string) {
  return db.selectFrom('watchlists').select('id').where('owner_id', '=', ownerId).where('is_personal', '=', 0).where('name', '=', name).executeTakeFirst();
}

export async function addModerators(db: Db, listId: number, userIds: number[], now: string): Promise<void> {
  for (const userId of userIds) {
    const present = await db.selectFrom('watchlist_moderators').select('user_id').where('watchlist_id', '=', listId).where('user_id', '=', userId).executeTakeFirst();
    if (!present) await db.insertInto('watchlist_moderators').values({ watchlist_id: listId, user_id: userId, added_at: now }).execute();
  }
}
