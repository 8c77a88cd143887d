import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema';
import type { Period } from './period';
import { within } from './queries';

type Db = Kysely<Database>;

export interface MemberRow {
  id: number;
  username: string;
  profile_picture: string | null;
}

/**
 * Members active in the window: a review written in it, a viewing dated in it, or an
 * undated viewing logged in it. Probed per user along the (user, time) indexes.
 */
export function activeMembers(db: Db, window: { from: string; until: string | null }): Promise<MemberRow[]> {
  const until = (column: string) => (window.until === null ? sql`` : sql`and ${sql.ref(column)} < ${window.until}`);
  return db
    .selectFrom('users as u')
    .select(['u.id', 'u.username', 'u.profile_picture'])
    .where(
      sql<boolean>`exists (select 1 from reviews r where r.user_id = u.id and r.created_at >= ${window.from} ${until('r.created_at')})
        or exists (select 1 from viewings v where v.user_id = u.id and v.watched_on >= ${window.from} ${until('v.watched_on')})
        or exists (select 1 from viewings v where v.user_id = u.id and v.watched_on is null and v.created_at >= ${window.from} ${until('v.created_at')})`,
    )
    .execute();
}

/** The reviewers who gave these movies exactly `stars` in the period: the two ends of each gap. */
export function reviewersAtEnds(db: Db, ends: Array<{ movieId: number; stars: number }>, period: Period) {
  if (ends.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('reviews as r')
    .innerJoin('users as u', 'u.id', 'r.user_id')
    .select(['r.movie_id', 'r.stars', 'u.username', 'u.username_lower', 'u.profile_picture'])
    .where((eb) => eb.or(ends.map((end) => eb.and([eb('r.movie_id', '=', end.movieId), eb('r.stars', '=', end.stars)]))))
    .where(within('r.created_at', period))
    .execute();
}

/**
 * Who has seen each of the movies: (movie, user) pairs, once each. `movies` is a list of
 * ids or the items of a watchlist. Read along the movie indexes; the caller keeps the
 * members among the users (a list of user ids here would lead SQLite to read every
 * member's reviews instead).
 */
export async function seenPairs(db: Db, movies: { ids: number[] } | { listId: number }) {
  if ('ids' in movies && movies.ids.length === 0) return [];
  const movieIds = 'ids' in movies ? sql.join(movies.ids) : sql`select movie_id from watchlist_items where watchlist_id = ${movies.listId}`;
  const { rows } = await sql<{ movie_id: number; user_id: number }>`
    select movie_id, user_id from reviews where movie_id in (${movieIds})
    union
    select movie_id, user_id from viewings where movie_id in (${movieIds})
    union
    select v.movie_id, c.user_id from viewings v join viewing_companions c on c.viewing_id = v.id where v.movie_id in (${movieIds})`.execute(db);
  return rows.map((row) => ({ movie_id: Number(row.movie_id), user_id: Number(row.user_id) }));
}
