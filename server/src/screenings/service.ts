import { randomInt } from 'node:crypto';
import {
  type AttendanceReply,
  type LanguageCode,
  parseWatchlistIdentifier,
  type RatingPrompt,
  type RsvpStatus,
  SCREENING_AHEAD_MAX_DAYS,
  SCREENING_FEED_LIMIT,
  SCREENING_FEED_PAST_DAYS,
  SCREENING_PROMPTS_LIMIT,
  SCREENING_UP_VOTES_MAX,
  SCREENING_UPCOMING_GRACE_HOURS,
  SCREENING_VETOES_MAX,
  SCREENINGS_LIST_LIMIT,
  type Screening,
  type ScreeningCandidate,
  type ScreeningChange,
  type ScreeningCreate,
  type ScreeningDetail,
  type ScreeningRsvp,
  type ScreeningUpdateEvent,
  type ScreeningVotes,
  type VoteBody,
} from '@movieclub/contract';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema';
import { badRequest, conflict, forbidden, notFound } from '../http/errors';
import { findUserByName } from '../users/queries';
import * as viewings from '../viewings/queries';
import * as lists from '../watchlists/queries';
import { type Access, accessList, type Viewer } from '../watchlists/service';
import { CALENDAR_TEXTS } from './calendarTexts';
import { calendar, type CalendarEvent } from './ics';
import { groupScore, type MemberRating } from './prediction';
import * as q from './queries';

type Db = Kysely<Database>;
type DbOrTrx = Db | Transaction<Database>;

const HOUR = 3_600_000;
const NOT_FOUND = 'Screening not found.';
const NOT_EDITOR = 'Only the list owner or a moderator can do that.';
const MOVIE_NIGHT_MINUTES = 120;

export interface ScreeningAccess {
  screening: q.ScreeningRow;
  list: Access;
}

/** The screening as the viewer may see it: anyone who may read its list (every screening's list is public). */
export async function accessScreening(db: DbOrTrx, id: number, viewer: Viewer): Promise<ScreeningAccess> {
  const screening = await q.findScreening(db, id);
  if (!screening) throw notFound(NOT_FOUND);
  // Its list is public (only public lists host screenings), so this only adds the viewer's role.
  return { screening, list: await accessList(db as Db, screening.watchlist_id, viewer) };
}

// --- time -------------------------------------------------------------------

/** The UTC instant and the offset (minutes east of UTC) of an ISO start the contract has checked. */
export function parseStart(text: string): { utc: string; offset: number } {
  const zone = /(Z|([+-])(\d{2}):(\d{2}))$/.exec(text);
  const offset = !zone || zone[1] === 'Z' ? 0 : (zone[2] === '-' ? -1 : 1) * (Number(zone[3]) * 60 + Number(zone[4]));
  return { utc: new Date(Date.parse(text)).toISOString(), offset };
}

