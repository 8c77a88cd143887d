import { type RadarrListMovie, SCREENING_UPCOMING_GRACE_HOURS } from '@movieclub/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { absoluteOn } from '../http/siteUrl';
import { itemsForAddon, listByAddonIdentifier } from '../watchlists/service';
import * as q from './queries';

const entry = (base: string, movie: { title: string; tconst: string; poster: string | null }): RadarrListMovie => ({
  title: movie.title,
  imdb_id: movie.tconst,
  ...(movie.poster ? { poster_url: absoluteOn(base, movie.poster) } : {}),
});

/** The list an add-on address names (the Stremio add-on's rules: a personal list only with its secret), in list order. */
export async function radarrList(db: Kysely<Database>, identifier: string, base: string): Promise<RadarrListMovie[]> {
  const list = await listByAddonIdentifier(db, identifier);
  const items = await itemsForAddon(db, list.id);
  return items.map((item) => entry(base, item));
}

/**
 * The movies picked for upcoming nights (those a list's page and home show: planned, started at
 * most SCREENING_UPCOMING_GRACE_HOURS ago), each once, in the order of its soonest night.
 */
export async function radarrNights(db: Kysely<Database>, base: string): Promise<RadarrListMovie[]> {
  const since = new Date(Date.now() - SCREENING_UPCOMING_GRACE_HOURS * 3_600_000).toISOString();
  const seen = new Set<number>();
  const movies = (await q.pickedForNights(db, since)).filter((movie) => !seen.has(movie.id) && seen.add(movie.id));
  return movies.map((movie) => entry(base, movie));
}
