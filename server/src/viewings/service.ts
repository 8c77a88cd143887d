import {
  DIARY_PAGE_SIZE,
  type DiaryEntry,
  type LanguageCode,
  MEMBER_SEARCH_LIMIT,
  MOVIE_VIEWINGS_LIMIT,
  type MovieViewingsReply,
  type Viewing,
  type ViewingChange,
  type ViewingCreate,
  type ViewingMember,
} from '@movieclub/contract';
import type { Expression, Kysely, SqlBool } from 'kysely';
import type { Database } from '../db/schema';
import { badRequest, forbidden, notFound } from '../http/errors';
import { movieExists } from '../reviews/queries';
import { findUserByName } from '../users/queries';
import { diaryAtom } from './diaryAtom';
import * as q from './queries';

type Db = Kysely<Database>;

const utcToday = () => new Date().toISOString().slice(0, 10);
/** Empty text is no text. */
const cleanText = (text: string | null | undefined) => (text?.trim() ? text.trim() : null);

/** The ids of the tagged members, checked: each must exist and not be the viewer; repeats count once. */
async function companionIds(db: Db, viewerId: number, names: string[]): Promise<number[]> {
  const given = names.map((name) => name.trim()).filter(Boolean);
  const found = await q.usersNamed(db, [...new Set(given.map((name) => name.toLowerCase()))]);
  const byName = new Map(found.map((user) => [user.username_lower, user]));
  const ids = new Set<number>();
  for (const name of given) {
    const user = byName.get(name.toLowerCase());
    if (!user) throw badRequest(`No member is called ${name}.`);
    if (user.id === viewerId) throw badRequest('You cannot tag yourself in your own viewing.');
    ids.add(user.id);
  }
  return [...ids];
}

async function viewingById(db: Db, id: number): Promise<Viewing> {
  const row = (await q.findViewing(db, id))!;
  const companions = await q.companionsOf(db, [id]);
  return toViewing(row, companions.map(({ username, profile_picture }) => ({ username, profile_picture })));
}

function toViewing(row: { id: number; movie_id: number; watched_on: string | null; rewatch: number; place: string | null; note: string | null; created_at: string }, companions: ViewingMember[]): Viewing {
  return {
    id: row.id,
    movie_id: row.movie_id,
    watched_on: row.watched_on,
    rewatch: row.rewatch !== 0,
    with: companions,
    place: row.place,
    note: row.note,
    created_at: row.created_at,
  };
}

/** A saved viewing and the members it newly tags (to be told). */
export interface SavedViewing {
  viewing: Viewing;
  newlyTagged: number[];
}

/** Logs a viewing; without `rewatch`, it is one when the viewer has an earlier (or same-day) viewing of the movie. */
export async function logViewing(db: Db, viewerId: number, input: ViewingCreate): Promise<SavedViewing> {
  if (!(await movieExists(db, input.movie_id))) throw notFound('That movie is not in the catalogue.');
  const watchedOn = input.watched_on ?? utcToday();
  const companions = await companionIds(db, viewerId, input.with ?? []);
  const now = new Date().toISOString();
  const id = await db.transaction().execute(async (trx) => {
    const rewatch = input.rewatch ?? (await q.hasViewingBy(trx, viewerId, input.movie_id, watchedOn));
    const id = await q.insertViewing(
      trx,
      { user_id: viewerId, movie_id: input.movie_id, watched_on: watchedOn, rewatch: rewatch ? 1 : 0, place: cleanText(input.place), note: cleanText(input.note) },
      now,
    );
    await q.setCompanions(trx, id, companions);
    return id;
  });
  return { viewing: await viewingById(db, id), newlyTagged: companions };
}

async function ownViewing(db: Db, viewerId: number, id: number) {
  const row = await q.findViewing(db, id);
  if (!row) throw notFound('Viewing not found.');
  if (row.user_id !== viewerId) throw forbidden('You can only change your own viewings.');
  return row;
}

export async function changeViewing(db: Db, viewerId: number, id: number, input: ViewingChange): Promise<SavedViewing> {
  await ownViewing(db, viewerId, id);
  const companions = input.with === undefined ? null : await companionIds(db, viewerId, input.with);
  const changes: Partial<q.ViewingFields> = {};
  if (input.watched_on !== undefined) changes.watched_on = input.watched_on;
  if (input.rewatch !== undefined) changes.rewatch = input.rewatch ? 1 : 0;
  if (input.place !== undefined) changes.place = cleanText(input.place);
  if (input.note !== undefined) changes.note = cleanText(input.note);
  const newlyTagged = await db.transaction().execute(async (trx) => {
    await q.updateViewing(trx, id, changes, new Date().toISOString());
    if (!companions) return [];
    const before = new Set(await q.companionIds(trx, id));
    await q.setCompanions(trx, id, companions);
    return companions.filter((userId) => !before.has(userId));
  });
  return { viewing: await viewingById(db, id), newlyTagged };
}

