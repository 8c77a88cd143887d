import { CLUB_MIN_RATINGS, STATS_TOP } from '@movieclub/contract';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import { dialectOf } from '../db/database';
import type { Database } from '../db/schema';
import type { Period } from './period';
import { realType, within } from './queries';

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

/** Titles in character-code order on both databases (PostgreSQL's own order would follow its locale). */
const titleOrder = (db: Db): RawBuilder<unknown> => (dialectOf(db) === 'postgres' ? sql`m.title collate "C"` : sql`m.title`);

export type RankedList = 'loved' | 'divisive' | 'gap';

export interface RankedRow {
  list: RankedList;
  movie_id: number;
  title: string;
  year: number | null;
  poster: string | null;
  ratings: number;
  total: number;
  squares: number;
  high: number;
  low: number;
}

/**
 * The three rankings of the period's reviews, from one pass over every movie's stars
 * (kept once by the database): most loved (mean, then more ratings, then title),
 * most divisive (spread, then more ratings, then title), and the biggest gaps between
 * highest and lowest stars. Gaps come with every movie tied with the tenth on gap and
 * title, so the caller can break the last ties by the reviewers' names.
 */
export async function rankings(db: Db, period: Period): Promise<RankedRow[]> {
  const real = realType(db);
  const title = titleOrder(db);
  const mean = sql`cast(p.total as ${real}) / p.ratings`;
  const variance = sql`cast(p.ratings * p.squares - p.total * p.total as ${real}) / (p.ratings * p.ratings)`;
  const columns = sql`p.movie_id, m.title, m.year, m.poster, p.ratings, p.total, p.squares, p.high, p.low`;
  const { rows } = await sql<RankedRow>`
    with per_movie as materialized (
      select movie_id, count(*) as ratings, sum(stars) as total, sum(stars * stars) as squares, max(stars) as high, min(stars) as low
      from reviews where ${within('created_at', period)}
      group by movie_id
    )
    select * from (
      select 'loved' as list, ${columns} from per_movie p join movies m on m.id = p.movie_id
      where p.ratings >= ${CLUB_MIN_RATINGS}
      order by ${mean} desc, p.ratings desc, ${title}, p.movie_id limit ${STATS_TOP}
    ) loved
    union all
    select * from (
      select 'divisive' as list, ${columns} from per_movie p join movies m on m.id = p.movie_id
      where p.ratings >= ${CLUB_MIN_RATINGS} and p.high > p.low
      order by ${variance} desc, p.ratings desc, ${title}, p.movie_id limit ${STATS_TOP}
    ) divisive
    union all
    select list, movie_id, title, year, poster, ratings, total, squares, high, low from (
      select 'gap' as list, ${columns}, rank() over (order by p.high - p.low desc, ${title}) as place
      from per_movie p join movies m on m.id = p.movie_id
      where p.high > p.low
    ) gaps where place <= ${STATS_TOP}`.execute(db);
  return rows.map((row) => ({
    ...row,
    list: row.list,
    ratings: Number(row.ratings),
    total: Number(row.total),
    squares: Number(row.squares),
    high: Number(row.high),
    low: Number(row.low),
  }));
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

/** The movies a member has seen (reviewed, viewed, or tagged in a viewing of), as a subquery of ids. */
const seenBy = (userId: number) => sql`
  select movie_id from reviews where user_id = ${userId}
  union select movie_id from viewings where user_id = ${userId}
  union select v.movie_id from viewing_companions c join viewings v on v.id = c.viewing_id where c.user_id = ${userId}`;

/**
 * Movies every one of the members has seen. The candidates are the first member's films.
 * SQLite drops each at the first other member found who has not seen it (a probe or two
 * for a typical film); PostgreSQL, whose planner would hash whole tables for those probes,
 * counts the others who have seen each candidate instead.
 */
export async function seenByAll(db: Db, memberIds: number[]) {
  const [first, ...others] = memberIds;
  if (first === undefined) return [];
  const candidates = seenBy(first);
  const otherIds = sql.join(others.length > 0 ? others : [0]);
  const everyOther =
    dialectOf(db) === 'postgres'
      ? sql`m.id in (
          select movie_id from (
            select movie_id, user_id from reviews where movie_id in (${candidates}) and user_id in (${otherIds})
            union select movie_id, user_id from viewings where movie_id in (${candidates}) and user_id in (${otherIds})
            union select v.movie_id, c.user_id from viewings v join viewing_companions c on c.viewing_id = v.id
                  where v.movie_id in (${candidates}) and c.user_id in (${otherIds})
          ) seen group by movie_id having count(*) = ${others.length})`
      : sql`not exists (
          select 1 from users u where u.id in (${otherIds}) and not (
            exists (select 1 from reviews r where r.user_id = u.id and r.movie_id = m.id)
            or exists (select 1 from viewings v where v.user_id = u.id and v.movie_id = m.id)
            or exists (select 1 from viewing_companions c join viewings cv on cv.id = c.viewing_id
                       where c.user_id = u.id and cv.movie_id = m.id)))`;
  const { rows } = await sql<{ id: number; title: string; year: number | null; poster: string | null }>`
    select m.id, m.title, m.year, m.poster from movies m where m.id in (${candidates}) and ${everyOther}`.execute(db);
  return rows;
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
