import type { RadarrListMovie } from '@movieclub/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { absoluteOn } from '../http/siteUrl';
import { itemsForAddon, listByAddonIdentifier } from '../watchlists/service';

/** The list an add-on address names (the Stremio add-on's rules: a personal list only with its secret), in list order. */
export async function radarrList(db: Kysely<Database>, identifier: string, base: string): Promise<RadarrListMovie[]> {
  const list = await listByAddonIdentifier(db, identifier);
  const items = await itemsForAddon(db, list.id);
  return items.map((item) => ({ title: item.title, imdb_id: item.tconst, ...(item.poster ? { poster_url: absoluteOn(base, item.poster) } : {}) }));
}
