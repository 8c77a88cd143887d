import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema';

type Db = Kysely<Database> | Transaction<Database>;

export interface NewNotification {
  user_id: number;
  kind: string;
  actor_id: number | null;
  text: string;
  link: string;
  dedupe_key: string | null;
}

/** Stores a notification; answers its id, or undefined when the member already has one with the same dedupe key. */
export async function insertNotification(db: Db, row: NewNotification, now: string): Promise<number | undefined> {
  const inserted = await db
    .insertInto('notifications')
    .values({ ...row, created_at: now, read_at: null })
    .onConflict((conflict) => conflict.columns(['user_id', 'dedupe_key']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted?.id;
}

function withActors(db: Db) {
  return db
    .selectFrom('notifications as n')
    .leftJoin('users as a', 'a.id', 'n.actor_id')
    .select(['n.id', 'n.user_id', 'n.kind', 'n.text', 'n.link', 'n.created_at', 'n.read_at', 'a.username as actor_username', 'a.profile_picture as actor_picture']);
}

export type NotificationRow = NonNullable<Awaited<ReturnType<typeof notificationById>>>;

export function notificationById(db: Db, id: number) {
  return withActors(db).where('n.id', '=', id).executeTakeFirst();
}

/** A member's notifications with ids below `before` (all when null), newest first; one more than `limit` tells whether more follow. */
export function page(db: Db, userId: number, before: number | null, limit: number) {
  let query = withActors(db).where('n.user_id', '=', userId);
  if (before !== null) query = query.where('n.id', '<', before);
  return query.orderBy('n.id', 'desc').limit(limit + 1).execute();
}

export async function unreadCount(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom('notifications')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('user_id', '=', userId)
    .where('read_at', 'is', null)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Marks the member's unread notifications read: those listed, or all when `ids` is null. Others' ids match nothing. */
export async function markRead(db: Db, userId: number, ids: number[] | null, now: string): Promise<void> {
  if (ids !== null && ids.length === 0) return;
  let query = db.updateTable('notifications').set({ read_at: now }).where('user_id', '=', userId).where('read_at', 'is', null);
  if (ids !== null) query = query.where('id', 'in', ids);
  await query.execute();
}

/** The dedupe keys of what a comment or review told people: the comment itself (comment, reply, mention), a review's mentions, and reactions to either. */
function aboutKeys(kind: 'comment' | 'review', id: number) {
  return { exact: kind === 'comment' ? `comment:${id}` : `review-mention:${id}`, reactions: `reaction:${kind}:${id}:%` };
}

/**
 * Takes back what deleted comments and reviews told people (their comment, reply and mention
 * notifications, and those of reactions to them), read or not; answers whose notifications went.
 */
export async function deleteAbout(db: Db, about: { commentIds: number[]; reviewIds: number[] }): Promise<number[]> {
  const targets = [...about.commentIds.map((id) => aboutKeys('comment', id)), ...about.reviewIds.map((id) => aboutKeys('review', id))];
  const owners = new Set<number>();
  for (let start = 0; start < targets.length; start += 100) {
    const chunk = targets.slice(start, start + 100);
    const rows = await db
      .deleteFrom('notifications')
      .where((eb) => eb.or(chunk.flatMap((keys) => [eb('dedupe_key', '=', keys.exact), eb('dedupe_key', 'like', keys.reactions)])))
      .returning('user_id')
      .execute();
    for (const row of rows) owners.add(row.user_id);
  }
  return [...owners];
}

// --- who is told what ---------------------------------------------------------

/** A review with its author and movie. */
export function reviewContext(db: Db, reviewId: number) {
  return db
    .selectFrom('reviews as r')
    .innerJoin('users as u', 'u.id', 'r.user_id')
    .innerJoin('movies as m', 'm.id', 'r.movie_id')
    .select(['r.id', 'r.user_id', 'u.username', 'r.movie_id', 'm.title'])
    .where('r.id', '=', reviewId)
    .executeTakeFirst();
}

/** A comment's author with its review's movie. */
export function commentContext(db: Db, commentId: number) {
  return db
    .selectFrom('comments as c')
    .innerJoin('reviews as r', 'r.id', 'c.review_id')
    .innerJoin('movies as m', 'm.id', 'r.movie_id')
    .select(['c.id', 'c.user_id', 'r.movie_id', 'm.title'])
    .where('c.id', '=', commentId)
    .executeTakeFirst();
}

/** Everyone who commented on the review before the given comment, once each. */
export async function earlierCommenters(db: Db, reviewId: number, beforeCommentId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('comments')
    .select('user_id')
    .distinct()
    .where('review_id', '=', reviewId)
    .where('id', '<', beforeCommentId)
    .orderBy('user_id')
    .execute();
  return rows.map((row) => row.user_id);
}

/** A list's owner and moderators, and everyone who answered an earlier movie night of the list. */
export async function screeningAudience(db: Db, watchlistId: number, screeningId: number): Promise<number[]> {
  const owner = await db.selectFrom('watchlists').select('owner_id').where('id', '=', watchlistId).executeTakeFirst();
  const moderators = await db.selectFrom('watchlist_moderators').select('user_id').where('watchlist_id', '=', watchlistId).execute();
  const answered = await db
    .selectFrom('screening_rsvps as r')
    .innerJoin('screenings as s', 's.id', 'r.screening_id')
    .select('r.user_id')
    .distinct()
    .where('s.watchlist_id', '=', watchlistId)
    .where('s.id', '<', screeningId)
    .execute();
  const ids = [...(owner ? [owner.owner_id] : []), ...moderators.map((row) => row.user_id), ...answered.map((row) => row.user_id)];
  return [...new Set(ids)];
}

/** Who answered 'yes' or 'maybe' to a screening: those a change of it concerns. */
export async function screeningComing(db: Db, screeningId: number): Promise<number[]> {
  const rows = await db.selectFrom('screening_rsvps').select('user_id').where('screening_id', '=', screeningId).where('status', 'in', ['yes', 'maybe']).execute();
  return rows.map((row) => row.user_id);
}

/** The attendees of a screening who have not reviewed the movie. */
export async function attendeesWithoutReview(db: Db, screeningId: number, movieId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('screening_attendees as a')
    .select('a.user_id')
    .where('a.screening_id', '=', screeningId)
    .where((eb) => eb.not(eb.exists(eb.selectFrom('reviews as r').select('r.id').whereRef('r.user_id', '=', 'a.user_id').where('r.movie_id', '=', movieId))))
    .orderBy('a.user_id')
    .execute();
  return rows.map((row) => row.user_id);
}

export function movieTitle(db: Db, movieId: number) {
  return db.selectFrom('movies').select(['id', 'title']).where('id', '=', movieId).executeTakeFirst();
}

export function usernamesOf(db: Db, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('users').select(['id', 'username']).where('id', 'in', ids).execute();
}

/** The kinds the member has turned off. */
export async function kindsOff(db: Db, userId: number): Promise<string[]> {
  return (await kindsOffOf(db, [userId])).get(userId) ?? [];
}

/** The kinds each of these members has turned off, in one read; a member with none is absent. */
export async function kindsOffOf(db: Db, userIds: number[]): Promise<Map<number, string[]>> {
  const off = new Map<number, string[]>();
  if (userIds.length === 0) return off;
  const rows = await db.selectFrom('notification_kinds_off').select(['user_id', 'kind']).where('user_id', 'in', userIds).execute();
  for (const row of rows) off.set(row.user_id, [...(off.get(row.user_id) ?? []), row.kind]);
  return off;
}

export async function isKindOff(db: Db, userId: number, kind: string): Promise<boolean> {
  const row = await db.selectFrom('notification_kinds_off').select('kind').where('user_id', '=', userId).where('kind', '=', kind).executeTakeFirst();
  return row !== undefined;
}

export async function setKindOff(db: Db, userId: number, kind: string, off: boolean): Promise<void> {
  if (off) {
    await db.insertInto('notification_kinds_off').values({ user_id: userId, kind }).onConflict((conflict) => conflict.columns(['user_id', 'kind']).doNothing()).execute();
  } else {
    await db.deleteFrom('notification_kinds_off').where('user_id', '=', userId).where('kind', '=', kind).execute();
  }
}