export async function deleteViewing(db: Db, viewerId: number, id: number): Promise<void> {
  await ownViewing(db, viewerId, id);
  await q.deleteViewing(db, id);
}

/** A review saved by someone who never logged the movie logs a viewing for today, as a diary would. */
export async function logFirstViewing(db: Db, userId: number, movieId: number): Promise<void> {
  const now = new Date().toISOString();
  await q.insertFirstViewing(db, firstViewingOf(userId, movieId, now), now);
}

/** `logFirstViewing`'s statement, written only while `when` holds, within a larger statement (a review's save). */
export function firstViewingStatement(db: Db, userId: number, movieId: number, now: string, when: Expression<SqlBool>) {
  return q.firstViewingInsert(db, firstViewingOf(userId, movieId, now), now, when);
}

/** The viewing a first rating logs: watched today, no place or note. */
function firstViewingOf(userId: number, movieId: number, now: string) {
  return { user_id: userId, movie_id: movieId, watched_on: now.slice(0, 10), rewatch: 0, place: null, note: null };
}

function monthRange(year: number | undefined, month: number | undefined): { from: string | null; until: string | null } {
  if (year === undefined) return { from: null, until: null };
  const pad = (value: number) => String(value).padStart(2, '0');
  if (month === undefined) return { from: `${year}-01-01`, until: `${year + 1}-01-01` };
  const next = month === 12 ? `${year + 1}-01-01` : `${year}-${pad(month + 1)}-01`;
  return { from: `${year}-${pad(month)}-01`, until: next };
}

export async function diaryOf(
  db: Db,
  username: string,
  query: { year?: number; month?: number; limit: number; offset: number },
): Promise<{ viewings: DiaryEntry[]; total: number }> {
  const owner = await findUserByName(db, username);
  if (!owner) throw notFound('User not found.', 'user_not_found');
  return diaryOfOwner(db, owner, query);
}

/** A member's newest diary entries as an Atom feed in `language` (see diaryAtom.ts). */
export async function diaryFeed(db: Db, username: string, site: string, language: LanguageCode): Promise<string> {
  const owner = await findUserByName(db, username);
  if (!owner) throw notFound('User not found.', 'user_not_found');
  const { viewings } = await diaryOfOwner(db, owner, { limit: DIARY_PAGE_SIZE, offset: 0 });
  return diaryAtom(owner.username, viewings, site, language);
}

async function diaryOfOwner(
  db: Db,
  owner: { id: number },
  query: { year?: number; month?: number; limit: number; offset: number },
): Promise<{ viewings: DiaryEntry[]; total: number }> {
  const range = monthRange(query.year, query.month);
  const [rows, total] = await Promise.all([q.diaryPage(db, owner.id, range, query.limit, query.offset), q.diaryCount(db, owner.id, range)]);
  const companions = await q.companionsOf(db, rows.map((row) => row.id));
  const viewings = rows.map((row) => ({
    ...toViewing(
      row,
      companions.filter((companion) => companion.viewing_id === row.id).map(({ username, profile_picture }) => ({ username, profile_picture })),
    ),
    user: { username: row.username, profile_picture: row.profile_picture },
    tagged: row.user_id !== owner.id,
    movie: { id: row.movie_id, title: row.title, poster: row.poster, year: row.year, length: row.length },
    stars: row.stars ?? null,
  }));
  return { viewings, total };
}

export async function viewingsOfMovie(db: Db, movieId: number, viewerId: number | null): Promise<Omit<MovieViewingsReply, 'success'>> {
  if (!(await movieExists(db, movieId))) throw notFound('Movie not found.');
  const [rows, total, mine] = await Promise.all([
    q.movieViewings(db, movieId, MOVIE_VIEWINGS_LIMIT),
    q.movieViewingCount(db, movieId),
    viewerId === null ? null : q.ownViewingsOf(db, viewerId, movieId),
  ]);
  const companions = await q.companionsOf(db, rows.map((row) => row.id));
  return {
    viewings: rows.map((row) => ({
      id: row.id,
      user: { username: row.username, profile_picture: row.profile_picture },
      watched_on: row.watched_on,
      rewatch: row.rewatch !== 0,
      with: companions.filter((companion) => companion.viewing_id === row.id).map(({ username, profile_picture }) => ({ username, profile_picture })),
    })),
    total,
    mine: mine && { count: mine.count, last_watched_on: mine.last },
  };
}

export function membersNamed(db: Db, viewerId: number, text: string): Promise<ViewingMember[]> {
  return q.membersMatching(db, text.trim(), viewerId, MEMBER_SEARCH_LIMIT);
}

/** The profile's diary figures: distinct films viewed this (UTC) year, and hours watched over all viewings. */
export async function diaryTotals(db: Db, userId: number): Promise<{ films_this_year: number; hours_watched: number }> {
  const totals = await q.viewingTotals(db, userId, new Date().getUTCFullYear());
  return { films_this_year: totals.filmsThisYear, hours_watched: Math.round((totals.minutes / 60) * 10) / 10 };
}
