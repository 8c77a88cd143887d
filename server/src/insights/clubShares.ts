import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { CatalogueCache } from '../movies/catalogueCache';
import type { PeriodViewings } from './queries';

type Db = Kysely<Database>;

/** One movie's stars in a share of the club's reviews: count, sum, sum of squares, highest and lowest. */
export interface StarTotals {
  ratings: number;
  total: number;
  squares: number;
  high: number;
  low: number;
}

/**
 * The club's activity of one month, one year or the undated viewings, reduced to what the
 * club statistics add up: stars per movie, viewings and reviews per month, the movies viewed,
 * and who has seen what. Months add up to years and years to all time, so a write reads its
 * own month again and adds up its year anew; the rest is kept.
 */
export interface ClubShare {
  stars: Map<number, StarTotals>;
  /** Per `YYYY-MM` (none for the undated share). */
  months: PeriodViewings[];
  reviewsByMonth: Map<string, number>;
  reviews: number;
  /** Movies viewed, and how many viewings and minutes. */
  viewed: Set<number>;
  viewings: number;
  minutes: number;
  /** Per member, the movies they reviewed, viewed, or were tagged in a viewing of. */
  seen: Map<number, Set<number>>;
}

export interface MovieFacts {
  title: string;
  year: number | null;
  poster: string | null;
  genres: string | null;
  length: number | null;
}

/** The version tokens the database's triggers keep (see the insights-months migration). */
const monthPart = (month: string) => `insights_month:${month}`;
const monthsOf = (year: number) => Array.from({ length: 12 }, (_, index) => `${year}-${String(index + 1).padStart(2, '0')}`);
export const UNDATED_PART = 'insights_undated';
export const DISPLAY_PART = 'insights_display';

/** All the insights tokens at once: one short read of `app_meta`. */
export async function insightsParts(db: Db): Promise<Map<string, string>> {
  const rows = await db.selectFrom('app_meta').select(['key', 'value']).where('key', 'like', 'insights%').execute();
  return new Map(rows.map((row) => [row.key, row.value]));
}

/** Enough for every month of a century-long diary. */
const monthShares = new CatalogueCache<ClubShare>(2400);
const yearShares = new CatalogueCache<ClubShare>(200);
const facts = new CatalogueCache<Map<number, MovieFacts>>(1);

function addSeen(seen: Map<number, Set<number>>, userId: number, movieId: number) {
  let movies = seen.get(userId);
  if (!movies) seen.set(userId, (movies = new Set()));
  movies.add(movieId);
}

/** The facts of every movie the shares name, read once and then only for movies new since. */
export async function movieFacts(db: Db, parts: Map<string, string>, lists: number[][]): Promise<Map<number, MovieFacts>> {
  const known = await facts.get(db, 'movies', async () => new Map(), parts.get(DISPLAY_PART) ?? 'initial');
  const missing = new Set<number>();
  for (const ids of lists) for (const id of ids) if (!known.has(id)) missing.add(id);
  if (missing.size === 0) return known;
  // Most of the catalogue at first: one pass over the table beats thousands of ids.
  const query = db.selectFrom('movies').select(['id', 'title', 'year', 'poster', 'genres', 'length']);
  const rows = missing.size > 500 ? await query.execute() : await query.where('id', 'in', [...missing]).execute();
  for (const row of rows) {
    known.set(Number(row.id), {
      title: row.title,
      year: row.year === null ? null : Number(row.year),
      poster: row.poster,
      genres: row.genres,
      length: row.length === null ? null : Number(row.length),
    });
  }
  return known;
}

type Range = { from: string; until: string } | 'undated';

/** The reviews written and the viewings dated (with their companions) in the range, or the undated viewings. */
async function readRange(db: Db, range: Range): Promise<ShareRows> {
  const viewingsOf = db.selectFrom('viewings as v');
  const dated = <Q extends typeof viewingsOf>(query: Q) =>
    (range === 'undated' ? query.where('v.watched_on', 'is', null) : query.where('v.watched_on', '>=', range.from).where('v.watched_on', '<', range.until)) as Q;
  const [reviews, viewings, companions] = await Promise.all([
    range === 'undated'
      ? Promise.resolve([])
      : db.selectFrom('reviews').select(['user_id', 'movie_id', 'stars', 'created_at']).where('created_at', '>=', range.from).where('created_at', '<', range.until).execute(),
    dated(viewingsOf).select(['v.user_id', 'v.movie_id', 'v.watched_on']).execute(),
    dated(viewingsOf).innerJoin('viewing_companions as c', 'c.viewing_id', 'v.id').select(['c.user_id', 'v.movie_id', 'v.watched_on']).execute(),
  ]);
  return { reviews, viewings, companions };
}

type ReviewRow = { user_id: number; movie_id: number; stars: number; created_at: string };
type ViewingRow = { user_id: number; movie_id: number; watched_on: string | null };
type ShareRows = { reviews: ReviewRow[]; viewings: ViewingRow[]; companions: ViewingRow[] };

const emptyShare = (): ClubShare => ({ stars: new Map(), months: [], reviewsByMonth: new Map(), reviews: 0, viewed: new Set(), viewings: 0, minutes: 0, seen: new Map() });

