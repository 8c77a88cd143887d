import type { NotificationKind, Reaction } from '@movieclub/contract';
import { notify, type NotifyApp } from './notify';
import * as q from './queries';
import * as text from './texts';

/** The member who acted. */
export interface Actor {
  id: number;
  username: string;
}

/**
 * A new comment on a review: each member hears of it once, as the first of these that
 * concerns them and that they have not turned off: a mention; their review ('comment');
 * a review they commented on before ('reply').
 */
export async function commentPosted(app: NotifyApp, input: { commentId: number; reviewId: number; actor: Actor; mentionedUserIds: number[] }): Promise<void> {
  const review = await q.reviewContext(app.db, input.reviewId);
  if (!review) return;
  const concerns = new Map<number, NotificationKind[]>();
  const add = (id: number, kind: NotificationKind) => concerns.set(id, [...(concerns.get(id) ?? []), kind]);
  for (const id of new Set(input.mentionedUserIds)) add(id, 'mention');
  add(review.user_id, 'comment');
  // The review's author hears of comments on it as such, never as replies.
  for (const id of await q.earlierCommenters(app.db, input.reviewId, input.commentId)) if (id !== review.user_id) add(id, 'reply');
  concerns.delete(input.actor.id);
  const off = await q.kindsOffOf(app.db, [...concerns.keys()]);
  const kinds = new Map<number, NotificationKind>();
  for (const [userId, candidates] of concerns) {
    const kind = candidates.find((candidate) => !off.get(userId)?.includes(candidate));
    if (kind) kinds.set(userId, kind);
  }
  const sentence = (kind: NotificationKind) =>
    kind === 'mention'
      ? text.mentionText(input.actor.username, review.title)
      : kind === 'comment'
        ? text.commentText(input.actor.username, review.title)
        : text.replyText(input.actor.username, review.username, review.title);
  for (const [userId, kind] of kinds) {
    await notify(app, {
      userId,
      kind,
      actorId: input.actor.id,
      text: sentence(kind),
      link: text.commentLink(review.movie_id, input.commentId),
      dedupeKey: `comment:${input.commentId}`,
    });
  }
}

/** Members an edited comment mentions hear of it, unless the comment reached them before (mentioned, or as its review's author or a commenter). */
export async function commentMentions(app: NotifyApp, input: { commentId: number; reviewId: number; actor: Actor; mentionedUserIds: number[] }): Promise<void> {
  const review = await q.reviewContext(app.db, input.reviewId);
  if (!review) return;
  for (const userId of input.mentionedUserIds) {
    await notify(app, {
      userId,
      kind: 'mention',
      actorId: input.actor.id,
      text: text.mentionText(input.actor.username, review.title),
      link: text.commentLink(review.movie_id, input.commentId),
      dedupeKey: `comment:${input.commentId}`,
    });
  }
}

/** Members mentioned in a review's text hear of it once per review, however often it is edited. */
export async function reviewMentioned(app: NotifyApp, input: { reviewId: number; movieId: number; title: string; actor: Actor; mentionedUserIds: number[] }): Promise<void> {
  for (const userId of input.mentionedUserIds) {
    if (userId === input.actor.id) continue;
    await notify(app, {
      userId,
      kind: 'mention',
      actorId: input.actor.id,
      text: text.reviewMentionText(input.actor.username, input.title),
      link: text.movieLink(input.movieId),
      dedupeKey: `review-mention:${input.reviewId}`,
    });
  }
}

/** A reaction left on a review or comment tells its author, once per reaction, member and target. */
export async function reactionLeft(app: NotifyApp, input: { target: 'review' | 'comment'; targetId: number; actor: Actor; reaction: Reaction }): Promise<void> {
  const target = input.target === 'review' ? await q.reviewContext(app.db, input.targetId) : await q.commentContext(app.db, input.targetId);
  if (!target) return;
  await notify(app, {
    userId: target.user_id,
    kind: 'reaction',
    actorId: input.actor.id,
    text: text.reactionText(input.actor.username, input.reaction, input.target, target.title),
    link: input.target === 'review' ? text.movieLink(target.movie_id) : text.commentLink(target.movie_id, input.targetId),
    dedupeKey: `reaction:${input.target}:${input.targetId}:${input.actor.id}:${input.reaction}`,
  });
}

