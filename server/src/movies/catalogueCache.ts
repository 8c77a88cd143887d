import { randomUUID } from 'node:crypto';
import type { CompiledQuery, Kysely } from 'kysely';
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
 * a movie's best: a text written, changed or cleared, the stars or date of a review with text, a
 * review removed. A quick rating of a review without text leaves it be, so what is read from the
 * reviews' texts alone (recommendations' excerpts) outlives the many ratings of a busy club.
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

/** Version tokens kept in `app_meta`: the catalogue's, and the public lists' (list names, items, order). */
export const PUBLIC_LISTS_VERSION = 'public_lists_version';
/** Replaced by every comment and reaction written or removed, and every member who joins (a mention may name them). */
export const DISCUSSION_VERSION = 'discussion_version';

/** The read of each set of version keys, built once per database: every cached call makes one. */
const versionReads = new WeakMap<Db, Map<string, CompiledQuery<{ key: string; value: string }>>>();

function versionRead(db: Db, keys: string[]): CompiledQuery<{ key: string; value: string }> {
  let reads = versionReads.get(db);
  if (!reads) versionReads.set(db, (reads = new Map()));
  const name = keys.join('\0');
  let read = reads.get(name);
  if (!read) reads.set(name, (read = db.selectFrom('app_meta').select(['key', 'value']).where('key', 'in', keys).compile()));
  return read;
}

type VersionRows = { key: string; value: string }[];
/** Version reads waiting for the end of this turn of the event loop, by database and keys. */
const waitingReads = new WeakMap<Db, Map<string, Promise<VersionRows>>>();

/**
 * One read for every call that asks in this turn of the event loop: it runs once the
 * turn's arrived requests have all asked (in the check phase, after the poll phase
 * that received them), so it starts after each of them arrived and sees every write
 * their clients had seen finish. A call that asks once it has started waits for the next.
 */
function sharedVersionRead(db: Db, keys: string[]): Promise<VersionRows> {
  let waiting = waitingReads.get(db);
  if (!waiting) waitingReads.set(db, (waiting = new Map()));
  const name = keys.join('\0');
  let read = waiting.get(name);
  if (!read) {
    const batch = waiting;
    read = new Promise<VersionRows>((resolve, reject) => {
      setImmediate(() => {
        batch.delete(name);
        db.executeQuery(versionRead(db, keys)).then((result) => resolve(result.rows), reject);
      });
    });
    waiting.set(name, read);
  }
  return read;
}

/** The versions of `keys` as one token: it changes when any of them does. */
export async function versionOf(db: Db, keys: string[]): Promise<string> {
  return (await versionsOf(db, keys)).join(':');
}

/** The version of each of `keys`, in their order ('initial' for one never bumped). */
async function versionsOf(db: Db, keys: string[]): Promise<string[]> {
  // Inside a transaction the read is its own: it must see the transaction's writes.
  const rows = db.isTransaction ? (await db.executeQuery(versionRead(db, keys))).rows : await sharedVersionRead(db, keys);
  const byKey = new Map(rows.map((row) => [row.key, row.value]));
  return keys.map((key) => byKey.get(key) ?? 'initial');
}

export function bumpVersion(db: Db, key: string): Promise<void> {
  return bumpVersions(db, [key]);
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
