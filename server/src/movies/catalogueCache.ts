import { randomUUID } from 'node:crypto';
import type { Expression, Kysely, SqlBool } from 'kysely';
import { rowIf } from '../db/rowIf';
import { appMetaValues } from '../db/appMeta';
import type { Database } from '../db/schema';

type Db = Kysely<Database>;
/** The `app_meta` key of the catalogue's version token. */
export const CATALOGUE_VERSION = 'catalogue_version';

/**
 * The catalogue's version: a token in `app_meta` replaced by every write that
 * changes what the catalogue calls answer (a movie added, a review saved). Every
 * process reads it from the shared database, so a cache checked against it is
 * never stale, whichever process wrote.
 */
export async function catalogueVersion(db: Db): Promise<string> {
  return versionOf(db, [CATALOGUE_VERSION]);
}

/**
 * Replaced, with the catalogue's version, by every write that can change which review with text is
 * a movie's best: a text written, changed or cleared, the stars, date or spoiler flag of a review
 * with text, a review removed. A quick rating of a review without text leaves it be, so what is
 * read from the reviews' texts alone (recommendations' excerpts) outlives the many ratings of a
 * busy club.
 */
export const REVIEW_TEXTS_VERSION = 'review_texts_version';

/** What the catalogue's calls answer changed; unless `texts` is false, the review texts may have too. */
export function bumpCatalogueVersion(db: Db, { texts = true }: { texts?: boolean } = {}): Promise<void> {
  return texts ? bumpVersions(db, [CATALOGUE_VERSION, REVIEW_TEXTS_VERSION]) : bumpVersion(db, CATALOGUE_VERSION);
}

/**
 * Replaced by every IMDb import, the only writer of the index. What is read from the index alone
 * (title search, a title's facts, its genre neighbours) is kept against it, so a saved review or an
 * added movie, which replace the catalogue's version many times a minute in a busy club, leave it be.
 */
export const IMDB_INDEX_VERSION = 'imdb_index_version';

export function imdbIndexVersion(db: Db): Promise<string> {
  return versionOf(db, [IMDB_INDEX_VERSION]);
}

/**
 * Replaced whenever a movie is added, with the catalogue's version. Catalogue rows are only ever
 * inserted (or all removed, by a transfer into a new database), so what is read from the movies'
 * own rows (recommendations' catalogue candidates) is kept against it: a saved review leaves it be.
 */
export const MOVIES_VERSION = 'movies_version';

/** A movie was added: the catalogue's version and the movies' change in one write (the catalogue's row first, as every writer takes it). */
export function bumpMoviesVersion(db: Db): Promise<void> {
  return bumpVersions(db, [CATALOGUE_VERSION, MOVIES_VERSION]);
}

/**
 * The catalogue's, the movies', the index's and the review texts' versions in one read, for a call
 * that keeps something against each (recommendations): under load every read waits for the end of
 * a turn of the event loop.
 */
export async function recommendationVersions(db: Db): Promise<{ catalogue: string; movies: string; index: string; texts: string }> {
  const [catalogue, movies, index, texts] = await versionsOf(db, [CATALOGUE_VERSION, MOVIES_VERSION, IMDB_INDEX_VERSION, REVIEW_TEXTS_VERSION]);
  return { catalogue, movies, index, texts };
}

/** After the index changed: what was kept of it goes, and so does what the catalogue's calls blend it into (recommendations). */
export async function bumpImdbIndexVersion(db: Db): Promise<void> {
  await bumpVersion(db, IMDB_INDEX_VERSION);
  await bumpCatalogueVersion(db);
}

/**
 * Replaced, with the catalogue's version, whenever a member's picture changes: what shows reviewers
 * (recent reviewers, a movie's reviews) is kept against it and the movies' own review versions.
 */
export const MEMBERS_VERSION = 'members_version';

/** A member's picture changed: the catalogue's version and the members'. */
export function bumpMembersVersion(db: Db): Promise<void> {
  return bumpVersions(db, [CATALOGUE_VERSION, MEMBERS_VERSION]);
}

/** Version tokens kept in `app_meta`: the catalogue's, and the public lists' (list names, items, order). */
export const PUBLIC_LISTS_VERSION = 'public_lists_version';
/** Replaced by every comment and reaction written or removed, and every member who joins (a mention may name them). */
export const DISCUSSION_VERSION = 'discussion_version';

/** The versions of `keys` as one token: it changes when any of them does. */
export async function versionOf(db: Db, keys: string[]): Promise<string> {
  return (await versionsOf(db, keys)).join(':');
}

/** The version of each of `keys`, in their order ('initial' for one never bumped). */
async function versionsOf(db: Db, keys: string[]): Promise<string[]> {
  const values = await appMetaValues(db, keys);
  return keys.map((key) => values.get(key) ?? 'initial');
}

export function bumpVersion(db: Db, key: string): Promise<void> {
  return bumpVersions(db, [key]);
}

/** The statement replacing `key`'s token while `when` holds, as part of a larger statement. */
export function versionBumpIf(db: Db, key: string, when: Expression<SqlBool>) {
  const { columns, select } = rowIf(db, { key, value: randomUUID() }, () => when);
  return db
    .insertInto('app_meta')
    .columns(columns)
    .expression(select)
    .onConflict((conflict) => conflict.column('key').doUpdateSet((eb) => ({ value: eb.ref('excluded.value') })));
}

/** Replaces the tokens of `keys` in one statement. */
async function bumpVersions(db: Db, keys: string[]): Promise<void> {
  await db
    .insertInto('app_meta')
    .values(keys.map((key) => ({ key, value: randomUUID() })))
    .onConflict((conflict) => conflict.column('key').doUpdateSet((eb) => ({ value: eb.ref('excluded.value') })))
    .execute();
}

/**
 * Values computed from the catalogue, kept per database and key until the
 * catalogue's version changes; the oldest key goes when `max` are held.
 */
export class CatalogueCache<T> {
  private readonly byDatabase = new WeakMap<Db, Map<string, { version: string; value: Promise<T> }>>();

  constructor(private readonly max: number) {}

  async get(db: Db, key: string, compute: () => Promise<T>, version?: string): Promise<T> {
    const current = version ?? (await catalogueVersion(db));
    return this.peek(db, key, current) ?? this.put(db, key, current, compute());
  }

  /** The value kept for `key` at this version, if any. */
  peek(db: Db, key: string, version: string): Promise<T> | undefined {
    const held = this.byDatabase.get(db)?.get(key);
    return held && held.version === version ? held.value : undefined;
  }

  /** Drops `value` if it is still the one kept for `key` (an answer found wanting once computed). */
  forget(db: Db, key: string, value: Promise<T>): void {
    const entries = this.byDatabase.get(db);
    if (entries?.get(key)?.value === value) entries.delete(key);
  }

  /** Keeps `value` for `key` at this version (a value computed alongside another's). */
  put(db: Db, key: string, version: string, value: Promise<T>): Promise<T> {
    let entries = this.byDatabase.get(db);
    if (!entries) this.byDatabase.set(db, (entries = new Map()));
    entries.delete(key);
    entries.set(key, { version, value });
    if (entries.size > this.max) entries.delete(entries.keys().next().value!);
    // A failed computation is not kept.
    value.catch(() => {
      if (entries.get(key)?.value === value) entries.delete(key);
    });
    return value;
  }
}
