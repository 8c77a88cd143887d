import type { Kysely } from 'kysely';
import { firstUserId } from '../admin/access';
import { forgetLoginFailures } from '../auth/queries';
import { removeCommentsWithin, removeReviewsWithin } from '../comments/service';
import type { Database } from '../db/schema';
import { forbidden, notFound } from '../http/errors';
import { bumpCatalogueVersion, bumpMembersVersion, bumpMoviesVersion, bumpVersion, DISCUSSION_VERSION } from '../movies/catalogueCache';
import { screeningLink } from '../notifications/texts';
import { listsChanged } from '../watchlists/service';
import * as q from './queries';

type Db = Kysely<Database>;

export const FIRST_ACCOUNT = "The site's first account administers it and cannot be deleted.";
export const NO_SUCH_MEMBER = 'No member has that name.';

/** What went with an account, for the route to tell those who are watching. */
export interface DeletedAccount {
  /** Members whose notifications went (an open bell reads its list again). */
  told: number[];
  /** Token hashes of the account's sessions: their sockets close. */
  sessions: string[];
  /** Lists whose pages should read again: handed over, deleted, or moderated by the member. */
  lists: number[];
  /** Movies whose pages show the member's reviews or comments. */
  movies: number[];
  /** The stored profile picture, to delete from the uploads. */
  picture: string | null;
}

/**
 * Deletes an account and everything that is only theirs, in one transaction: their reviews with
 * the comments under them, their comments elsewhere, every reaction to any of those, the news they
 * gave people, their lists (a public list with moderators passes to the longest-serving one), and
 * by the database's cascades their ratings' viewings, diary, sessions, tokens, imports and
 * answers to movie nights. What others made stays, with no author where the member was one (a movie
 * they added, a list item, a movie night they scheduled). The site's first account stays: by the
 * rule that makes it the admin, deleting it would make the next member the admin.
 */
export async function deleteAccount(db: Db, userId: number): Promise<DeletedAccount> {
  if ((await firstUserId(db)) === userId) throw forbidden(FIRST_ACCOUNT);
  const deleted = await db.transaction().execute(async (trx) => {
    const user = await trx.selectFrom('users').select(['profile_picture', 'username_lower']).where('id', '=', userId).executeTakeFirst();
    if (!user) throw notFound(NO_SUCH_MEMBER);
    const owned = await q.ownedPublicLists(trx, userId);
    const moderated = await q.moderatedListIds(trx, userId);
    const doomedLists = owned.filter((list) => list.heir === null).map((list) => list.id);
    for (const list of owned) if (list.heir !== null) await q.handOver(trx, list.id, list.heir);
    const nights = await q.screeningIdsOfLists(trx, doomedLists);
    const reviews = await q.reviewsOf(trx, userId);
    const comments = await q.commentsOf(trx, userId);
    const told = [
      ...(await removeReviewsWithin(trx, reviews.map((review) => review.id))),
      ...(await removeCommentsWithin(trx, comments.map((comment) => comment.id))),
      ...(await q.deleteNewsBy(trx, userId)),
      ...(await q.deleteNewsLinkingTo(trx, nights.map(screeningLink))),
    ];
    const sessions = await q.sessionHashesOf(trx, userId);
    await q.deleteLists(trx, doomedLists);
    await q.deleteUser(trx, userId);
    // A newcomer who takes the name later starts without the old account's failed sign-ins.
    await forgetLoginFailures(trx, user.username_lower);
    return {
      told: [...new Set(told)].filter((id) => id !== userId),
      sessions,
      lists: [...new Set([...owned.map((list) => list.id), ...moderated])],
      movies: [...new Set([...reviews, ...comments].map((row) => row.movie_id))],
      picture: user.profile_picture,
    };
  });
  // Everything read from reviews, members' names and pictures, mentions, lists and movies' adders.
  await bumpCatalogueVersion(db);
  await bumpMembersVersion(db);
  await bumpVersion(db, DISCUSSION_VERSION);
  await bumpMoviesVersion(db);
  await listsChanged(db);
  return deleted;
}

/** The member a site admin removes, by name (any case). */
export async function memberNamed(db: Db, username: string): Promise<{ id: number; username: string }> {
  const row = await db.selectFrom('users').select(['id', 'username']).where('username_lower', '=', username.toLowerCase()).executeTakeFirst();
  if (!row) throw notFound(NO_SUCH_MEMBER);
  return row;
}
