import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

/** The movies picked for public lists' planned nights that started after `since`, by their soonest night. */
export function pickedForNights(db: Kysely<Database>, since: string) {
  return db
    .selectFrom('screenings as s')
    .innerJoin('watchlists as w', 'w.id', 's.watchlist_id')
    .innerJoin('movies as m', 'm.id', 's.picked_movie_id')
    .select(['m.id', 'm.title', 'm.tconst', 'm.poster', 's.starts_at'])
    .where('w.is_personal', '=', 0)
    .where('s.status', '=', 'planned')
    .where('s.starts_at', '>=', since)
    .orderBy('s.starts_at')
    .orderBy('s.id')
    .execute();
}
