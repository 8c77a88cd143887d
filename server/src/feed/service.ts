import { FEED_KINDS, FEED_PAGE_SIZE, type FeedEvent, type FeedKind, type FeedReply, type MutesReply } from '@movieclub/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { badRequest, notFound } from '../http/errors';
import * as q from './queries';

type Db = Kysely<Database>;

const BAD_CURSOR = 'Before must be a cursor from an earlier page.';
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?Z$/;
const ID = /^(0|[1-9]\d{0,15})$/;

/** An event's place in the feed, as the opaque `cursor`: base64url of `at|kind|id1|id2`. */
export function encodeCursor(position: q.FeedPosition): string {
  return Buffer.from(`${position.at}|${position.kind}|${position.id1}|${position.id2}`, 'utf8').toString('base64url');
}

/** The position a cursor names; anything that is not one this server made is a 400. */
export function decodeCursor(cursor: string): q.FeedPosition {
  if (!/^[A-Za-z0-9_-]+$/.test(cursor)) throw badRequest(BAD_CURSOR);
  const parts = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  if (parts.length !== 4) throw badRequest(BAD_CURSOR);
  const [at, kind, id1, id2] = parts as [string, string, string, string];
  if (!ISO.test(at) || Number.isNaN(Date.parse(at))) throw badRequest(BAD_CURSOR);
  if (!(FEED_KINDS as readonly string[]).includes(kind)) throw badRequest(BAD_CURSOR);
  if (!ID.test(id1) || !ID.test(id2)) throw badRequest(BAD_CURSOR);
  const position = { at, kind: kind as FeedKind, id1: Number(id1), id2: Number(id2) };
  if (!Number.isSafeInteger(position.id1) || !Number.isSafeInteger(position.id2)) throw badRequest(BAD_CURSOR);
  // Only the canonical spelling: one position, one cursor.
  if (encodeCursor(position) !== cursor) throw badRequest(BAD_CURSOR);
  return position;
}

const byId = <T extends { id: number }>(rows: T[]) => new Map(rows.map((row) => [Number(row.id), row]));
const ids = (values: (number | null)[]) => [...new Set(values.filter((value): value is number => value !== null).map(Number))];

/** One page of the club's feed, newest first, as `viewerId` (null: a visitor) sees it. */
export async function feed(db: Db, viewerId: number | null, query: { before?: string; limit?: number }): Promise<FeedReply> {
  const before = query.before === undefined ? null : decodeCursor(query.before);
  const limit = query.limit ?? FEED_PAGE_SIZE;
  const rows = await q.feedPage(db, viewerId, before, limit + 1);
  const page = rows.slice(0, limit);

  const reviewIds = ids(page.filter((row) => row.kind === 'review').map((row) => row.id1));
  const viewingIds = ids(page.filter((row) => row.kind === 'viewing').map((row) => row.id1));
  const [members, movies, reviews, companions, lists, screenings] = await Promise.all([
    q.membersByIds(db, ids(page.map((row) => row.actor_id))),
    q.moviesByIds(db, ids(page.map((row) => row.movie_id))),
    q.reviewsByIds(db, reviewIds),
    q.companionsOf(db, viewingIds),
    q.listsByIds(db, ids(page.map((row) => row.list_id))),
    q.screeningsByIds(db, ids(page.map((row) => row.screening_id))),
  ]);
  const memberOf = byId(members);
  const movieOf = byId(movies);
  const reviewOf = byId(reviews);
  const listOf = byId(lists);
  const screeningOf = byId(screenings);

  const events: FeedEvent[] = page.map((row) => {
    const actor = row.actor_id === null ? undefined : memberOf.get(Number(row.actor_id));
    const movie = row.movie_id === null ? undefined : movieOf.get(Number(row.movie_id));
    const review = row.kind === 'review' ? reviewOf.get(row.id1) : undefined;
    const list = row.list_id === null ? undefined : listOf.get(Number(row.list_id));
    const screening = row.screening_id === null ? undefined : screeningOf.get(Number(row.screening_id));
    return {
      cursor: encodeCursor(row),
      kind: row.kind,
      at: row.at,
      actor: actor ? { username: actor.username, profile_picture: actor.profile_picture } : null,
      movie: movie ? { id: Number(movie.id), title: movie.title, year: movie.year, poster: movie.poster } : null,
      review: review
        ? { id: Number(review.id), stars: review.stars, text: review.text, spoiler: review.spoiler === 1, comment_count: Number(review.comment_count ?? 0) }
        : null,
      with:
        row.kind === 'viewing'
          ? companions.filter((companion) => Number(companion.viewing_id) === row.id1).map(({ username, profile_picture }) => ({ username, profile_picture }))
          : [],
      list: list ? { id: Number(list.id), name: list.name } : null,
      screening: screening ? { id: Number(screening.id), starts_at: screening.starts_at } : null,
    };
  });
  const last = page[page.length - 1];
  return { success: true, events, next_before: rows.length > limit && last ? encodeCursor(last) : null };
}

export async function mutes(db: Db, userId: number): Promise<MutesReply> {
  return { success: true, muted: await q.mutedBy(db, userId) };
}

async function memberNamed(db: Db, username: string) {
  const member = await q.findMember(db, username);
  if (!member) throw notFound('User not found.', 'user_not_found');
  return member;
}

export async function mute(db: Db, userId: number, username: string): Promise<MutesReply> {
  const member = await memberNamed(db, username);
  if (member.id === userId) throw badRequest('You cannot mute yourself.');
  await q.mute(db, userId, member.id, new Date().toISOString());
  return mutes(db, userId);
}

export async function unmute(db: Db, userId: number, username: string): Promise<MutesReply> {
  const member = await memberNamed(db, username);
  await q.unmute(db, userId, member.id);
  return mutes(db, userId);
}
