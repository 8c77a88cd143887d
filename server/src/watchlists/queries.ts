import { type Kysely, sql, type Transaction } from 'kysely';
import { dialectOf } from '../db/database';
import { rowIf } from '../db/rowIf';
import type { Database, WatchlistRow } from '../db/schema';

type Db = Kysely<Database> | Transaction<Database>;

/** A list with its owner's name and picture, as the list queries select it. */
export type ListRow = Omit<WatchlistRow, 'updated_at' | 'picked_by'> & {
  owner_username: string;
  owner_profile_picture: string | null;
};

function listQuery(db: Db) {
  return db
    .selectFrom('watchlists as w')
    .innerJoin('users as u', 'u.id', 'w.owner_id')
    .select([
      'w.id',
      'w.owner_id',
      'w.name',
      'w.description',
      'w.is_personal',
      'w.secret',
      'w.picked_movie_id',
      'w.picked_at',
      'w.created_at',
      'u.username as owner_username',
      'u.profile_picture as owner_profile_picture',
    ]);
}

export function findList(db: Db, id: number): Promise<ListRow | undefined> {
  return listQuery(db).where('w.id', '=', id).executeTakeFirst();
}

export function findPersonalList(db: Db, ownerId: number): Promise<ListRow | undefined> {
  return listQuery(db).where('w.owner_id', '=', ownerId).where('w.is_personal', '=', 1).executeTakeFirst();
}