function buildShare(rows: ShareRows, known: Map<number, MovieFacts>): ClubShare {
  const share = emptyShare();
  for (const row of rows.reviews) {
    const movieId = Number(row.movie_id);
    const stars = Number(row.stars);
    const totals = share.stars.get(movieId);
    if (totals) {
      totals.ratings += 1;
      totals.total += stars;
      totals.squares += stars * stars;
      totals.high = Math.max(totals.high, stars);
      totals.low = Math.min(totals.low, stars);
    } else share.stars.set(movieId, { ratings: 1, total: stars, squares: stars * stars, high: stars, low: stars });
    const month = row.created_at.slice(0, 7);
    share.reviewsByMonth.set(month, (share.reviewsByMonth.get(month) ?? 0) + 1);
    addSeen(share.seen, Number(row.user_id), movieId);
  }
  share.reviews = rows.reviews.length;
  const months = new Map<string, { viewings: number; minutes: number; films: Set<number> }>();
  for (const row of rows.viewings) {
    const movieId = Number(row.movie_id);
    const minutes = known.get(movieId)?.length ?? 0;
    share.viewed.add(movieId);
    share.viewings += 1;
    share.minutes += minutes;
    addSeen(share.seen, Number(row.user_id), movieId);
    if (row.watched_on === null) continue;
    const key = row.watched_on.slice(0, 7);
    let month = months.get(key);
    if (!month) months.set(key, (month = { viewings: 0, minutes: 0, films: new Set() }));
    month.viewings += 1;
    month.minutes += minutes;
    month.films.add(movieId);
  }
  share.months = [...months].map(([period, month]) => ({ period, viewings: month.viewings, minutes: month.minutes, films: month.films.size }));
  for (const row of rows.companions) addSeen(share.seen, Number(row.user_id), Number(row.movie_id));
  return share;
}

async function readShare(db: Db, parts: Map<string, string>, range: Range): Promise<ClubShare> {
  const rows = await readRange(db, range);
  return buildShare(rows, await movieFacts(db, parts, [rows.viewings.map((row) => Number(row.movie_id))]));
}

/**
 * Every month of the year at once, from one read of the year: a year none of whose months
 * are kept (the first call) costs three reads rather than thirty-six.
 */
async function readYearByMonth(db: Db, parts: Map<string, string>, year: number): Promise<Map<string, ClubShare>> {
  const rows = await readRange(db, { from: `${year}-01-01`, until: `${year + 1}-01-01` });
  const known = await movieFacts(db, parts, [rows.viewings.map((row) => Number(row.movie_id))]);
  const monthOf = (day: string | null) => day!.slice(0, 7);
  return new Map(
    monthsOf(year).map((month) => [
      month,
      buildShare(
        {
          reviews: rows.reviews.filter((row) => monthOf(row.created_at) === month),
          viewings: rows.viewings.filter((row) => monthOf(row.watched_on) === month),
          companions: rows.companions.filter((row) => monthOf(row.watched_on) === month),
        },
        known,
      ),
    ]),
  );
}

/** Adds `part` into `sum`: stars per movie, activity per month, movies viewed, who has seen what. */
function addShare(sum: ClubShare, part: ClubShare): ClubShare {
  part.stars.forEach((totals, movieId) => {
    const held = sum.stars.get(movieId);
    if (!held) sum.stars.set(movieId, { ...totals });
    else {
      held.ratings += totals.ratings;
      held.total += totals.total;
      held.squares += totals.squares;
      held.high = Math.max(held.high, totals.high);
      held.low = Math.min(held.low, totals.low);
    }
  });
  sum.months.push(...part.months);
  for (const [month, count] of part.reviewsByMonth) sum.reviewsByMonth.set(month, (sum.reviewsByMonth.get(month) ?? 0) + count);
  sum.reviews += part.reviews;
  for (const movieId of part.viewed) sum.viewed.add(movieId);
  sum.viewings += part.viewings;
  sum.minutes += part.minutes;
  for (const [userId, movies] of part.seen) {
    const held = sum.seen.get(userId);
    if (!held) sum.seen.set(userId, new Set(movies));
    else for (const movieId of movies) held.add(movieId);
  }
  return sum;
}

/** A month's (or the undated viewings') version: its own token, and the movies' lengths behind its minutes. */
const shareVersion = (parts: Map<string, string>, part: string) => `${parts.get(part) ?? 'initial'}:${parts.get(DISPLAY_PART) ?? 'initial'}`;

/** The year as the sum of its months, each kept until its token changes; only the changed months are read again. */
async function sumOfMonths(db: Db, parts: Map<string, string>, year: number): Promise<ClubShare> {
  const months = monthsOf(year);
  const missing = months.filter((month) => !monthShares.peek(db, monthPart(month), shareVersion(parts, monthPart(month))));
  if (missing.length > 1) {
    const read = readYearByMonth(db, parts, year);
    for (const month of missing) monthShares.put(db, monthPart(month), shareVersion(parts, monthPart(month)), read.then((shares) => shares.get(month)!));
  }
  const shares = await Promise.all(
    months.map((month) => {
      const part = monthPart(month);
      const range = { from: `${month}-01`, until: `${month}-32` }; // after every day and time of the month
      return monthShares.get(db, part, () => readShare(db, parts, range), shareVersion(parts, part));
    }),
  );
  return shares.reduce(addShare, emptyShare());
}

/**
 * The shares of these years (and of the undated viewings when asked). A year is the sum of
 * its months, kept until one of them changes.
 */
export function clubShares(db: Db, parts: Map<string, string>, years: number[], undated: boolean): Promise<ClubShare[]> {
  const yearShare = (year: number) => {
    const version = [...monthsOf(year).map((month) => parts.get(monthPart(month)) ?? 'initial'), parts.get(DISPLAY_PART) ?? 'initial'].join(':');
    return yearShares.get(db, String(year), () => sumOfMonths(db, parts, year), version);
  };
  const undatedShare = () => monthShares.get(db, UNDATED_PART, () => readShare(db, parts, 'undated'), shareVersion(parts, UNDATED_PART));
  return Promise.all([...years.map(yearShare), ...(undated ? [undatedShare()] : [])]);
}