/** The start in the offset it was scheduled with: `2026-12-20T20:00:00+01:00` (`Z` for UTC). */
export function formatStart(utc: string, offset: number): string {
  const local = new Date(Date.parse(utc) + offset * 60_000).toISOString().slice(0, 19);
  if (offset === 0) return `${local}Z`;
  const minutes = Math.abs(offset);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${local}${offset < 0 ? '-' : '+'}${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
}

function checkNewStart(utc: string): void {
  const at = Date.parse(utc);
  if (at < Date.now()) throw badRequest('A screening cannot start in the past.');
  if (at > Date.now() + SCREENING_AHEAD_MAX_DAYS * 24 * HOUR) throw badRequest('A screening can be scheduled at most two years ahead.');
}

const isOver = (screening: q.ScreeningRow) => Date.parse(screening.starts_at) < Date.now() - SCREENING_UPCOMING_GRACE_HOURS * HOUR;
const hasStarted = (screening: q.ScreeningRow) => Date.parse(screening.starts_at) <= Date.now();

// --- rules ------------------------------------------------------------------

function requireEditor(access: ScreeningAccess): void {
  if (!access.list.isEditor) throw forbidden(NOT_EDITOR);
}

const cancelled = () => conflict('This screening was cancelled.', 'screening_cancelled');

function requirePlanned(screening: q.ScreeningRow): void {
  if (screening.status !== 'planned') throw cancelled();
}

function requireOpen(screening: q.ScreeningRow): void {
  requirePlanned(screening);
  if (isOver(screening)) throw conflict('This screening is over.', 'screening_over');
}

/** Plain text: trimmed, empty is none; a place is one line (runs of white space become one space). */
const cleanText = (text: string | null | undefined) => (text?.trim() ? text.trim() : null);
const cleanPlace = (text: string | null | undefined) => cleanText(text?.replace(/\s+/g, ' '));

export function toScreening(row: q.ScreeningRow): Screening {
  return {
    id: row.id,
    watchlist_id: row.watchlist_id,
    watchlist_name: row.watchlist_name,
    starts_at: formatStart(row.starts_at, row.utc_offset),
    place: row.place,
    note: row.note,
    status: row.status === 'cancelled' ? 'cancelled' : 'planned',
    created_by: row.created_by ?? null,
    picked_movie: row.picked_movie_id !== null && row.picked_title ? { id: row.picked_movie_id, title: row.picked_title, poster: row.picked_poster ?? null } : null,
    picked_at: row.picked_movie_id !== null && row.picked_title ? row.picked_at : null,
    yes_count: Number(row.yes_count ?? 0),
  };
}

async function reload(db: DbOrTrx, id: number): Promise<q.ScreeningRow> {
  const row = await q.findScreening(db, id);
  if (!row) throw notFound(NOT_FOUND);
  return row;
}

// --- scheduling ---------------------------------------------------------------

/** `site` is the address the night is scheduled through (its webhook posts link there when PUBLIC_URL is not set). */
export async function schedule(db: Db, viewer: NonNullable<Viewer>, input: ScreeningCreate, site: string): Promise<Screening> {
  const list = await accessList(db, input.watchlist_id, viewer);
  if (list.list.is_personal === 1) throw badRequest('Personal watchlists cannot host screenings.');
  if (!list.isEditor) throw forbidden(NOT_EDITOR);
  const start = parseStart(input.starts_at);
  checkNewStart(start.utc);
  const id = await q.insertScreening(
    db,
    { watchlist_id: list.list.id, starts_at: start.utc, utc_offset: start.offset, place: cleanPlace(input.place), note: cleanText(input.note), created_by: viewer.id, site_url: site },
    new Date().toISOString(),
  );
  return toScreening(await reload(db, id));
}

const minuteOf = (start: string) => Math.floor(Date.parse(start) / 60_000);

export async function change(db: Db, access: ScreeningAccess, input: ScreeningChange): Promise<Screening> {
  requireEditor(access);
  // Under way it may still get a new place or note; once over, its guests are not told of it again.
  requireOpen(access.screening);
  const changes: q.ScreeningChanges = {};
  const start = input.starts_at === undefined ? null : parseStart(input.starts_at);
  // The same minute sent again (a form sends every field) is no move: the night keeps its own
  // clock, whatever the editor's time zone, and a night under way can still get a new place.
  if (start && minuteOf(start.utc) !== minuteOf(access.screening.starts_at)) {
    checkNewStart(start.utc);
    changes.starts_at = start.utc;
    changes.utc_offset = start.offset;
  }
  if (input.place !== undefined) changes.place = cleanPlace(input.place);
  if (input.note !== undefined) changes.note = cleanText(input.note);
  // Cancelled meanwhile: the update only touches a planned screening.
  if (!(await q.updatePlannedScreening(db, access.screening.id, changes, new Date().toISOString()))) throw cancelled();
  return toScreening(await reload(db, access.screening.id));
}

/** What a change moved, as guests hear of it: the start (any change of the instant) or a new place (one taken away is no news). */
export interface NightMove {
  moved: boolean;
  newPlace: string | null;
}

/**
 * Null when the change is no news to those coming: a note, a place taken away, the same start
 * written in another offset or within the same minute (a form sends whole minutes).
 */
export function nightMove(before: Screening, after: Screening): NightMove | null {
  const moved = minuteOf(before.starts_at) !== minuteOf(after.starts_at);
  const newPlace = after.place !== null && after.place !== before.place ? after.place : null;
  return moved || newPlace !== null ? { moved, newPlace } : null;
}

/** A night that is over, or whose guests are recorded as having come, happened: it cannot be called off. */
export async function cancel(db: Db, access: ScreeningAccess): Promise<Screening> {
  requireEditor(access);
  requireOpen(access.screening);
  if ((await q.attendeesOf(db, access.screening.id)).length > 0) throw conflict('Who came is already recorded; the night stands.');
  if (!(await q.updatePlannedScreening(db, access.screening.id, { status: 'cancelled' }, new Date().toISOString()))) throw cancelled();
  return toScreening(await reload(db, access.screening.id));
}

/** A page of screenings; `after` (a screening's id, the previous page's `next_after`) goes on from that one. */
export async function list(db: Db, query: { upcoming: '0' | '1'; watchlist_id?: number; after?: number }): Promise<{ screenings: Screening[]; next_after: number | null }> {
  const since = new Date(Date.now() - SCREENING_UPCOMING_GRACE_HOURS * HOUR).toISOString();
  const after = query.after === undefined ? undefined : await q.screeningPosition(db, query.after);
  if (query.after !== undefined && !after) throw notFound(NOT_FOUND);
  const rows = await q.listScreenings(db, { upcoming: query.upcoming === '1', since, watchlistId: query.watchlist_id, after, limit: SCREENINGS_LIST_LIMIT + 1 });
  const page = rows.slice(0, SCREENINGS_LIST_LIMIT);
  return { screenings: page.map(toScreening), next_after: rows.length > SCREENINGS_LIST_LIMIT ? page[page.length - 1].id : null };
}

// --- the board: RSVPs, candidates, votes --------------------------------------

interface Board {
  rsvps: Awaited<ReturnType<typeof q.rsvpsOf>>;
  yesIds: number[];
  votes: Awaited<ReturnType<typeof q.votesOf>>;
  items: Awaited<ReturnType<typeof lists.listItems>>;
  /** Per movie, the 'yes' attendees who have seen it. */
  seen: Map<number, Set<number>>;
  candidates: Awaited<ReturnType<typeof lists.listItems>>;
}

const STATUS_ORDER: Record<string, number> = { yes: 0, maybe: 1, no: 2 };

/**
 * Candidates: the list's items that not every 'yes' attendee has seen (all items while
 * nobody has said yes). Seen: a review, a viewing of one's own, or a tag in someone's viewing.
 */
async function board(db: DbOrTrx, screening: q.ScreeningRow): Promise<Board> {
  const [rsvps, votes, items] = await Promise.all([q.rsvpsOf(db, screening.id), q.votesOf(db, screening.id), lists.listItems(db, screening.watchlist_id)]);
  const yesIds = rsvps.filter((rsvp) => rsvp.status === 'yes').map((rsvp) => rsvp.user_id);
  const seen = new Map<number, Set<number>>();
  for (const pair of await q.seenPairs(db, yesIds, items.map((item) => item.id))) {
    const users = seen.get(pair.movie_id) ?? new Set<number>();
    users.add(pair.user_id);
    seen.set(pair.movie_id, users);
  }
  const candidates = items.filter((item) => yesIds.length === 0 || (seen.get(item.id)?.size ?? 0) < yesIds.length);
  return { rsvps, yesIds, votes, items, seen, candidates };
}

const isPickable = (state: Board, movieId: number) =>
  (state.seen.get(movieId)?.size ?? 0) === 0 && !state.votes.some((vote) => vote.movie_id === movieId && vote.vote === 'veto');

function rsvpList(state: Board): ScreeningRsvp[] {
  return [...state.rsvps]
    .sort((a, b) => STATUS_ORDER[a.status] - STATUS_ORDER[b.status])
    .map((rsvp) => ({ username: rsvp.username, profile_picture: rsvp.profile_picture, status: rsvp.status as RsvpStatus }));
}

function votesOf(votes: { movie_id: number; vote: string }[]): ScreeningVotes {
  return { up: votes.filter((vote) => vote.vote === 'up').map((vote) => vote.movie_id), veto: votes.find((vote) => vote.vote === 'veto')?.movie_id ?? null };
}

export async function detail(db: Db, access: ScreeningAccess, viewer: Viewer): Promise<ScreeningDetail> {
  const { screening } = access;
  const [state, attendees] = await Promise.all([board(db, screening), q.attendeesOf(db, screening.id)]);
  const ratings = await q.ratingsWithGenres(db, state.yesIds);
  const byMember = new Map<number, MemberRating[]>();
  for (const rating of ratings) byMember.set(rating.user_id, [...(byMember.get(rating.user_id) ?? []), rating]);
  const names = new Map(state.rsvps.map((rsvp) => [rsvp.user_id, rsvp.username]));

  const candidates: ScreeningCandidate[] = state.candidates.map((item) => {
    const votes = state.votes.filter((vote) => vote.movie_id === item.id);
    return {
      movie: { id: item.id, title: item.title, poster: item.poster, year: item.year, length: item.length },
      up_votes: votes.filter((vote) => vote.vote === 'up').map((vote) => vote.username),
      vetoed_by: votes.filter((vote) => vote.vote === 'veto').map((vote) => vote.username),
      seen_by: [...(state.seen.get(item.id) ?? [])].map((id) => names.get(id) ?? '').filter(Boolean).sort((a, b) => a.localeCompare(b)),
      pickable: isPickable(state, item.id),
      predicted_score: groupScore(byMember, state.yesIds, item.id, item.genres),
    };
  });
  const mine = viewer ? state.rsvps.find((rsvp) => rsvp.user_id === viewer.id) : undefined;
  const open = screening.status === 'planned' && !isOver(screening);
  const picked = screening.picked_movie_id !== null;
  return {
    ...toScreening(screening),
    rsvps: rsvpList(state),
    candidates,
    list_movies: state.items.length,
    attendees: attendees.map(({ username, profile_picture }) => ({ username, profile_picture })),
    my_rsvp: (mine?.status as RsvpStatus | undefined) ?? null,
    my_votes: viewer ? votesOf(onBoard(state, state.votes).filter((vote) => vote.user_id === viewer.id)) : null,
    permissions: {
      edit: access.list.isEditor && open,
      pick: access.list.isEditor && open && attendees.length === 0,
      record_attendance: access.list.isEditor && screening.status === 'planned' && hasStarted(screening) && picked,
      rsvp: viewer !== null && open,
      vote: viewer !== null && open && mine?.status === 'yes' && attendees.length === 0,
    },
  };
}

/** Answers for the member; leaving 'yes' takes back their votes (only those coming vote). */
export async function rsvp(db: Db, access: ScreeningAccess, userId: number, status: RsvpStatus): Promise<ScreeningRsvp[]> {
  requireOpen(access.screening);
  const id = access.screening.id;
  await db.transaction().execute(async (trx) => {
    await q.setRsvp(trx, id, userId, status, new Date().toISOString());
    if (status !== 'yes') await q.deleteVotesBy(trx, id, userId);
  });
  return rsvpList(await board(db, access.screening));
}

/** Once who came is recorded the night is settled: its votes are closed, as its pick is. */
async function refuseAfterAttendance(db: DbOrTrx, screeningId: number): Promise<void> {
  if ((await q.attendeesOf(db, screeningId)).length > 0) throw conflict('Who came is already recorded; the votes are closed.');
}

export async function vote(db: Db, access: ScreeningAccess, userId: number, input: VoteBody): Promise<ScreeningVotes> {
  requireOpen(access.screening);
  const id = access.screening.id;
  await db.transaction().execute(async (trx) => {
    // The member's own RSVP row serialises their votes, so two at once cannot pass the limits together.
    if (!(await q.lockYesRsvp(trx, id, userId))) throw conflict("Answer 'yes' to the screening before voting.");
    await refuseAfterAttendance(trx, id);
    const state = await board(trx, access.screening);
    if (!state.candidates.some((item) => item.id === input.movie_id)) throw badRequest('That movie is not a candidate for this screening.');
    // A vote on a movie that left the board (taken off the list, or seen by everyone coming) no longer counts.
    const others = onBoard(state, await q.votesBy(trx, id, userId)).filter((existing) => existing.movie_id !== input.movie_id);
    if (input.vote === 'up' && others.filter((existing) => existing.vote === 'up').length >= SCREENING_UP_VOTES_MAX) {
      throw conflict(`You can vote for at most ${SCREENING_UP_VOTES_MAX} movies; take one back first.`, 'vote_limit');
    }
    if (input.vote === 'veto' && others.filter((existing) => existing.vote === 'veto').length >= SCREENING_VETOES_MAX) {
      throw conflict('You can veto only one movie; take your veto back first.', 'vote_limit');
    }
    await q.setVote(trx, id, userId, input.movie_id, input.vote, new Date().toISOString());
  });
  return myVotesOnBoard(db, access.screening, userId);
}

/** The votes that are on movies of the board: the others stay stored (the movie may come back) but do not count. */
function onBoard<V extends { movie_id: number }>(state: Board, votes: V[]): V[] {
  const candidates = new Set(state.candidates.map((item) => item.id));
  return votes.filter((vote) => candidates.has(vote.movie_id));
}

async function myVotesOnBoard(db: Db, screening: q.ScreeningRow, userId: number): Promise<ScreeningVotes> {
  return votesOf(onBoard(await board(db, screening), await q.votesBy(db, screening.id, userId)));
}

export async function unvote(db: Db, access: ScreeningAccess, userId: number, movieId: number): Promise<ScreeningVotes> {
  requireOpen(access.screening);
  await refuseAfterAttendance(db, access.screening.id);
  if (!(await q.deleteVote(db, access.screening.id, userId, movieId))) throw notFound('You have no vote for that movie.');
  return myVotesOnBoard(db, access.screening, userId);
}

/** A weighted draw: each movie as often as its up-votes; a uniform one when none of them has any. */
export function weightedChoice(weights: { id: number; weight: number }[]): number {
  const total = weights.reduce((sum, entry) => sum + entry.weight, 0);
  if (total === 0) return weights[randomInt(weights.length)].id;
  let ticket = randomInt(total);
  for (const entry of weights) {
    if (ticket < entry.weight) return entry.id;
    ticket -= entry.weight;
  }
  return weights[weights.length - 1].id;
}

export async function pick(db: Db, access: ScreeningAccess, userId: number): Promise<{ picked_movie: { id: number; title: string; poster: string | null }; picked_at: string }> {
  requireEditor(access);
  requireOpen(access.screening);
  const id = access.screening.id;
  const pickedAt = new Date().toISOString();
  await db.transaction().execute(async (trx) => {
    await q.lockScreening(trx, id);
    if ((await q.attendeesOf(trx, id)).length > 0) throw conflict('Who came is already recorded; the pick stands.');
    const state = await board(trx, access.screening);
    if (state.items.length === 0) throw conflict('The list has no movies yet: add some to it before picking.', 'nothing_to_pick');
    const pickable = state.candidates.filter((item) => isPickable(state, item.id));
    if (pickable.length === 0) {
      throw conflict('Nothing is left to pick: every candidate is vetoed or already seen by someone who is coming.', 'nothing_to_pick');
    }
    const weights = pickable.map((item) => ({ id: item.id, weight: state.votes.filter((entry) => entry.movie_id === item.id && entry.vote === 'up').length }));
    const movieId = weightedChoice(weights);
    if (!(await q.updatePlannedScreening(trx, id, { picked_movie_id: movieId, picked_at: pickedAt, picked_by: userId }, pickedAt))) throw cancelled();
  });
  const row = await reload(db, id);
  return { picked_movie: { id: row.picked_movie_id!, title: row.picked_title!, poster: row.picked_poster ?? null }, picked_at: pickedAt };
}

// --- after the night ------------------------------------------------------------

/**
 * Records who came, replacing an earlier record: each new attendee gets a viewing of
 * the pick on the screening's own day, watched with the others and at its place; those
 * still there have their tags brought up to date; those taken off lose the viewing it gave them.
 */
export async function recordAttendance(db: Db, access: ScreeningAccess, usernames: string[]): Promise<Omit<AttendanceReply, 'success'>> {
  requireEditor(access);
  const { screening } = access;
  requirePlanned(screening);
  if (!hasStarted(screening)) throw conflict('Record who came once the screening has started.');
  const movieId = screening.picked_movie_id;
  if (movieId === null) throw conflict('Pick the movie before recording who came.');

  const given = [...new Set(usernames.map((name) => name.trim()).filter(Boolean))];
  const found = await viewings.usersNamed(db, [...new Set(given.map((name) => name.toLowerCase()))]);
  const byName = new Map(found.map((user) => [user.username_lower, user.id]));
  const ids = new Set<number>();
  for (const name of given) {
    const id = byName.get(name.toLowerCase());
    if (id === undefined) throw badRequest(`No member is called ${name}.`);
    ids.add(id);
  }
  const watchedOn = formatStart(screening.starts_at, screening.utc_offset).slice(0, 10);
  const now = new Date().toISOString();
  let logged = 0;
  await db.transaction().execute(async (trx) => {
    await q.lockScreening(trx, screening.id);
    const current = await q.attendeesOf(trx, screening.id);
    const removed = current.filter((row) => !ids.has(row.user_id));
    for (const row of removed) if (row.viewing_id !== null) await viewings.deleteViewing(trx, row.viewing_id);
    await q.removeAttendees(trx, screening.id, removed.map((row) => row.user_id));
    const kept = new Map(current.filter((row) => ids.has(row.user_id)).map((row) => [row.user_id, row.viewing_id]));
    for (const userId of ids) {
      const others = [...ids].filter((other) => other !== userId);
      if (kept.has(userId)) {
        const viewingId = kept.get(userId);
        if (viewingId !== null && viewingId !== undefined) await viewings.setCompanions(trx, viewingId, others);
        continue;
      }
      const rewatch = await viewings.hasViewingBy(trx, userId, movieId, watchedOn);
      const viewingId = await viewings.insertViewing(
        trx,
        { user_id: userId, movie_id: movieId, watched_on: watchedOn, rewatch: rewatch ? 1 : 0, place: screening.place, note: null },
        now,
      );
      await viewings.setCompanions(trx, viewingId, others);
      await q.addAttendee(trx, screening.id, userId, viewingId);
      logged++;
    }
  });
  const attendees = await q.attendeesOf(db, screening.id);
  return { attendees: attendees.map(({ username, profile_picture }) => ({ username, profile_picture })), viewings_logged: logged };
}

export async function prompts(db: Db, userId: number): Promise<RatingPrompt[]> {
  const rows = await q.promptsFor(db, userId, SCREENING_PROMPTS_LIMIT);
  return rows.map((row) => ({
    screening_id: row.screening_id,
    watchlist_id: row.watchlist_id,
    watchlist_name: row.watchlist_name,
    starts_at: formatStart(row.starts_at, row.utc_offset),
    movie: { id: row.movie_id, title: row.title, poster: row.poster, year: row.year },
  }));
}

export async function dismissPrompt(db: Db, screeningId: number, userId: number): Promise<void> {
  if (!(await q.dismissPrompt(db, screeningId, userId))) throw notFound('You have no rating prompt for this screening.');
}

// --- live updates and calendars ---------------------------------------------------

/** What `screening:init` and `screening:update` carry, and the list the screening belongs to. */
export async function screeningUpdate(db: DbOrTrx, id: number, what: ScreeningUpdateEvent['what']): Promise<{ event: ScreeningUpdateEvent; watchlistId: number }> {
  const screening = toScreening(await reload(db, id));
  const event = { screening_id: id, what, status: screening.status, picked_movie: screening.picked_movie, picked_at: screening.picked_at };
  return { event, watchlistId: screening.watchlist_id };
}

/** `screening:update {what: 'list'}` for each open night of a list whose movies changed: their boards are drawn from it. */
export async function listChangedEvents(db: Db, watchlistId: number): Promise<ScreeningUpdateEvent[]> {
  const since = new Date(Date.now() - SCREENING_UPCOMING_GRACE_HOURS * HOUR).toISOString();
  const ids = await q.openScreeningIdsOf(db, watchlistId, since);
  return Promise.all(ids.map((id) => updateEvent(db, id, 'list')));
}

export async function updateEvent(db: DbOrTrx, id: number, what: ScreeningUpdateEvent['what']): Promise<ScreeningUpdateEvent> {
  return (await screeningUpdate(db, id, what)).event;
}

function calendarEvent(row: q.ScreeningRow, baseUrl: string, language: LanguageCode): CalendarEvent {
  const host = new URL(baseUrl).hostname;
  const picked = row.picked_movie_id !== null && row.picked_title;
  const words = CALENDAR_TEXTS[language];
  return {
    uid: `screening-${row.id}@${host}`,
    stamp: row.updated_at,
    start: row.starts_at,
    minutes: (picked && row.picked_length) || MOVIE_NIGHT_MINUTES,
    summary: picked ? words.nightOf(picked, row.watchlist_name) : words.night(row.watchlist_name),
    location: row.place,
    description: row.note,
    url: `${baseUrl}/screening/${row.id}`,
    cancelled: row.status === 'cancelled',
    sequence: row.sequence,
  };
}

export function screeningCalendar(access: ScreeningAccess, baseUrl: string, language: LanguageCode): string {
  return calendar([calendarEvent(access.screening, baseUrl, language)], null);
}

/** Where a feed starts: screenings that started at most this long ago. */
const feedSince = () => new Date(Date.now() - SCREENING_FEED_PAST_DAYS * 24 * HOUR).toISOString();

const feedOf = (rows: q.ScreeningRow[], name: string, baseUrl: string, language: LanguageCode) =>
  calendar(
    rows.map((row) => calendarEvent(row, baseUrl, language)),
    name,
  );

/** A public list's feed: screenings from 90 days ago on; a personal list (or none) is 404, as everywhere. */
export async function listCalendar(db: Db, identifier: string, baseUrl: string, language: LanguageCode): Promise<string> {
  const id = parseWatchlistIdentifier(identifier);
  const list = id === null ? undefined : await lists.findList(db, id);
  if (!list || list.is_personal === 1) throw notFound('Watchlist not found.');
  const rows = await q.feedScreenings(db, list.id, feedSince(), SCREENING_FEED_LIMIT);
  return feedOf(rows, CALENDAR_TEXTS[language].feed(list.name), baseUrl, language);
}

/** Every public list's screenings from 90 days ago on. */
export async function clubCalendar(db: Db, baseUrl: string, language: LanguageCode): Promise<string> {
  const rows = await q.clubFeedScreenings(db, feedSince(), SCREENING_FEED_LIMIT);
  return feedOf(rows, CALENDAR_TEXTS[language].club, baseUrl, language);
}

/**
 * The screenings a member answered 'yes' or 'maybe', from 90 days ago on. Public as the
 * screening pages that show their answers are: calendar apps cannot sign in.
 */
export async function memberCalendar(db: Db, username: string, baseUrl: string, language: LanguageCode): Promise<string> {
  const member = await findUserByName(db, username);
  if (!member) throw notFound('User not found.', 'user_not_found');
  const rows = await q.memberFeedScreenings(db, member.id, feedSince(), SCREENING_FEED_LIMIT);
  return feedOf(rows, CALENDAR_TEXTS[language].member(member.username), baseUrl, language);
}