export async function insertList(
  db: Db,
  values: { owner_id: number; name: string; is_personal: number; secret: string | null; now: string },
): Promise<number> {
  const { now, ...rest } = values;
  const row = await db
    .insertInto('watchlists')
    .values({ ...rest, description: '', created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export function setSecret(db: Db, id: number, secret: string) {
  return db.updateTable('watchlists').set({ secret }).where('id', '=', id).where('secret', 'is', null).execute();
}

/**
 * Takes the list's row lock for the rest of the transaction (PostgreSQL row
 * lock; SQLite's write lock), so changes to one list's items run one at a time.
 */
export type LockedList = { id: number; personal: boolean };

/** Takes the list's lock for the transaction; whether the list is personal, or null when there is no such list. */
export async function lockList(trx: Transaction<Database>, id: number, now: string): Promise<Omit<LockedList, 'id'> | null> {
  const row = await trx.updateTable('watchlists').set({ updated_at: now }).where('id', '=', id).returning('is_personal').executeTakeFirst();
  return row ? { personal: row.is_personal === 1 } : null;
}

/** Takes the lock of the member's personal list for the transaction; null when they have none yet. */
export async function lockPersonalList(trx: Transaction<Database>, ownerId: number, now: string): Promise<LockedList | null> {
  const row = await trx
    .updateTable('watchlists')
    .set({ updated_at: now })
    .where('owner_id', '=', ownerId)
    .where('is_personal', '=', 1)
    .returning('id')
    .executeTakeFirst();
  return row ? { id: row.id, personal: true } : null;
}

export function listItems(db: Db, listId: number) {
  return db
    .selectFrom('watchlist_items as i')
    .innerJoin('movies as m', 'm.id', 'i.movie_id')
    .where('i.watchlist_id', '=', listId)
    .select(['m.id', 'm.title', 'm.poster', 'm.imdb_rating', 'm.length', 'm.tconst', 'm.year', 'm.release_date', 'm.plot', 'm.genres', 'i.position'])
    .orderBy('i.position')
    .orderBy('m.id')
    .execute();
}

export async function itemMovieIds(db: Db, listId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('watchlist_items')
    .select('movie_id')
    .where('watchlist_id', '=', listId)
    .orderBy('position')
    .execute();
  return rows.map((row) => row.movie_id);
}

export function findItem(db: Db, listId: number, movieId: number) {
  return db
    .selectFrom('watchlist_items')
    .select(['movie_id', 'position'])
    .where('watchlist_id', '=', listId)
    .where('movie_id', '=', movieId)
    .executeTakeFirst();
}

/**
 * Appends a catalogue movie at the end of the list, its position the list's count, in one
 * statement (a round trip on PostgreSQL where a check, a count and an insert were three); false,
 * and nothing written, when it is on the list already or not in the catalogue. Positions stay
 * dense when the caller holds the list's lock (`lockList`).
 */
export async function appendItem(trx: Transaction<Database>, values: { watchlist_id: number; movie_id: number; added_by: number; added_at: string }): Promise<boolean> {
  const position = trx.selectFrom('watchlist_items').select((eb) => eb.fn.countAll().as('n')).where('watchlist_id', '=', values.watchlist_id);
  const { columns, select } = rowIf(trx, { ...values, position }, (eb) => eb.exists(eb.selectFrom('movies').select('id').where('id', '=', values.movie_id)));
  const added = await trx
    .insertInto('watchlist_items')
    .columns(columns)
    .expression(select)
    .onConflict((conflict) => conflict.columns(['watchlist_id', 'movie_id']).doNothing())
    .returning('position')
    .executeTakeFirst();
  return added !== undefined;
}

/**
 * `lockPersonalList` and `appendItem` as one statement, for PostgreSQL: one round trip and one
 * commit where a transaction took four. The position is counted by `watchlist_next_position`, a
 * volatile function, so it reads the items anew once the list's lock is held: the statement's own
 * snapshot predates a lock it waited for, and would miss the item of the call that held it.
 * Undefined when the member has no personal list yet.
 */
export function appendToPersonalList(db: Kysely<Database>, values: { owner_id: number; movie_id: number; now: string }) {
  return db
    .with('locked', (qb) =>
      qb.updateTable('watchlists').set({ updated_at: values.now }).where('owner_id', '=', values.owner_id).where('is_personal', '=', 1).returning('id'),
    )
    .with('added', (qb) =>
      qb
        .insertInto('watchlist_items')
        .columns(['watchlist_id', 'movie_id', 'added_by', 'added_at', 'position'])
        .expression(
          qb
            .selectFrom('locked')
            .select((eb) => [
              'locked.id',
              eb.val(values.movie_id).as('movie_id'),
              eb.val(values.owner_id).as('added_by'),
              eb.val(values.now).as('added_at'),
              sql<number>`watchlist_next_position(locked.id)`.as('position'),
            ])
            .where((eb) => eb.exists(eb.selectFrom('movies').select('id').where('id', '=', values.movie_id))),
        )
        .onConflict((conflict) => conflict.columns(['watchlist_id', 'movie_id']).doNothing())
        .returning('movie_id'),
    )
    .selectFrom('locked')
    .select((eb) => [
      'locked.id',
      eb.exists(eb.selectFrom('added').select('movie_id')).as('added'),
      eb.exists(eb.selectFrom('movies').select('id').where('id', '=', values.movie_id)).as('movie_exists'),
    ])
    .executeTakeFirst();
}

export async function deleteItem(db: Db, listId: number, movieId: number, position: number) {
  await db.deleteFrom('watchlist_items').where('watchlist_id', '=', listId).where('movie_id', '=', movieId).execute();
  // Close the gap so positions stay dense.
  await db
    .updateTable('watchlist_items')
    .set({ position: sql<number>`position - 1` })
    .where('watchlist_id', '=', listId)
    .where('position', '>', position)
    .execute();
}

export async function setPositions(db: Db, listId: number, order: number[]) {
  for (const [position, movieId] of order.entries()) {
    await db
      .updateTable('watchlist_items')
      .set({ position })
      .where('watchlist_id', '=', listId)
      .where('movie_id', '=', movieId)
      .execute();
  }
}

export function updateDescription(db: Db, id: number, description: string, now: string) {
  return db.updateTable('watchlists').set({ description, updated_at: now }).where('id', '=', id).execute();
}

/**
 * Stores a pick unless a later one is stored already (two editors picking at once, on two
 * processes): the list keeps the latest by `picked_at`, as every open page does. True when stored.
 */
export async function setPick(db: Db, id: number, movieId: number, pickedBy: number, now: string): Promise<boolean> {
  const result = await db
    .updateTable('watchlists')
    .set({ picked_movie_id: movieId, picked_at: now, picked_by: pickedBy })
    .where('id', '=', id)
    .where((eb) => eb.or([eb('picked_at', 'is', null), eb('picked_at', '<=', now)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The list's stored pick, with its movie. */
export function storedPick(db: Db, id: number) {
  return db
    .selectFrom('watchlists as w')
    .innerJoin('movies as m', 'm.id', 'w.picked_movie_id')
    .select(['m.id', 'm.title', 'm.poster', 'w.picked_at'])
    .where('w.id', '=', id)
    .executeTakeFirst();
}

export function findMovie(db: Db, id: number) {
  return db.selectFrom('movies').select(['id', 'title', 'poster']).where('id', '=', id).executeTakeFirst();
}

/** Items of the list the user has not reviewed. */
export async function unreviewedMovieIds(db: Db, listId: number, userId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('watchlist_items as i')
    .select('i.movie_id')
    .where('i.watchlist_id', '=', listId)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb.selectFrom('reviews as r').select('r.id').whereRef('r.movie_id', '=', 'i.movie_id').where('r.user_id', '=', userId),
        ),
      ),
    )
    .orderBy('i.position')
    .execute();
  return rows.map((row) => row.movie_id);
}

export function listModerators(db: Db, listId: number) {
  return db
    .selectFrom('watchlist_moderators as wm')
    .innerJoin('users as u', 'u.id', 'wm.user_id')
    .select(['u.id', 'u.username', 'u.profile_picture'])
    .where('wm.watchlist_id', '=', listId)
    .orderBy('wm.added_at')
    .orderBy('u.id')
    .execute();
}

export async function isModerator(db: Db, listId: number, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('watchlist_moderators')
    .select('user_id')
    .where('watchlist_id', '=', listId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Boolean(row);
}

export function insertModerator(db: Db, listId: number, userId: number, now: string) {
  return db.insertInto('watchlist_moderators').values({ watchlist_id: listId, user_id: userId, added_at: now }).execute();
}

export async function deleteModerator(db: Db, listId: number, userId: number): Promise<boolean> {
  const result = await db
    .deleteFrom('watchlist_moderators')
    .where('watchlist_id', '=', listId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Escapes LIKE wildcards so a search for '50%' means the text itself. */
function likePattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** A list's name in lower case, folded as likePattern folds the search text (SQLite's lower() folds only A–Z). */
function lowerName(db: Db) {
  return dialectOf(db) === 'postgres' ? sql`lower(w.name)` : sql`movieclub_lower(w.name)`;
}

/** Public lists with their owners, filtered by name or owner when `q` is given. */
function matchingPublicLists(db: Db, text: string | null) {
  return db
    .selectFrom('watchlists as w')
    .innerJoin('users as u', 'u.id', 'w.owner_id')
    .where('w.is_personal', '=', 0)
    .$if(Boolean(text), (qb) =>
      qb.where((eb) =>
        eb.or([
          sql<boolean>`${lowerName(db)} like ${likePattern(text!)} escape '\\'`,
          sql<boolean>`u.username_lower like ${likePattern(text!)} escape '\\'`,
        ]),
      ),
    );
}

export async function countPublicLists(db: Db, text: string | null): Promise<number> {
  const row = await matchingPublicLists(db, text)
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Public lists, newest first, with their counts and first poster; `q` filters by name or owner. */
export function publicLists(db: Db, options: { q: string | null; limit: number; offset: number }) {
  return matchingPublicLists(db, options.q)
    .select((eb) => [
      'w.id',
      'w.name',
      'w.created_at',
      'u.username as owner_username',
      'u.profile_picture as owner_profile_picture',
      eb
        .selectFrom('watchlist_items as i')
        .select((inner) => inner.fn.countAll().as('n'))
        .whereRef('i.watchlist_id', '=', 'w.id')
        .as('item_count'),
      eb
        .selectFrom('watchlist_items as i')
        .innerJoin('movies as m', 'm.id', 'i.movie_id')
        .select('m.poster')
        .whereRef('i.watchlist_id', '=', 'w.id')
        .orderBy('i.position')
        .limit(1)
        .as('first_poster'),
    ])
    .orderBy('w.created_at', 'desc')
    .orderBy('w.id', 'desc')
    .limit(options.limit)
    .offset(options.offset)
    .execute();
}
