import { type Comment, type CommentChange, type CommentCreate, COMMENTS_PAGE_SIZE, REACTION_NAMES, type Reaction, type ReactionCounts } from '@movieclub/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { forbidden, notFound } from '../http/errors';
import { bumpCatalogueVersion } from '../movies/catalogueCache';
import { deleteAbout as deleteNotificationsAbout } from '../notifications/queries';
import * as q from './queries';
import { membersNamed, mentionCandidates, renderComment } from './text';

type Db = Kysely<Database>;

/** Who is asking: a member (and whether they are a site admin), or nobody signed in. */
export type Viewer = { id: number; admin: boolean } | null;

export const REVIEW_NOT_FOUND = 'Review not found.';
export const COMMENT_NOT_FOUND = 'Comment not found.';
export const NOT_YOUR_COMMENT = 'You can only change your own comment.';
export const CANNOT_DELETE = 'You cannot delete this comment.';


const toFlag = (value: boolean) => (value ? 1 : 0);

/** Reaction rows by target, each target's names in the contract's order; targets without any are left out. */
function namesByTarget(rows: { target_id: number; reaction: string }[]): Map<number, Reaction[]> {
  const mine = new Map<number, Set<string>>();
  for (const row of rows) {
    if (!mine.has(row.target_id)) mine.set(row.target_id, new Set());
    mine.get(row.target_id)!.add(row.reaction);
  }
  return new Map([...mine].map(([id, names]) => [id, REACTION_NAMES.filter((name) => names.has(name))]));
}

/** The member's own reactions to each listed target, in the contract's order; targets without any are left out. */
export async function ownReactionNames(db: Db, kind: q.TargetKind, ids: number[], userId: number): Promise<Map<number, Reaction[]>> {
  if (ids.length === 0) return new Map();
  return namesByTarget(await q.ownReactions(db, kind, ids, userId));
}

/** The member's own reactions to the reviews of a movie, by review (read without waiting for the reviews themselves). */
export async function ownReactionsToReviewsOf(db: Db, movieId: number, userId: number): Promise<Map<number, Reaction[]>> {
  return namesByTarget(await q.ownReactionsToReviewsOf(db, movieId, userId));
}

/** Counts and the viewer's own reactions for each listed target; targets nobody reacted to get empty counts. */
export async function reactionsFor(db: Db, kind: q.TargetKind, ids: number[], viewerId: number | null): Promise<Map<number, ReactionCounts>> {
  const result = new Map<number, ReactionCounts>();
  if (ids.length === 0) return result;
  const counts = new Map<number, Map<string, number>>();
  for (const row of await q.reactionTotals(db, kind, ids)) {
    if (!counts.has(row.target_id)) counts.set(row.target_id, new Map());
    counts.get(row.target_id)!.set(row.reaction, Number(row.count));
  }
  const mine = viewerId === null ? new Map<number, Reaction[]>() : await ownReactionNames(db, kind, ids, viewerId);
  for (const id of ids) {
    const byName = counts.get(id);
    const shown: Record<string, number> = {};
    // In the contract's order; a name no longer offered is not shown.
    for (const name of REACTION_NAMES) {
      const count = byName?.get(name);
      if (count) shown[name] = count;
    }
    result.set(id, { counts: shown, mine: mine.get(id) ?? [] });
  }
  return result;
}

/** What a review shows of its discussion: how many comments, and its reactions. */
export async function reviewSocial(db: Db, reviewIds: number[], viewerId: number | null) {
  const [comments, reactions] = await Promise.all([q.commentCounts(db, reviewIds), reactionsFor(db, 'review', reviewIds, viewerId)]);
  return (id: number) => ({ comment_count: comments.get(id) ?? 0, reactions: reactions.get(id) ?? { counts: {}, mine: [] } });
}

async function commentsRead(db: Db, rows: q.CommentRow[], viewer: Viewer): Promise<Comment[]> {
  const ids = rows.map((row) => row.id);
  const members = await membersNamed(db, [...new Set(rows.flatMap((row) => mentionCandidates(row.text)))]);
  const reactions = await reactionsFor(db, 'comment', ids, viewer?.id ?? null);
  return rows.map((row) => {
    const isAuthor = viewer !== null && viewer.id === row.user_id;
    return {
      id: row.id,
      review_id: row.review_id,
      user: { username: row.username, profile_picture: row.profile_picture },
      text: row.text,
      html: renderComment(row.text, members).html,
      spoiler: row.spoiler !== 0,
      created_at: row.created_at,
      edited_at: row.edited_at,
      reactions: reactions.get(row.id) ?? { counts: {}, mine: [] },
      permissions: {
        edit: isAuthor,
        delete: isAuthor || (viewer !== null && (viewer.id === row.review_user_id || viewer.admin)),
      },
    };
  });
}

async function commentRead(db: Db, id: number, viewer: Viewer): Promise<Comment> {
  const row = await q.comment(db, id);
  if (!row) throw notFound(COMMENT_NOT_FOUND);
  return (await commentsRead(db, [row], viewer))[0];
}

async function existingReview(db: Db, reviewId: number) {
  const review = await q.reviewAuthor(db, reviewId);
  if (!review) throw notFound(REVIEW_NOT_FOUND);
  return review;
}

async function existingComment(db: Db, id: number) {
  const row = await q.comment(db, id);
  if (!row) throw notFound(COMMENT_NOT_FOUND);
  return row;
}

