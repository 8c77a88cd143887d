import type { Kysely, Transaction } from 'kysely';
import type { Database, ScreeningsTable } from '../db/schema';

type Db = Kysely<Database> | Transaction<Database>;

/** A screening with its list, its creator's name, its pick and how many said yes. */
function screeningQuery(db: Db) {
  return db
    .selectFrom('screenings as s')
    .innerJoin('watchlists as w', 'w.id', 's.watchlist_id')
    .leftJoin('users as creator', 'creator.id', 's.created_by')
    .leftJoin('movies as m', 'm.id', 's.picked_movie_id')
    .select((eb) => [
      's.id',
      's.watchlist_id',
      's.starts_at',
      's.utc_offset',
      's.place',
      's.note',
      's.status',
      's.picked_movie_id',
      's.picked_at',
      's.sequence',
      's.updated_at',
      'w.name as watchlist_name',
      'w.is_personal',
      'creator.username as created_by',
      'm.title as picked_title',
      'm.poster as picked_poster',
      'm.length as picked_length',
      eb
        .selectFrom('screening_rsvps as r')
        .select((inner) => inner.fn.countAll<number>().as('n'))
        .whereRef('r.screening_id', '=', 's.id')
        .where('r.status', '=', 'yes')
        .as('yes_count'),
    ]);
}

/** Planned screenings starting after `from` and at most at `to` (UTC ISO). */
export function plannedStartingBetween(db: Db, from: string, to: string) {
  return db
    .selectFrom('screenings as s')
    .innerJoin('watchlists as w', 'w.id', 's.watchlist_id')
    .select(['s.id', 's.starts_at', 's.utc_offset', 's.created_at', 's.site_url', 'w.name as watchlist_name'])
    .where('s.status', '=', 'planned')
    .where('s.starts_at', '>', from)
    .where('s.starts_at', '<=', to)
    .execute();
}

/** The ids of a list's planned screenings that started after `since` (UTC ISO): those whose boards are open. */
export async function openScreeningIdsOf(db: Db, watchlistId: number, since: string): Promise<number[]> {
  const rows = await db
    .selectFrom('screenings')
    .select('id')
    .where('watchlist_id', '=', watchlistId)
    .where('starts_at', '>=', since)
    .where('status', '=', 'planned')
    .execute();
  return rows.map((row) => row.id);
}

/**
 * Claims a planned night's 'starting soon' post for its current start: true for the one caller
 * (of every process sweeping at once) that should send it, false when it was sent for this start.
 */
