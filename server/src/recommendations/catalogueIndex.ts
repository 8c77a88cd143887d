import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { tconstKey } from './packedTitles';
import * as queries from './queries';

type Db = Kysely<Database>;

/** Which titles are catalogue movies, both ways. */
export interface CatalogueIndex {
  idByTconst: ReadonlyMap<string, number>;
  tconstById: ReadonlyMap<number, string>;
  /** Their tconsts' keys (tconstKey), for what is checked against them by key. */
  keys: ReadonlySet<number>;
}

interface HeldIndex {
  idByTconst: Map<string, number>;
  tconstById: Map<number, string>;
  keys: Set<number>;
  highestId: number;
}

const held = new WeakMap<Db, { version: string; index: Promise<HeldIndex> }>();

/**
 * Every catalogue movie's id and tconst, for this movies version (see MOVIES_VERSION). Movies are
 * only ever added, so a new version reads the rows past the highest id held, then the count; a
 * count that differs (on PostgreSQL a movie can commit after one with a higher id, and a database
 * copied in replaces them all) reads every row again. Whole, a club of 100,000 movies takes about
 * 100 ms on SQLite with the event loop held; a movie added costs two short reads.
 */
export function catalogueIndex(db: Db, version: string): Promise<CatalogueIndex> {
  const current = held.get(db);
  if (current?.version === version) return current.index;
  const index = caughtUp(db, current?.index);
  held.set(db, { version, index });
  // A failed read is not kept: the next call starts from nothing.
  index.catch(() => {
    if (held.get(db)?.index === index) held.delete(db);
  });
  return index;
}

/** The previous version's index with the movies added since (the rows are added to it in place: they are real movies to any call still holding it). */
async function caughtUp(db: Db, previous: Promise<HeldIndex> | undefined): Promise<HeldIndex> {
  const index = await previous?.catch(() => undefined);
  if (index) {
    for (const row of await queries.catalogueTconsts(db, index.highestId)) remember(index, row);
    if ((await queries.catalogueCount(db)) === index.tconstById.size) return index;
  }
  const whole: HeldIndex = { idByTconst: new Map(), tconstById: new Map(), keys: new Set(), highestId: 0 };
  for (const row of await queries.catalogueTconsts(db)) remember(whole, row);
  return whole;
}

function remember(index: HeldIndex, row: { id: number; tconst: string }) {
  index.idByTconst.set(row.tconst, row.id);
  index.tconstById.set(row.id, row.tconst);
  const key = tconstKey(row.tconst);
  if (!Number.isNaN(key)) index.keys.add(key);
  index.highestId = Math.max(index.highestId, row.id);
}
