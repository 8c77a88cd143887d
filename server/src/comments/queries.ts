import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema';
import { bumpVersion, DISCUSSION_VERSION } from '../movies/catalogueCache';

type Db = Kysely<Database> | Transaction<Database>;
export type TargetKind = 'review' | 'comment';

/** A review's author and movie, or undefined when there is no such review. */
export function reviewAuthor(db: Db, reviewId: number) {
  return db.selectFrom('reviews').select(['id', 'user_id', 'movie_id']).where('id', '=', reviewId).executeTakeFirst();
}

const commentColumns = [
  'comments.id',
  'comments.review_id',
  'comments.user_id',
  'comments.text',
  'comments.spoiler',
  'comments.created_at',
  'comments.edited_at',
  'users.username',
  'users.profile_picture',
  'reviews.user_id as review_user_id',
  'reviews.movie_id as movie_id',
] as const;

function commentsWithAuthors(db: Db) {
  return db
    .selectFrom('comments')
    .innerJoin('users', 'users.id', 'comments.user_id')
    .innerJoin('reviews', 'reviews.id', 'comments.review_id')
    .select(commentColumns);
}

export type CommentRow = NonNullable<Awaited<ReturnType<typeof comment>>>;

/** One comment with its author and its review's author. */
export function comment(db: Db, id: number) {
  return commentsWithAuthors(db).where('comments.id', '=', id).executeTakeFirst();
}

/** A page of a review's comments after the given id, oldest first; one more than `limit` tells whether more follow. */
export function commentsPage(db: Db, reviewId: number, after: number, limit: number) {
  return commentsWithAuthors(db)
    .where('comments.review_id', '=', reviewId)
    .where('comments.id', '>', after)
    .orderBy('comments.id')
    .limit(limit + 1)
    .execute();
}

// Every write below replaces the discussion's version: the reviews of a movie are kept until it changes.

export async function insertComment(db: Db, row: { review_id: number; user_id: number; text: string; spoiler: number; created_at: string }) {
  const inserted = await db.insertInto('comments').values({ ...row, edited_at: null }).returning('id').executeTakeFirstOrThrow();
  await bumpVersion(db, DISCUSSION_VERSION);
  return inserted.id;
}

export async function updateComment(db: Db, id: number, changes: { text?: string; spoiler?: number; edited_at?: string }) {
  await db.updateTable('comments').set(changes).where('id', '=', id).execute();
  await bumpVersion(db, DISCUSSION_VERSION);
}

export async function deleteComments(db: Db, ids: number[]) {
  await db.deleteFrom('comments').where('id', 'in', ids).execute();
  await bumpVersion(db, DISCUSSION_VERSION);
}

/** How many comments each listed review has; reviews without any are left out. */
export async function commentCounts(db: Db, reviewIds: number[]): Promise<Map<number, number>> {
  if (reviewIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('comments')
    .select((eb) => ['review_id', eb.fn.countAll<number | string>().as('count')])
    .where('review_id', 'in', reviewIds)
    .groupBy('review_id')
    .execute();
  return new Map(rows.map((row) => [row.review_id, Number(row.count)]));
}

/** Per target and reaction name, how many members left it. */
export function reactionTotals(db: Db, kind: TargetKind, ids: number[]) {
  return db
    .selectFrom('reactions')
    .select((eb) => ['target_id', 'reaction', eb.fn.countAll<number | string>().as('count')])
    .where('target_kind', '=', kind)
    .where('target_id', 'in', ids)
    .groupBy(['target_id', 'reaction'])
    .execute();
}

/** The member's own reactions to the listed targets. */
export function ownReactions(db: Db, kind: TargetKind, ids: number[], userId: number) {
  return db
    .selectFrom('reactions')
    .select(['target_id', 'reaction'])
    .where('target_kind', '=', kind)
    .where('target_id', 'in', ids)
    .where('user_id', '=', userId)
    .execute();
}

/** A member's reactions to any review of the movie. */
export function ownReactionsToReviewsOf(db: Db, movieId: number, userId: number) {
  return db
    .selectFrom('reactions')
    .innerJoin('reviews', 'reviews.id', 'reactions.target_id')
    .select(['reactions.target_id', 'reactions.reaction'])
    .where('reactions.target_kind', '=', 'review')
    .where('reactions.user_id', '=', userId)
    .where('reviews.movie_id', '=', movieId)
    .execute();
}

/** Leaves a reaction; one already there stays as it was. */
export async function addReaction(db: Db, row: { target_kind: TargetKind; target_id: number; user_id: number; reaction: string; created_at: string }) {
  await db
    .insertInto('reactions')
    .values(row)
    .onConflict((conflict) => conflict.columns(['target_kind', 'target_id', 'user_id', 'reaction']).doNothing())
    .execute();
  await bumpVersion(db, DISCUSSION_VERSION);
}

export async function removeReaction(db: Db, key: { target_kind: TargetKind; target_id: number; user_id: number; reaction: string }) {
  await db
    .deleteFrom('reactions')
    .where('target_kind', '=', key.target_kind)
    .where('target_id', '=', key.target_id)
    .where('user_id', '=', key.user_id)
    .where('reaction', '=', key.reaction)
    .execute();
  await bumpVersion(db, DISCUSSION_VERSION);
}

/** Every reaction to the listed targets. */
export async function removeReactionsTo(db: Db, kind: TargetKind, ids: number[]) {
  if (ids.length === 0) return;
  await db.deleteFrom('reactions').where('target_kind', '=', kind).where('target_id', 'in', ids).execute();
  await bumpVersion(db, DISCUSSION_VERSION);
}
