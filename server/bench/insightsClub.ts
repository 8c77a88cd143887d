// A large club for the insights benchmark, written straight to the database in bulk:
// members, catalogue movies, reviews, viewings (some undated, some rewatches), companion
// tags and public lists. Deterministic, so runs are comparable.
import { type Kysely, sql } from 'kysely';
import { TTM_GRADES } from '@movieclub/contract';
import { dialectOf } from '../src/db/database';
import type { Database } from '../src/db/schema';

export const CLUB_SIZE = {
  members: Number(process.env.BENCH_INSIGHT_MEMBERS ?? 200),
  movies: Number(process.env.BENCH_INSIGHT_MOVIES ?? 20_000),
  reviews: Number(process.env.BENCH_INSIGHT_REVIEWS ?? 200_000),
  viewings: Number(process.env.BENCH_INSIGHT_VIEWINGS ?? 200_000),
  lists: 20,
  listItems: 100,
};

const GENRES = ['Drama', 'Comedy', 'Horror', 'Action', 'Thriller', 'Sci-Fi', 'Romance', 'Documentary', 'Crime', 'Family', 'Fantasy', 'War'];
const FIRST_DAY = Date.UTC(2014, 0, 1);
/** Rows per INSERT: well under either database's parameter limit. */
const CHUNK = 1000;

