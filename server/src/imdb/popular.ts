import type { ImdbSearchResult } from '@movieclub/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

/**
 * The most-voted feature films of the IMDb index that are not in the catalogue
 * yet: well-known titles a new club can start with. Reads the (title_type,
 * num_votes) index from the top and stops at `limit`; titles without votes are
 * not well known, and leaving them out also keeps PostgreSQL's nulls-first
 * descending order from putting them on top.
 */
export function popularTitles(db: Kysely<Database>, limit: number): Promise<ImdbSearchResult[]> {
  return db
    .selectFrom('imdb_titles as t')
    .select(['t.tconst', 't.primary_title', 't.start_year', 't.genres', 't.title_type'])
    .where('t.title_type', '=', 'movie')
    .where('t.num_votes', 'is not', null)
    .where('t.is_adult', '=', 0)
    .where(({ not, exists, selectFrom }) => not(exists(selectFrom('movies as m').select('m.id').whereRef('m.tconst', '=', 't.tconst'))))
    .orderBy('t.num_votes', 'desc')
    .orderBy('t.tconst')
    .limit(limit)
    .execute();
}
