import { randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import {
  type ModeratorDetail,
  parseWatchlistIdentifier,
  type PickedMovie,
  type PublicWatchlistSummary,
  slugify,
  type Watchlist,
  type WatchlistPermissions,
} from '@movieclub/contract';
import type { Kysely, Transaction } from 'kysely';
import { dialectOf } from '../db/database';
import type { Database } from '../db/schema';
import { badRequest, conflict, forbidden, notFound } from '../http/errors';
import { bumpVersion, CatalogueCache, MEMBERS_VERSION, PUBLIC_LISTS_VERSION, versionOf } from '../movies/catalogueCache';
import { findUserByName } from '../users/queries';
import * as q from './queries';
import { sanitizeDescription } from './sanitize';

type Db = Kysely<Database>;

/** Who is asking: the signed-in user, or null for an anonymous visitor. */
export type Viewer = { id: number; username: string } | null;

export const PERSONAL_LIST_NAME = 'My Watchlist';
const NOT_FOUND = 'Watchlist not found.';

export interface Access {
  list: q.ListRow;
  /** Whether anyone is signed in (anonymous visitors may only read public lists). */
  signedIn: boolean;
  isOwner: boolean;
  isEditor: boolean;
}

/** The access of a list's own owner (a list they just created or their personal list). */
export const ownerAccess = (list: q.ListRow): Access => ({ list, signedIn: true, isOwner: true, isEditor: true });

/** What the viewer may do with the list, as the reply tells the client. */
export function permissionsOf(access: Access): WatchlistPermissions {
  const personal = access.list.is_personal === 1;
  return {
    add_items: personal ? access.isOwner : access.signedIn,
    edit: access.isEditor,
    pick: access.isEditor,
    manage_moderators: access.isOwner && !personal,
  };
}

/**
 * The list as the viewer may see it. A personal list is private: to anyone but
 * its owner it does not exist (404, so its existence does not leak). Moderator
 * rows never make anyone an editor of a personal list.
 */
export async function accessList(db: Db, id: number, viewer: Viewer): Promise<Access> {
  const list = await q.findList(db, id);
  const isOwner = Boolean(list && viewer && list.owner_id === viewer.id);
  if (!list || (list.is_personal === 1 && !isOwner)) throw notFound(NOT_FOUND);
  const isEditor = isOwner || (list.is_personal === 0 && viewer !== null && (await q.isModerator(db, id, viewer.id)));
  return { list, signedIn: viewer !== null, isOwner, isEditor };
}

/**
 * The list an add-on address (`{id}-{slug}`) names, for apps that cannot sign in:
 * a public list answers to its id whatever the slug; a personal list only with its
 * secret slug, else 404 as if absent.
 */
export async function listByAddonIdentifier(db: Db, identifier: string): Promise<q.ListRow> {
  const id = parseWatchlistIdentifier(identifier);
  const list = id === null ? undefined : await q.findList(db, id);
  if (!list) throw notFound(NOT_FOUND);
  if (list.is_personal === 1) {
    const slug = identifier.slice(String(list.id).length + 1);
    if (!list.secret || !sameText(slug, list.secret)) throw notFound(NOT_FOUND);
  }
  return list;
}

/** Compares a secret in constant time. */
function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** A list's items in order, with what the add-on shows of each movie. */
export const itemsForAddon = (db: Db, listId: number) => q.listItems(db, listId);

function requireEditor(access: Access) {
  if (!access.isEditor) throw forbidden('Only the list owner or a moderator can do that.');
}

function newSecret(): string {
  return randomBytes(18).toString('base64url');
}

/** The user's personal list, created on first use (the unique index settles a race). */
export async function ensurePersonalList(db: Db, userId: number): Promise<q.ListRow> {
  const existing = await q.findPersonalList(db, userId);
  if (existing) {
    if (existing.secret) return existing;
    await q.setSecret(db, existing.id, newSecret());
    return (await q.findPersonalList(db, userId))!;
  }
  try {
    const now = new Date().toISOString();
    await q.insertList(db, { owner_id: userId, name: PERSONAL_LIST_NAME, is_personal: 1, secret: newSecret(), now });
  } catch (error) {
    if (!(await q.findPersonalList(db, userId))) throw error;
  }
  return (await q.findPersonalList(db, userId))!;
}

export function stremioPath(list: Pick<q.ListRow, 'id' | 'name' | 'is_personal' | 'secret'>): string {
  const slug = list.is_personal === 1 ? (list.secret ?? '') : slugify(list.name);
  return `/api/watchlist/${list.id}-${slug}/stremio/manifest.json`;
}

export async function pickedMovie(db: Db, list: q.ListRow): Promise<PickedMovie | null> {
  if (list.picked_movie_id === null) return null;
  const movie = await q.findMovie(db, list.picked_movie_id);
  return movie ? { id: movie.id, title: movie.title, poster: movie.poster } : null;
}

export async function moderatorsOf(db: Db, listId: number): Promise<{ moderators: string[]; moderators_detail: ModeratorDetail[] }> {
  const rows = await q.listModerators(db, listId);
  return {
    moderators: rows.map((row) => row.username),
    moderators_detail: rows.map((row) => ({ username: row.username, profile_picture: row.profile_picture })),
  };
}

/** The whole Watchlist entity as `GET /api/watchlists/{id}` returns it. */
export async function describeList(db: Db, access: Access): Promise<Watchlist> {
  const { list } = access;
  // A personal list never has moderators (they cannot be added to one), so it is not asked.
  const noModerators = { moderators: [], moderators_detail: [] };
  const [items, moderators, picked] = await Promise.all([
    q.listItems(db, list.id),
    list.is_personal === 1 ? noModerators : moderatorsOf(db, list.id),
    pickedMovie(db, list),
  ]);
  return {
    id: list.id,
    name: list.name,
    description: list.description,
    items: items.map((item) => ({
      id: item.id,
      title: item.title,
      poster: item.poster,
      imdb_rating: item.imdb_rating === null ? null : Number(item.imdb_rating),
      length: item.length,
      position: item.position,
    })),
    ...moderators,
    owner_username: list.owner_username,
    owner_profile_picture: list.owner_profile_picture,
    picked_movie: picked,
    picked_at: picked ? list.picked_at : null,
    created_at: list.created_at,
    item_count: items.length,
    is_personal: list.is_personal === 1,
    slug: slugify(list.name),
    stremio_path: stremioPath(list),
    permissions: permissionsOf(access),
  };
}

export async function createPublicList(db: Db, ownerId: number, name: string): Promise<q.ListRow> {
  const id = await q.insertList(db, { owner_id: ownerId, name, is_personal: 0, secret: null, now: new Date().toISOString() });
  await listsChanged(db);
  return (await q.findList(db, id))!;
}

/** Appends a movie; a movie already in the list is a no-op (`added: false`). */
export async function addItem(db: Db, listId: number, movieId: number, userId: number): Promise<boolean> {
  const now = new Date().toISOString();
  return db.transaction().execute(async (trx) => {
    const list = await q.lockList(trx, listId, now);
    if (!list) throw notFound(NOT_FOUND);
    return appendToLocked(trx, { id: listId, ...list }, movieId, userId, now);
  });
}

/**
 * Appends a movie to the member's personal list, made first if they have none. The list is
 * found by its lock, so a member who has one (nearly every call) waits for one read fewer.
 */
export async function addToPersonalList(db: Db, userId: number, movieId: number): Promise<{ listId: number; added: boolean }> {
  const now = new Date().toISOString();
  const append = dialectOf(db) === 'postgres' ? () => appendInOneStatement(db, userId, movieId, now) : () => appendInTransaction(db, userId, movieId, now);
  const appended = await append();
  if (appended) return appended;
  await ensurePersonalList(db, userId);
  return (await append())!;
}

function appendInTransaction(db: Db, userId: number, movieId: number, now: string) {
  return db.transaction().execute(async (trx) => {
    const list = await q.lockPersonalList(trx, userId, now);
    return list ? { listId: list.id, added: await appendToLocked(trx, list, movieId, userId, now) } : null;
  });
}

/** `appendInTransaction` in one round trip on PostgreSQL; a personal list never changes the public lists' version. */
async function appendInOneStatement(db: Db, userId: number, movieId: number, now: string) {
  const row = await q.appendToPersonalList(db, { owner_id: userId, movie_id: movieId, now });
  if (!row) return null;
  if (!row.added && !row.movie_exists) throw notFound('Movie not found.');
  return { listId: row.id, added: Boolean(row.added) };
}

async function appendToLocked(trx: Transaction<Database>, list: q.LockedList, movieId: number, userId: number, now: string): Promise<boolean> {
  if (await q.appendItem(trx, { watchlist_id: list.id, movie_id: movieId, added_by: userId, added_at: now })) {
    await publicListChanged(trx, list);
    return true;
  }
  if (!(await q.findMovie(trx, movieId))) throw notFound('Movie not found.');
  return false;
}

export async function removeItem(db: Db, access: Access, movieId: number): Promise<void> {
  requireEditor(access);
  const listId = access.list.id;
  await db.transaction().execute(async (trx) => {
    const list = await q.lockList(trx, listId, new Date().toISOString());
    const item = await q.findItem(trx, listId, movieId);
    if (!item) throw notFound('That movie is not in this watchlist.');
    await q.deleteItem(trx, listId, movieId, item.position);
    await publicListChanged(trx, list);
  });
}

/** True when `order` names every current item exactly once and nothing else. */
export function isExactPermutation(current: number[], order: number[]): boolean {
  if (current.length !== order.length) return false;
  const wanted = new Set(order);
  if (wanted.size !== order.length) return false;
  return current.every((id) => wanted.has(id));
}

/** Reorders under the list lock; a stale order (items added or removed since) is refused whole. */
export async function reorder(db: Db, access: Access, order: number[]): Promise<void> {
  requireEditor(access);
  const listId = access.list.id;
  await db.transaction().execute(async (trx) => {
    const list = await q.lockList(trx, listId, new Date().toISOString());
    const current = await q.itemMovieIds(trx, listId);
    if (!isExactPermutation(current, order)) throw conflict('List changed; reload.', 'list_changed');
    await q.setPositions(trx, listId, order);
    await publicListChanged(trx, list);
  });
}

export async function setDescription(db: Db, access: Access, html: string): Promise<string> {
  requireEditor(access);
  const description = sanitizeDescription(html);
  await q.updateDescription(db, access.list.id, description, new Date().toISOString());
  return description;
}

/** A uniformly random item the picking editor has not reviewed, persisted on the list. */
export async function pick(db: Db, access: Access, userId: number): Promise<{ picked_movie: PickedMovie; picked_at: string }> {
  requireEditor(access);
  const candidates = await q.unreviewedMovieIds(db, access.list.id, userId);
  if (candidates.length === 0) throw conflict('No unreviewed movies available.', 'no_unreviewed_movies');
  const movieId = candidates[randomInt(candidates.length)];
  const movie = await q.findMovie(db, movieId);
  if (!movie) throw conflict('List changed; reload.', 'list_changed');
  const pickedAt = new Date().toISOString();
  if (!(await q.setPick(db, access.list.id, movieId, userId, pickedAt))) {
    // Another editor's pick, made a moment later, landed first: that one stands, and is the answer.
    const stored = await q.storedPick(db, access.list.id);
    if (stored?.picked_at) return { picked_movie: { id: stored.id, title: stored.title, poster: stored.poster }, picked_at: stored.picked_at };
  }
  return { picked_movie: { id: movie.id, title: movie.title, poster: movie.poster }, picked_at: pickedAt };
}

function requireModeratorManager(access: Access) {
  if (access.list.is_personal === 1) throw badRequest('Personal watchlists have no moderators.');
  if (!access.isOwner) throw forbidden('Only the list owner can manage moderators.');
}

export async function addModerator(db: Db, access: Access, username: string) {
  requireModeratorManager(access);
  const user = await findUserByName(db, username);
  if (!user) throw notFound('User not found.', 'user_not_found');
  if (user.id === access.list.owner_id) throw badRequest('The owner cannot be a moderator of their own list.');
  if (await q.isModerator(db, access.list.id, user.id)) throw conflict(`User ${user.username} is already a moderator.`, 'already_moderator');
  try {
    await q.insertModerator(db, access.list.id, user.id, new Date().toISOString());
  } catch (error) {
    // Two owners' tabs adding the same person at once: the primary key decides.
    if (await q.isModerator(db, access.list.id, user.id)) throw conflict(`User ${user.username} is already a moderator.`, 'already_moderator');
    throw error;
  }
  return moderatorsOf(db, access.list.id);
}

export async function removeModerator(db: Db, access: Access, username: string) {
  requireModeratorManager(access);
  const user = await findUserByName(db, username);
  if (!user) throw notFound('User not found.', 'user_not_found');
  if (!(await q.deleteModerator(db, access.list.id, user.id))) throw notFound(`User ${user.username} is not a moderator.`);
  return moderatorsOf(db, access.list.id);
}

/**
 * Public-list pages are kept until a public list, its items or their order change, or an owner's
 * picture (movies, whose posters show, are only ever added, and reviews show nowhere on them).
 */
const publicListPages = new CatalogueCache<{ watchlists: PublicWatchlistSummary[]; total: number }>(200);
export const listsChanged = (db: Db) => bumpVersion(db, PUBLIC_LISTS_VERSION);
/** A list's items changed: the pages change only if the list is public (a personal list is personal for good). */
const publicListChanged = async (db: Db, list: { personal: boolean } | null) => {
  if (!list?.personal) await listsChanged(db);
};

/** One page of public lists matching `q`, and how many match in all. */
export async function publicLists(
  db: Db,
  options: { q: string | null; limit: number; offset: number },
): Promise<{ watchlists: PublicWatchlistSummary[]; total: number }> {
  const version = await versionOf(db, [MEMBERS_VERSION, PUBLIC_LISTS_VERSION]);
  return publicListPages.get(db, JSON.stringify(options), () => readPublicLists(db, options), version);
}

async function readPublicLists(db: Db, options: { q: string | null; limit: number; offset: number }) {
  const [rows, total] = await Promise.all([q.publicLists(db, options), q.countPublicLists(db, options.q)]);
  const watchlists = rows.map((row) => ({
    id: row.id,
    name: row.name,
    item_count: Number(row.item_count ?? 0),
    first_poster: row.first_poster ?? null,
    owner_username: row.owner_username,
    owner_profile_picture: row.owner_profile_picture,
    created_at: row.created_at,
    slug: slugify(row.name),
  }));
  return { watchlists, total };
}