/** The same news of a movie night to each of `userIds`, linking to the night. */
async function tellOfNight(app: NotifyApp, userIds: number[], news: { screeningId: number; actorId: number | null; text: string; dedupeKey: string }): Promise<void> {
  for (const userId of userIds) {
    await notify(app, { userId, kind: 'screening', actorId: news.actorId, text: news.text, link: text.screeningLink(news.screeningId), dedupeKey: news.dedupeKey });
  }
}

/** A movie night scheduled: the list's owner and moderators and everyone who answered an earlier night of the list. */
export async function screeningScheduled(app: NotifyApp, input: { screeningId: number; watchlistId: number; listName: string; startsAt: string; actorId: number }): Promise<void> {
  await tellOfNight(app, await q.screeningAudience(app.db, input.watchlistId, input.screeningId), {
    screeningId: input.screeningId,
    actorId: input.actorId,
    text: text.screeningText(input.listName, input.startsAt.slice(0, 10)),
    dedupeKey: `screening:${input.screeningId}`,
  });
}

/**
 * A planned night moved or has a new place (`nightMove`): those who answered 'yes' or 'maybe'
 * hear of it, once per change. `startsAt` is its new start in its own offset.
 */
export async function screeningChanged(
  app: NotifyApp,
  input: { screeningId: number; listName: string; startsAt: string; move: { moved: boolean; newPlace: string | null }; actorId: number; changedAt: string },
): Promise<void> {
  const { listName, startsAt, move } = input;
  const [date, time] = [startsAt.slice(0, 10), startsAt.slice(11, 16)];
  const sentence = !move.moved
    ? text.screeningPlaceText(listName, move.newPlace!)
    : move.newPlace === null
      ? text.screeningMovedText(listName, date, time)
      : text.screeningMovedPlaceText(listName, date, time, move.newPlace);
  await tellOfNight(app, await q.screeningComing(app.db, input.screeningId), {
    screeningId: input.screeningId,
    actorId: input.actorId,
    text: sentence,
    dedupeKey: `screening-changed:${input.screeningId}:${input.changedAt}`,
  });
}

/** A night cancelled: those who answered 'yes' or 'maybe' hear of it. */
export async function screeningCancelled(app: NotifyApp, input: { screeningId: number; listName: string; startsAt: string; actorId: number }): Promise<void> {
  await tellOfNight(app, await q.screeningComing(app.db, input.screeningId), {
    screeningId: input.screeningId,
    actorId: input.actorId,
    text: text.screeningCancelledText(input.listName, input.startsAt.slice(0, 10)),
    dedupeKey: `screening-cancelled:${input.screeningId}`,
  });
}

/** A night starting soon (`reminders.ts`): those who answered 'yes' or 'maybe', once per start; nobody did it, so no actor. */
export async function screeningReminder(app: NotifyApp, input: { screeningId: number; listName: string; startsAt: string; startsAtUtc: string }): Promise<void> {
  await tellOfNight(app, await q.screeningComing(app.db, input.screeningId), {
    screeningId: input.screeningId,
    actorId: null,
    text: text.screeningReminderText(input.listName, input.startsAt.slice(0, 10), input.startsAt.slice(11, 16)),
    dedupeKey: `screening-reminder:${input.screeningId}:${input.startsAtUtc}`,
  });
}

/** Attendance recorded: each attendee who has not reviewed the movie is asked to rate it, once per night. */
export async function attendanceRecorded(app: NotifyApp, input: { screeningId: number; listName: string; movieId: number }): Promise<void> {
  const movie = await q.movieTitle(app.db, input.movieId);
  if (!movie) return;
  for (const userId of await q.attendeesWithoutReview(app.db, input.screeningId, input.movieId)) {
    await notify(app, {
      userId,
      kind: 'rating_prompt',
      actorId: null,
      text: text.ratingPromptText(input.listName, movie.title),
      link: text.movieLink(input.movieId),
      dedupeKey: `rating_prompt:${input.screeningId}`,
    });
  }
}

/** Members tagged in someone's viewing, once per viewing. */
export async function viewingTagged(app: NotifyApp, input: { viewingId: number; movieId: number; actor: Actor; userIds: number[] }): Promise<void> {
  if (input.userIds.length === 0) return;
  const movie = await q.movieTitle(app.db, input.movieId);
  if (!movie) return;
  for (const member of await q.usernamesOf(app.db, input.userIds)) {
    await notify(app, {
      userId: member.id,
      kind: 'viewing_tag',
      actorId: input.actor.id,
      text: text.viewingTagText(input.actor.username, movie.title),
      link: text.diaryLink(member.username),
      dedupeKey: `viewing_tag:${input.viewingId}`,
    });
  }
}