/** A small deterministic generator. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1_664_525 + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

async function insertAll<T extends keyof Database>(db: Kysely<Database>, table: T, rows: Record<string, unknown>[]) {
  for (let start = 0; start < rows.length; start += CHUNK) {
    await db.insertInto(table).values(rows.slice(start, start + CHUNK) as never).execute();
  }
}

export interface SeededClub {
  usernames: string[];
  movieIds: number[];
  listIds: number[];
}

/** Seeds CLUB_SIZE into an empty, migrated database. */
export async function seedInsightsClub(db: Kysely<Database>): Promise<SeededClub> {
  const next = random(2026);
  const pick = <V>(values: readonly V[]) => values[Math.floor(next() * values.length)]!;
  const now = Date.now();
  const span = now - FIRST_DAY;
  const isoAt = (ms: number) => new Date(ms).toISOString();
  const { members, movies, reviews, viewings } = CLUB_SIZE;

  const usernames = Array.from({ length: members }, (_, index) => `member_${String(index).padStart(3, '0')}`);
  const userIds = usernames.map((_, index) => index + 1);
  const movieIds = Array.from({ length: movies }, (_, index) => index + 1);

  await db.transaction().execute(async (trx) => {
    await insertAll(
      trx,
      'users',
      usernames.map((username, index) => ({
        id: userIds[index],
        username,
        username_lower: username,
        password_hash: 'x',
        profile_picture: index % 3 === 0 ? `/api/pictures/${username}.webp` : null,
        created_at: isoAt(FIRST_DAY),
      })),
    );
    await insertAll(
      trx,
      'movies',
      movieIds.map((id) => {
        const year = 1920 + Math.floor(next() * 106);
        const tconst = `tt${String(7_000_000 + id).padStart(8, '0')}`;
        const genreCount = 1 + Math.floor(next() * 3);
        const genres = [...new Set(Array.from({ length: genreCount }, () => pick(GENRES)))].join(',');
        return {
          id,
          tconst,
          title: `Bench Film ${id}`,
          poster: id % 4 === 0 ? null : `/api/posters/${tconst}.svg`,
          release_date: `${year}-01-01`,
          year,
          imdb_rating: 5,
          imdb_link: `https://www.imdb.com/title/${tconst}/`,
          length: id % 20 === 0 ? null : 70 + Math.floor(next() * 110),
          plot: null,
          genres,
          date_added: isoAt(FIRST_DAY + Math.floor(next() * span)),
          added_by: null,
        };
      }),
    );

    // Popular films get most of the attention: the square skews picks towards low ids.
    const skewedMovie = () => movieIds[Math.floor(next() ** 2 * movies)]!;
    const perMember = Math.floor(reviews / members);
    const reviewed: number[][] = [];
    const reviewRows: Record<string, unknown>[] = [];
    for (const userId of userIds) {
      const bias = Math.floor(next() * 5) - 2;
      const chosen = new Set<number>();
      while (chosen.size < perMember) chosen.add(skewedMovie());
      reviewed.push([...chosen]);
      for (const movieId of chosen) {
        const at = isoAt(FIRST_DAY + Math.floor(next() * span));
        reviewRows.push({
          user_id: userId,
          movie_id: movieId,
          stars: Math.max(1, Math.min(10, 1 + ((movieId * 7) % 10) + bias + Math.floor(next() * 5) - 2)),
          ttm_rating: next() < 0.4 ? pick(TTM_GRADES) : null,
          pain_level: next() < 0.3 ? Math.floor(next() * 11) : null,
          smoke_alarms: next() < 0.3 ? Math.floor(next() * 6) : null,
          equipment_seen: null,
          estimated_budget: null,
          text: 'Fine.',
          created_at: at,
          updated_at: at,
        });
      }
    }
    await insertAll(trx, 'reviews', reviewRows);

    const viewingsPerMember = Math.floor(viewings / members);
    const viewingRows: Record<string, unknown>[] = [];
    const companionRows: Record<string, unknown>[] = [];
    for (const [index, userId] of userIds.entries()) {
      const watched = new Set<number>();
      for (let n = 0; n < viewingsPerMember; n++) {
        const movieId = next() < 0.8 ? pick(reviewed[index]!) : skewedMovie();
        const rewatch = watched.has(movieId) ? 1 : 0;
        watched.add(movieId);
        const undated = next() < 0.05;
        const at = FIRST_DAY + Math.floor(next() * span);
        const id = viewingRows.length + 1;
        viewingRows.push({
          id,
          user_id: userId,
          movie_id: movieId,
          watched_on: undated ? null : isoAt(at).slice(0, 10),
          rewatch,
          place: null,
          note: null,
          created_at: isoAt(at),
          updated_at: isoAt(at),
        });
        if (next() < 0.1) {
          const tagged = new Set<number>();
          const count = 1 + Math.floor(next() * 3);
          while (tagged.size < count) {
            const other = pick(userIds);
            if (other !== userId) tagged.add(other);
          }
          for (const other of tagged) companionRows.push({ viewing_id: id, user_id: other });
        }
      }
    }
    await insertAll(trx, 'viewings', viewingRows);
    await insertAll(trx, 'viewing_companions', companionRows);
  });

  const listIds: number[] = [];
  await db.transaction().execute(async (trx) => {
    const stamp = isoAt(now);
    for (let index = 0; index < CLUB_SIZE.lists; index++) {
      const list = await trx
        .insertInto('watchlists')
        .values({ owner_id: userIds[index]!, name: `Bench list ${index}`, description: '', is_personal: 0, secret: null, created_at: stamp, updated_at: stamp })
        .returning('id')
        .executeTakeFirstOrThrow();
      listIds.push(list.id);
      const items = new Set<number>();
      while (items.size < CLUB_SIZE.listItems) items.add(movieIds[Math.floor(next() ** 2 * movies)]!);
      await insertAll(
        trx,
        'watchlist_items',
        [...items].map((movieId, position) => ({ watchlist_id: list.id, movie_id: movieId, position, added_by: userIds[index]!, added_at: stamp })),
      );
    }
  });

  // Rows went in with their ids: move PostgreSQL's sequences past them; then vacuum and analyze, as its
  // autovacuum does after a load this size (index-only scans need the visibility map it sets). SQLite
  // gets no statistics, as the app never runs ANALYZE there.
  if (dialectOf(db) === 'postgres') {
    for (const table of ['users', 'movies', 'viewings']) {
      await sql`select setval(pg_get_serial_sequence(${table}, 'id'), (select max(id) from ${sql.table(table)}))`.execute(db);
    }
    await sql`vacuum analyze`.execute(db);
  }
  return { usernames, movieIds, listIds };
}
