import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

type Db = Kysely<Database>;
const VERSION_KEY = 'catalogue_version';

/**
 * The catalogue's version: a token in `app_meta` replaced by every write that
 * changes what the catalogue calls answer (a movie added, a review saved). Every
 * process reads it from the shared database, so a cache checked against it is
 * never stale, whichever process wrote.
 */
export async function catalogueVersion(db: Db): Promise<string> {
  const row = await db.selectFrom('app_meta').select('value').where('key', '=', VERSION_KEY).executeTakeFirst();
  return row?.value ?? 'initial';
}

export async function bumpCatalogueVersion(db: Db): Promise<void> {
  const value = randomUUID();
  await db
    .insertInto('app_meta')
    .values({ key: VERSION_KEY, value })
    .onConflict((conflict) => conflict.column('key').doUpdateSet({ value }))
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
    let entries = this.byDatabase.get(db);
    if (!entries) this.byDatabase.set(db, (entries = new Map()));
    const held = entries.get(key);
    if (held && held.version === current) return held.value;
    const value = compute();
    entries.delete(key);
    entries.set(key, { version: current, value });
    if (entries.size > this.max) entries.delete(entries.keys().next().value!);
    // A failed computation is not kept.
    value.catch(() => {
      if (entries.get(key)?.value === value) entries.delete(key);
    });
    return value;
  }
}