/** A page of a review's comments, oldest first. */
export async function list(db: Db, reviewId: number, page: { after?: number; limit?: number }, viewer: Viewer) {
  await existingReview(db, reviewId);
  const limit = page.limit ?? COMMENTS_PAGE_SIZE;
  const rows = await q.commentsPage(db, reviewId, page.after ?? 0, limit);
  const more = rows.length > limit;
  const shown = rows.slice(0, limit);
  return { comments: await commentsRead(db, shown, viewer), next_after: more ? shown[shown.length - 1].id : null };
}

/** Adds a member's comment to a review; the text is kept trimmed. Returns it with the members it mentions and the review's movie. */
export async function create(db: Db, reviewId: number, viewer: NonNullable<Viewer>, input: CommentCreate) {
  const { movie_id: movieId } = await existingReview(db, reviewId);
  const text = input.text.trim();
  const id = await q.insertComment(db, { review_id: reviewId, user_id: viewer.id, text, spoiler: toFlag(input.spoiler ?? false), created_at: new Date().toISOString() });
  const comment = await commentRead(db, id, viewer);
  return { comment, movieId, mentionedUserIds: renderComment(text, await membersNamed(db, mentionCandidates(text))).mentionedUserIds };
}

/**
 * Changes the text or spoiler flag of one's own comment; a changed text marks it edited.
 * Returns it with the members the new text mentions (none when the text stayed).
 */
export async function change(db: Db, id: number, viewer: NonNullable<Viewer>, input: CommentChange) {
  const row = await existingComment(db, id);
  if (row.user_id !== viewer.id) throw forbidden(NOT_YOUR_COMMENT);
  const changes: { text?: string; spoiler?: number; edited_at?: string } = {};
  if (input.text !== undefined && input.text.trim() !== row.text) {
    changes.text = input.text.trim();
    changes.edited_at = new Date().toISOString();
  }
  if (input.spoiler !== undefined) changes.spoiler = toFlag(input.spoiler);
  if (Object.keys(changes).length > 0) await q.updateComment(db, id, changes);
  const comment = await commentRead(db, id, viewer);
  const mentionedUserIds = changes.text === undefined ? [] : renderComment(changes.text, await membersNamed(db, mentionCandidates(changes.text))).mentionedUserIds;
  return { comment, movieId: row.movie_id, mentionedUserIds };
}

/**
 * Deletes a comment with the reactions to it and what it told people, together: its author, the
 * review's author or a site admin. Answers its review, that review's movie and the members whose notifications went.
 */
export async function remove(db: Db, id: number, viewer: NonNullable<Viewer>): Promise<{ reviewId: number; movieId: number; told: number[] }> {
  const row = await existingComment(db, id);
  if (row.user_id !== viewer.id && row.review_user_id !== viewer.id && !viewer.admin) throw forbidden(CANNOT_DELETE);
  const told = await db.transaction().execute((trx) => removeCommentsWithin(trx, [id]));
  return { reviewId: row.review_id, movieId: row.movie_id, told };
}

/**
 * Deletes reviews with their comments, every reaction to any of them and what they told people, in
 * one transaction. Answers the members whose notifications went.
 */
export async function removeReviews(db: Db, reviewIds: number[]): Promise<number[]> {
  if (reviewIds.length === 0) return [];
  const told = await db.transaction().execute((trx) => removeReviewsWithin(trx, reviewIds));
  await bumpCatalogueVersion(db);
  return told;
}

/** `removeReviews` inside a transaction the caller holds (and bumps the catalogue's version after). */
export async function removeReviewsWithin(trx: Db, reviewIds: number[]): Promise<number[]> {
  if (reviewIds.length === 0) return [];
  const comments = await trx.selectFrom('comments').select('id').where('review_id', 'in', reviewIds).execute();
  const commentIds = comments.map((row) => row.id);
  await q.removeReactionsTo(trx, 'comment', commentIds);
  await q.removeReactionsTo(trx, 'review', reviewIds);
  await trx.deleteFrom('comments').where('review_id', 'in', reviewIds).execute();
  await trx.deleteFrom('reviews').where('id', 'in', reviewIds).execute();
  return deleteNotificationsAbout(trx, { commentIds, reviewIds });
}

/** Comments gone, with the reactions to them and what they told people, inside the caller's transaction. */
export async function removeCommentsWithin(trx: Db, commentIds: number[]): Promise<number[]> {
  if (commentIds.length === 0) return [];
  await q.removeReactionsTo(trx, 'comment', commentIds);
  await q.deleteComments(trx, commentIds);
  return deleteNotificationsAbout(trx, { commentIds, reviewIds: [] });
}

/** Leaves (`on`) or takes back a member's reaction to a review or comment; answers the target's counts and the review (and movie) it is on. */
export async function react(
  db: Db,
  kind: q.TargetKind,
  targetId: number,
  viewer: NonNullable<Viewer>,
  reaction: Reaction,
  on: boolean,
): Promise<{ reactions: ReactionCounts; reviewId: number; movieId: number }> {
  const { reviewId, movieId } =
    kind === 'review'
      ? await existingReview(db, targetId).then((review) => ({ reviewId: review.id, movieId: review.movie_id }))
      : await existingComment(db, targetId).then((comment) => ({ reviewId: comment.review_id, movieId: comment.movie_id }));
  const key = { target_kind: kind, target_id: targetId, user_id: viewer.id, reaction };
  if (on) await q.addReaction(db, { ...key, created_at: new Date().toISOString() });
  else await q.removeReaction(db, key);
  return { reactions: (await reactionsFor(db, kind, [targetId], viewer.id)).get(targetId)!, reviewId, movieId };
}
