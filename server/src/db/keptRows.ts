import type { Kysely } from 'kysely';
import { LRUCache } from 'lru-cache';
import type { Database } from '../db/schema';

type Db = Kysely<Database>;

/**
 * Values read by key and kept per database for one version of what they come from (the most
 * recent `max` keys), so a call reads only the keys no call has read since the version changed.
 * A key with no value is kept as such. Values are shared between calls, so they are frozen.
 * Each new version allocates the room for `max` entries at once (lru-cache does): a version that
 * changes many times a second wants a small `max`.
 */
export class KeptRows<V extends object | string> {
  private readonly byDatabase = new WeakMap<Db, { version: string; values: LRUCache<string, V | false> }>();

  constructor(private readonly max: number) {}

  async get(db: Db, version: string, keys: Iterable<string>, read: (missing: string[]) => Promise<Iterable<[string, V]>>): Promise<Map<string, V>> {
    const kept = this.keptFor(db, version);
    const found = new Map<string, V>();
    const missing: string[] = [];
    for (const key of keys) {
      const value = kept.get(key);
      if (value === undefined) missing.push(key);
      else if (value) found.set(key, value);
    }
    if (missing.length > 0) {
      for (const [key, value] of await read(missing)) found.set(key, Object.freeze(value));
      for (const key of missing) kept.set(key, found.get(key) ?? false);
    }
    return found;
  }

  /**
   * The value kept for `key` at this version, keeping `make()` when there is none: values read
   * another way (a genre's best-known titles) are shared with the calls that read them by key.
   */
  keep(db: Db, version: string, key: string, make: () => V): V {
    const kept = this.keptFor(db, version);
    const held = kept.get(key);
    if (held) return held;
    const value = Object.freeze(make());
    kept.set(key, value);
    return value;
  }

  private keptFor(db: Db, version: string): LRUCache<string, V | false> {
    let kept = this.byDatabase.get(db);
    if (kept?.version !== version) this.byDatabase.set(db, (kept = { version, values: new LRUCache({ max: this.max }) }));
    return kept.values;
  }
}