export async function claimSoonPost(db: Db, id: number): Promise<boolean> {
  const result = await db
    .updateTable('screenings')
    .set((eb) => ({ soon_posted_for: eb.ref('starts_at') }))
    .where('id', '=', id)
    .where('status', '=', 'planned')
    .where((eb) => eb.or([eb('soon_posted_for', 'is', null), eb('soon_posted_for', '<>', eb.ref('starts_at'))]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export type ScreeningRow = NonNullable<Awaited<ReturnType<typeof findScreening>>>;

export function findScreening(db: Db, id: number) {
  return screeningQuery(db).where('s.id', '=', id).executeTakeFirst();
}

export async function insertScreening(
  db: Db,
  row: Pick<ScreeningsTable, 'watchlist_id' | 'starts_at' | 'utc_offset' | 'place' | 'note' | 'created_by' | 'site_url'>,
  now: string,
): Promise<number> {
  const inserted = await db
    .insertInto('screenings')
    .values({ ...row, status: 'planned', picked_movie_id: null, picked_at: null, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return inserted.id;
}

export type ScreeningChanges = Partial<Pick<ScreeningsTable, 'starts_at' | 'utc_offset' | 'place' | 'note' | 'status' | 'picked_movie_id' | 'picked_at' | 'picked_by'>>;

/** Changes a screening and raises its calendar sequence; only a planned one, so a cancelled screening stays as it was. */
export async function updatePlannedScreening(db: Db, id: number, changes: ScreeningChanges, now: string): Promise<boolean> {
  const result = await db
    .updateTable('screenings')
    .set((eb) => ({ ...changes, updated_at: now, sequence: eb('sequence', '+', 1) }))
    .where('id', '=', id)
    .where('status', '=', 'planned')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Takes the screening's row lock for the rest of the transaction (PostgreSQL; SQLite runs one writer at a time). */
export async function lockScreening(trx: Transaction<Database>, id: number): Promise<void> {
  await trx.updateTable('screenings').set((eb) => ({ sequence: eb.ref('sequence') })).where('id', '=', id).execute();
}

/** Where a screening stands in a listing's order, for the page after it. */
export function screeningPosition(db: Db, id: number) {
  return db.selectFrom('screenings').select(['id', 'starts_at']).where('id', '=', id).executeTakeFirst();
}

/**
 * Upcoming: planned and started no earlier than `since`, soonest first; otherwise the rest, latest
 * first; ties by id. `after`: only those that come after that position in this order.
 */
export function listScreenings(db: Db, filter: { upcoming: boolean; since: string; watchlistId?: number; after?: { id: number; starts_at: string }; limit: number }) {
  let query = screeningQuery(db).where('w.is_personal', '=', 0);
  if (filter.watchlistId !== undefined) query = query.where('s.watchlist_id', '=', filter.watchlistId);
  if (filter.upcoming) {
    query = query.where('s.status', '=', 'planned').where('s.starts_at', '>=', filter.since).orderBy('s.starts_at', 'asc');
  } else {
    query = query.where((eb) => eb.or([eb('s.status', '<>', 'planned'), eb('s.starts_at', '<', filter.since)])).orderBy('s.starts_at', 'desc');
  }
  const after = filter.after;
  if (after) {
    query = query.where((eb) => eb.or([eb('s.starts_at', filter.upcoming ? '>' : '<', after.starts_at), eb.and([eb('s.starts_at', '=', after.starts_at), eb('s.id', '>', after.id)])]));
  }
  return query.orderBy('s.id').limit(filter.limit).execute();
}

/** A list's screenings for its calendar feed: those that started after `since`, soonest first. */
export function feedScreenings(db: Db, watchlistId: number, since: string, limit: number) {
  return screeningQuery(db).where('s.watchlist_id', '=', watchlistId).where('s.starts_at', '>=', since).orderBy('s.starts_at').orderBy('s.id').limit(limit).execute();
}

/** Every public list's screenings that started after `since`, soonest first: the club's calendar. */
export function clubFeedScreenings(db: Db, since: string, limit: number) {
  return screeningQuery(db).where('w.is_personal', '=', 0).where('s.starts_at', '>=', since).orderBy('s.starts_at').orderBy('s.id').limit(limit).execute();
}

/** The screenings of public lists a member answered 'yes' or 'maybe' that started after `since`, soonest first. */
export function memberFeedScreenings(db: Db, userId: number, since: string, limit: number) {
  return screeningQuery(db)
    .where('w.is_personal', '=', 0)
    .where('s.starts_at', '>=', since)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('screening_rsvps as mine')
          .select('mine.screening_id')
          .whereRef('mine.screening_id', '=', 's.id')
          .where('mine.user_id', '=', userId)
          .where('mine.status', 'in', ['yes', 'maybe']),
      ),
    )
    .orderBy('s.starts_at')
    .orderBy('s.id')
    .limit(limit)
    .execute();
}

export function rsvpsOf(db: Db, screeningId: number) {
  return db
    .selectFrom('screening_rsvps as r')
    .innerJoin('users as u', 'u.id', 'r.user_id')
    .select(['r.user_id', 'r.status', 'u.username', 'u.profile_picture'])
    .where('r.screening_id', '=', screeningId)
    .orderBy('u.username_lower')
    .execute();
}

export async function setRsvp(db: Db, screeningId: number, userId: number, status: string, now: string): Promise<void> {
  await db
    .insertInto('screening_rsvps')
    .values({ screening_id: screeningId, user_id: userId, status, updated_at: now })
    .onConflict((conflict) => conflict.columns(['screening_id', 'user_id']).doUpdateSet({ status, updated_at: now }))
    .execute();
}

/** Locks the member's RSVP row if it is a 'yes'; false when they have not said yes. */
export async function lockYesRsvp(trx: Transaction<Database>, screeningId: number, userId: number): Promise<boolean> {
  const result = await trx
    .updateTable('screening_rsvps')
    .set((eb) => ({ status: eb.ref('status') }))
    .where('screening_id', '=', screeningId)
    .where('user_id', '=', userId)
    .where('status', '=', 'yes')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export function votesOf(db: Db, screeningId: number) {
  return db
    .selectFrom('screening_votes as v')
    .innerJoin('users as u', 'u.id', 'v.user_id')
    .select(['v.user_id', 'v.movie_id', 'v.vote', 'u.username'])
    .where('v.screening_id', '=', screeningId)
    .orderBy('u.username_lower')
    .orderBy('v.created_at')
    .orderBy('v.movie_id')
    .execute();
}

export function votesBy(db: Db, screeningId: number, userId: number) {
  return db
    .selectFrom('screening_votes')
    .select(['movie_id', 'vote'])
    .where('screening_id', '=', screeningId)
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('movie_id')
    .execute();
}

export async function setVote(db: Db, screeningId: number, userId: number, movieId: number, vote: string, now: string): Promise<void> {
  await db
    .insertInto('screening_votes')
    .values({ screening_id: screeningId, user_id: userId, movie_id: movieId, vote, created_at: now })
    .onConflict((conflict) => conflict.columns(['screening_id', 'user_id', 'movie_id']).doUpdateSet({ vote }))
    .execute();
}

export async function deleteVote(db: Db, screeningId: number, userId: number, movieId: number): Promise<boolean> {
  const result = await db
    .deleteFrom('screening_votes')
    .where('screening_id', '=', screeningId)
    .where('user_id', '=', userId)
    .where('movie_id', '=', movieId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function deleteVotesBy(db: Db, screeningId: number, userId: number): Promise<void> {
  await db.deleteFrom('screening_votes').where('screening_id', '=', screeningId).where('user_id', '=', userId).execute();
}

/**
 * Which of the users have seen which of the movies: a review, a viewing of their own,
 * or being tagged in someone's viewing.
 */
export async function seenPairs(db: Db, userIds: number[], movieIds: number[]): Promise<{ user_id: number; movie_id: number }[]> {
  if (userIds.length === 0 || movieIds.length === 0) return [];
  return db
    .selectFrom('reviews')
    .select(['user_id', 'movie_id'])
    .where('user_id', 'in', userIds)
    .where('movie_id', 'in', movieIds)
    .union(db.selectFrom('viewings').select(['user_id', 'movie_id']).where('user_id', 'in', userIds).where('movie_id', 'in', movieIds))
    .union(
      db
        .selectFrom('viewing_companions as c')
        .innerJoin('viewings as v', 'v.id', 'c.viewing_id')
        .select(['c.user_id', 'v.movie_id'])
        .where('c.user_id', 'in', userIds)
        .where('v.movie_id', 'in', movieIds),
    )
    .execute();
}

/** Every rating of the users, with the genres of the movie rated: what the predicted scores are drawn from. */
export function ratingsWithGenres(db: Db, userIds: number[]) {
  if (userIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('reviews as r')
    .innerJoin('movies as m', 'm.id', 'r.movie_id')
    .select(['r.user_id', 'r.movie_id', 'r.stars', 'm.genres'])
    .where('r.user_id', 'in', userIds)
    .execute();
}

export function attendeesOf(db: Db, screeningId: number) {
  return db
    .selectFrom('screening_attendees as a')
    .innerJoin('users as u', 'u.id', 'a.user_id')
    .select(['a.user_id', 'a.viewing_id', 'u.username', 'u.profile_picture'])
    .where('a.screening_id', '=', screeningId)
    .orderBy('u.username_lower')
    .execute();
}

export async function addAttendee(db: Db, screeningId: number, userId: number, viewingId: number): Promise<void> {
  await db.insertInto('screening_attendees').values({ screening_id: screeningId, user_id: userId, viewing_id: viewingId }).execute();
}

export async function removeAttendees(db: Db, screeningId: number, userIds: number[]): Promise<void> {
  if (userIds.length === 0) return;
  await db.deleteFrom('screening_attendees').where('screening_id', '=', screeningId).where('user_id', 'in', userIds).execute();
}

export async function dismissPrompt(db: Db, screeningId: number, userId: number): Promise<boolean> {
  const result = await db
    .updateTable('screening_attendees')
    .set({ prompt_dismissed: 1 })
    .where('screening_id', '=', screeningId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Attended screenings whose picked movie the member has not reviewed since the screening began, not dismissed; newest first. */
export function promptsFor(db: Db, userId: number, limit: number) {
  return db
    .selectFrom('screening_attendees as a')
    .innerJoin('screenings as s', 's.id', 'a.screening_id')
    .innerJoin('watchlists as w', 'w.id', 's.watchlist_id')
    .innerJoin('movies as m', 'm.id', 's.picked_movie_id')
    .select(['s.id as screening_id', 's.watchlist_id', 's.starts_at', 's.utc_offset', 'w.name as watchlist_name', 'm.id as movie_id', 'm.title', 'm.poster', 'm.year'])
    .where('a.user_id', '=', userId)
    .where('a.prompt_dismissed', '=', 0)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('reviews as r')
            .select('r.id')
            .where('r.user_id', '=', userId)
            .whereRef('r.movie_id', '=', 's.picked_movie_id')
            .whereRef('r.updated_at', '>=', 's.starts_at'),
        ),
      ),
    )
    .orderBy('s.starts_at', 'desc')
    .orderBy('s.id', 'desc')
    .limit(limit)
    .execute();
}
