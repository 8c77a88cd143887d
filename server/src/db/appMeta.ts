import type { Kysely } from 'kysely';
import { gatheredPerDatabase, oneOfTexts } from './gatheredReads';
import type { Database } from './schema';

type Db = Kysely<Database>;

async function readValues(db: Db, keys: string[]): Promise<Map<string, string>> {
  const rows = await db.selectFrom('app_meta').select(['key', 'value']).where(oneOfTexts(db, 'key', keys)).execute();
  return new Map(rows.map((row) => [row.key, row.value]));
}

/** Every read of `app_meta` outside a transaction, gathered (and on SQLite kept until it changes): versions and settings are read by most calls. */
const gatheredValues = gatheredPerDatabase(readValues, undefined, { keptUntilChanged: true });

/**
 * The stored values of `keys` (a key never stored is missing). Inside a transaction the read is its
 * own, as it must see the transaction's writes; outside, calls asking at once share one read.
 */
export async function appMetaValues(db: Db, keys: readonly string[]): Promise<Map<string, string>> {
  if (db.isTransaction) return readValues(db, [...keys]);
  const reads = gatheredValues(db);
  const values = await Promise.all(keys.map((key) => reads.get(key)));
  return new Map(keys.flatMap((key, index) => (values[index] === undefined ? [] : [[key, values[index]] as const])));
}
