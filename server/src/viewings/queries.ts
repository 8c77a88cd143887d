import { type Expression, type Kysely, sql, type SqlBool } from 'kysely';
import { rowIf } from '../db/rowIf';
import type { Database } from '../db/schema';

type Db = Kysely<Database>;

export interface ViewingFields {
  watched_on: string | null;
  rewatch: number;
  place: string | null;
  note: string | null;
}

export function findViewing(db: Db, id: number) {
  return db.selectFrom('viewings').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertViewing(db: Db, row: { user_id: number; movie_id: number } & ViewingFields, now: string): Promise<number> {
  const inserted = await db
    .insertInto('viewings')
    .values({ ...row, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return inserted.id;
}

/** Inserts the viewing unless the member has one of the movie already; one statement. */
export async function insertFirstViewing(db: Db, row: { user_id: number; movie_id: number } & ViewingFields, now: string): Promise<void> {
  await firstViewingInsert(db, row, now).execute();
}

/** The statement of `insertFirstViewing`, written only while `when` holds too (as part of a larger statement). */
export function firstViewingInsert(db: Db, row: { user_id: number; movie_id: number } & ViewingFields, now: string, when: Expression<SqlBool> = sql<SqlBool>`true`) {
  const { columns, select } = rowIf(db, { ...row, created_at: now, updated_at: now }, (eb) =>
    eb.and([eb.not(eb.exists(eb.selectFrom('viewings').select('id').where('user_id', '=', row.user_id).where('movie_id', '=', row.movie_id))), when]),
  );
  return db.insertInto('viewings').columns(columns).expression(select);
}

export function updateViewing(db: Db, id: number, changes: Partial<ViewingFields>, now: string) {
  return db.updateTable('viewings').set({ ...changes, updated_at: now }).where('id', '=', id).execute();
}

export function deleteViewing(db: Db, id: number) {
  return db.deleteFrom('viewings').where('id', '=', id).execute();
}

export async function setCompanions(db: Db, viewingId: number, userIds: number[]): Promise<void> {
  await db.deleteFrom('viewing_companions').where('viewing_id', '=', viewingId).execute();
  if (userIds.length > 0) await db.insertInto('viewing_companions').values(userIds.map((user_id) => ({ viewing_id: viewingId, user_id }))).execute();
}

/** Whether the user has a viewing of the movie dated on or before `watchedOn`. */
export async function hasViewingBy(db: Db, userId: number, movieId: number, watchedOn?: string): Promise<boolean> {
  let query = db.selectFrom('viewings').select('id').where('user_id', '=', userId).where('movie_id', '=', movieId);
  // A film marked watched without a day was seen before any dated viewing.
  if (watchedOn) query = query.where((eb) => eb.or([eb('watched_on', '<=', watchedOn), eb('watched_on', 'is', null)]));
  return (await query.limit(1).executeTakeFirst()) !== undefined;
}

/** `username_lower like pattern`, with `\\` escaping `%` and `_` on both databases. */
const nameLike = (pattern: string) => sql<boolean>`username_lower like ${pattern} escape '\\'`;

/** Members by name: those starting with the text first, then those containing it, by name. */
export function membersMatching(db: Db, text: string, excludeId: number, limit: number) {
  const literal = text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`);
  return db
    .selectFrom('users')
    .select(['username', 'profile_picture'])
    .where('id', '<>', excludeId)
    .where(nameLike(`%${literal}%`))
    .orderBy((eb) => eb.case().when(nameLike(`${literal}%`)).then(0).else(1).end())
    .orderBy('username_lower')
    .limit(limit)
    .execute();
}

/** Users by lowercased name, for tagging. */
export function usersNamed(db: Db, lowerNames: string[]) {
  if (lowerNames.length === 0) return Promise.resolve([]);
  return db.selectFrom('users').select(['id', 'username', 'username_lower', 'profile_picture']).where('username_lower', 'in', lowerNames).execute();
}

/** The ids of the members tagged in a viewing. */
export async function companionIds(db: Db, viewingId: number): Promise<number[]> {
  const rows = await db.selectFrom('viewing_companions').select('user_id').where('viewing_id', '=', viewingId).execute();
  return rows.map((row) => row.user_id);
}

/** The tagged members of each viewing. */
export function companionsOf(db: Db, viewingIds: number[]) {
  if (viewingIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('viewing_companions as c')
    .innerJoin('users as u', 'u.id', 'c.user_id')
    .select(['c.viewing_id', 'u.username', 'u.profile_picture'])
    .where('c.viewing_id', 'in', viewingIds)
    .orderBy('u.username_lower')
    .execute();
}

/**
 * A diary's rows: the user's own viewings, and others' viewings the user is tagged in
 * unless the user logged the same movie that day. `from`/`until` bound `watched_on`.
 */
function diaryRows(db: Db, userId: number, range: { from: string | null; until: string | null }) {
  // The candidates come from two indexed look-ups (own viewings, tags), not a scan of every viewing.
  const candidates = db
    .selectFrom('viewings')
    .select('id')
    .where('user_id', '=', userId)
    .union(db.selectFrom('viewing_companions').select('viewing_id as id').where('user_id', '=', userId));
  let query = db
    .selectFrom('viewings as v')
    .where('v.id', 'in', candidates)
    .where((eb) =>
      eb.or([
        eb('v.user_id', '=', userId),
        eb.not(
          eb.exists(
            eb
              .selectFrom('viewings as own')
              .select('own.id')
              .where('own.user_id', '=', userId)
              .whereRef('own.movie_id', '=', 'v.movie_id')
              .whereRef('own.watched_on', '=', 'v.watched_on'),
          ),
        ),
      ]),
    );
  if (range.from) query = query.where('v.watched_on', '>=', range.from);
  if (range.until) query = query.where('v.watched_on', '<', range.until);
  return query;
}

export function diaryPage(db: Db, userId: number, range: { from: string | null; until: string | null }, limit: number, offset: number) {
  return diaryRows(db, userId, range)
    .innerJoin('movies as m', 'm.id', 'v.movie_id')
    .innerJoin('users as u', 'u.id', 'v.user_id')
    .leftJoin('reviews as r', (join) => join.onRef('r.movie_id', '=', 'v.movie_id').on('r.user_id', '=', userId))
    .select([
      'v.id',
      'v.user_id',
      'v.movie_id',
      'v.watched_on',
      'v.rewatch',
      'v.place',
      'v.note',
      'v.created_at',
      'u.username',
      'u.profile_picture',
      'm.title',
      'm.poster',
      'm.year',
      'm.length',
      'r.stars',
    ])
    .orderBy('v.watched_on', (order) => order.desc().nullsLast())
    .orderBy('v.created_at', 'desc')
    .orderBy('v.id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
}

export async function diaryCount(db: Db, userId: number, range: { from: string | null; until: string | null }): Promise<number> {
  const row = await diaryRows(db, userId, range).select((eb) => eb.fn.countAll().as('n')).executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** A movie's viewings by everyone, newest first. */
export function movieViewings(db: Db, movieId: number, limit: number) {
  return db
    .selectFrom('viewings as v')
    .innerJoin('users as u', 'u.id', 'v.user_id')
    .select(['v.id', 'v.watched_on', 'v.rewatch', 'u.username', 'u.profile_picture'])
    .where('v.movie_id', '=', movieId)
    .orderBy('v.watched_on', (order) => order.desc().nullsLast())
    .orderBy('v.created_at', 'desc')
    .orderBy('v.id', 'desc')
    .limit(limit)
    .execute();
}

export async function movieViewingCount(db: Db, movieId: number): Promise<number> {
  const row = await db.selectFrom('viewings').select((eb) => eb.fn.countAll().as('n')).where('movie_id', '=', movieId).executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** How many times the user watched the movie, and the latest date. */
export async function ownViewingsOf(db: Db, userId: number, movieId: number): Promise<{ count: number; last: string | null }> {
  const row = await db
    .selectFrom('viewings')
    .select((eb) => [eb.fn.countAll().as('n'), eb.fn.max('watched_on').as('last')])
    .where('user_id', '=', userId)
    .where('movie_id', '=', movieId)
    .executeTakeFirst();
  return { count: Number(row?.n ?? 0), last: (row?.last as string | null | undefined) ?? null };
}

/** Distinct films viewed in a year and minutes watched over every viewing (rewatches count again). */
export async function viewingTotals(db: Db, userId: number, year: number): Promise<{ filmsThisYear: number; minutes: number }> {
  const films = await db
    .selectFrom('viewings')
    .select((eb) => eb.fn.count('movie_id').distinct().as('n'))
    .where('user_id', '=', userId)
    .where('watched_on', '>=', `${year}-01-01`)
    .where('watched_on', '<', `${year + 1}-01-01`)
    .executeTakeFirst();
  const minutes = await db
    .selectFrom('viewings as v')
    .innerJoin('movies as m', 'm.id', 'v.movie_id')
    .select((eb) => eb.fn.sum<number>('m.length').as('minutes'))
    .where('v.user_id', '=', userId)
    .executeTakeFirst();
  return { filmsThisYear: Number(films?.n ?? 0), minutes: Number(minutes?.minutes ?? 0) };
}
