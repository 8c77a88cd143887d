import { CLUB_MIN_RATINGS, type ClubStats, type Disagreement, type RatedMovie, STATS_TOP } from '@movieclub/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { CatalogueCache, versionOf } from '../movies/catalogueCache';
import { compareText, hoursOf, round2, spreadOf } from './arithmetic';
import { activeMembers, reviewersAtEnds } from './clubQueries';
import { type ClubShare, clubShares, insightsParts, type MovieFacts, movieFacts, type StarTotals } from './clubShares';
import { activityPeriods, memberWindow, type Period, periodOf, pickableYears, utcToday } from './period';
import * as q from './queries';
import type { PeriodViewings } from './queries';
import { activityOf, byName, byTitle, genreCounts, toStatsMember, toStatsMovie } from './shapes';

type Db = Kysely<Database>;

/** The `app_meta` key the database's own triggers replace on every change the statistics read (see the insights migration). */
export const INSIGHTS_VERSION = 'insights_version';

/**
 * Club statistics read every review and viewing, too many to add up on each call. Each
 * process keeps them per period until the version changes; any process's write (or any
 * other writer's) changes it in the shared database, so none is ever answered stale.
 */
const answers = new CatalogueCache<ClubStats>(64);

/** The club's statistics for one year, or all time (`year` null). */
export async function clubStats(db: Db, year: number | null | undefined): Promise<ClubStats> {
  const period = periodOf(year);
  const today = utcToday();
  // All time ends today: its members change with the date, so the day is part of its key.
  const key = period.year === null ? `all:${today}` : String(period.year);
  const version = await versionOf(db, [INSIGHTS_VERSION]);
  return answers.get(db, key, () => computeClubStats(db, period, today), version);
}

const titleOf = (facts: Map<number, MovieFacts>, row: RankedRow) => facts.get(row.movie_id)?.title ?? '';

/** Mean and variance with the same divisions the database would use, so ties fall alike. */
const meanOf = (row: StarTotals) => row.total / row.ratings;
const varianceOf = (row: StarTotals) => (row.ratings * row.squares - row.total * row.total) / (row.ratings * row.ratings);

interface RankedRow extends StarTotals {
  movie_id: number;
}

/**
 * The first `count` rows in `order`, found by sorting on numbers alone and settling only the
 * rows tied with the last place by the full order (titles are costly to compare). With
 * `withTies`, every row tied with the last place on `order` stays, as SQL's rank() keeps them.
 */
function topRows(rows: RankedRow[], byNumbers: (a: RankedRow, b: RankedRow) => number, order: (a: RankedRow, b: RankedRow) => number, count: number, withTies = false): RankedRow[] {
  const sorted = rows.sort(byNumbers);
  if (sorted.length <= count && !withTies) return sorted.sort(order);
  const last = sorted[Math.min(count, sorted.length) - 1];
  if (!last) return [];
  let end = count;
  while (end < sorted.length && byNumbers(sorted[end]!, last) === 0) end++;
  const candidates = sorted.slice(0, end).sort(order);
  if (!withTies) return candidates.slice(0, count);
  const edge = candidates[count - 1];
  return edge ? candidates.filter((row, index) => index < count || order(row, edge) === 0) : candidates;
}

function rankings(rows: RankedRow[], facts: Map<number, MovieFacts>) {
  const byTitle = (a: RankedRow, b: RankedRow) => compareText(titleOf(facts, a), titleOf(facts, b));
  const lovedNumbers = (a: RankedRow, b: RankedRow) => meanOf(b) - meanOf(a) || b.ratings - a.ratings;
  const divisiveNumbers = (a: RankedRow, b: RankedRow) => varianceOf(b) - varianceOf(a) || b.ratings - a.ratings;
  const gapOf = (row: RankedRow) => row.high - row.low;
  const gapNumbers = (a: RankedRow, b: RankedRow) => gapOf(b) - gapOf(a);
  const rated = rows.filter((row) => row.ratings >= CLUB_MIN_RATINGS);
  const split = rows.filter((row) => row.high > row.low);
  return {
    loved: topRows(rated, lovedNumbers, (a, b) => lovedNumbers(a, b) || byTitle(a, b) || a.movie_id - b.movie_id, STATS_TOP),
    divisive: topRows(
      rated.filter((row) => row.high > row.low),
      divisiveNumbers,
      (a, b) => divisiveNumbers(a, b) || byTitle(a, b) || a.movie_id - b.movie_id,
      STATS_TOP,
    ),
    // Every movie tied with the tenth on gap and title: the caller breaks those ties by the reviewers' names.
    gaps: topRows(split, gapNumbers, (a, b) => gapNumbers(a, b) || byTitle(a, b), STATS_TOP, true),
  };
}

const movieOf = (facts: Map<number, MovieFacts>, id: number) => {
  const movie = facts.get(id);
  return toStatsMovie({ id, title: movie?.title ?? '', year: movie?.year ?? null, poster: movie?.poster ?? null });
};

const toRated = (facts: Map<number, MovieFacts>) => (row: RankedRow): RatedMovie => {
  const { average, stddev } = spreadOf(row.ratings, row.total, row.squares);
  return { movie: movieOf(facts, row.movie_id), average: round2(average), stddev: round2(stddev), ratings: row.ratings };
};

/**
 * The ten biggest gaps between a movie's highest and lowest stars, naming one reviewer at
 * each end (the first by name when several gave the same stars). Ties: title, then the names.
 */
async function disagreements(db: Db, rows: RankedRow[], period: Period, facts: Map<number, MovieFacts>): Promise<Disagreement[]> {
  const ends = rows.flatMap((row) => [
    { movieId: row.movie_id, stars: row.high },
    { movieId: row.movie_id, stars: row.low },
  ]);
  const reviewers = (await reviewersAtEnds(db, ends, period)).sort(byName);
  const firstAt = (movieId: number, stars: number) => reviewers.find((reviewer) => reviewer.movie_id === movieId && reviewer.stars === stars)!;
  return rows
    .map((row) => ({
      movie: movieOf(facts, row.movie_id),
      high: { ...toStatsMember(firstAt(row.movie_id, row.high)), stars: row.high },
      low: { ...toStatsMember(firstAt(row.movie_id, row.low)), stars: row.low },
      gap: row.high - row.low,
    }))
    .sort((a, b) => b.gap - a.gap || compareText(a.movie.title, b.movie.title) || byName(a.high, b.high) || byName(a.low, b.low) || a.movie.id - b.movie.id)
    .slice(0, STATS_TOP);
}

/**
 * The period's sums: a year's months, or all time's years (each year one activity row) and
 * the undated viewings, which count in the totals alone. Movies are added up in arrays
 * indexed by id: all time adds a dozen or more shares of thousands of movies on each call.
 */
function addUp(period: Period, years: number[], shares: ClubShare[]) {
  let maxId = 0;
  const widen = (_value: unknown, id: number) => {
    if (id > maxId) maxId = id;
  };
  for (const share of shares) {
    share.stars.forEach(widen);
    share.viewed.forEach((id) => widen(null, id));
  }
  const ratings = new Int32Array(maxId + 1);
  const total = new Float64Array(maxId + 1);
  const squares = new Float64Array(maxId + 1);
  const high = new Int32Array(maxId + 1);
  const low = new Int32Array(maxId + 1).fill(2 ** 31 - 1);
  const viewedFlags = new Uint8Array(maxId + 1);
  let reviews = 0;
  let viewings = 0;
  let minutes = 0;
  for (const share of shares) {
    // forEach, not for…of: no [key, value] pair made per movie, on every call.
    share.stars.forEach((sum, id) => {
      ratings[id] += sum.ratings;
      total[id] += sum.total;
      squares[id] += sum.squares;
      high[id] = Math.max(high[id]!, sum.high);
      low[id] = Math.min(low[id]!, sum.low);
    });
    share.viewed.forEach((id) => {
      viewedFlags[id] = 1;
    });
    reviews += share.reviews;
    viewings += share.viewings;
    minutes += share.minutes;
  }
  const rows: RankedRow[] = [];
  const viewed: number[] = [];
  for (let id = 1; id <= maxId; id++) {
    if (ratings[id]! > 0) rows.push({ movie_id: id, ratings: ratings[id]!, total: total[id]!, squares: squares[id]!, high: high[id]!, low: low[id]! });
    if (viewedFlags[id]) viewed.push(id);
  }
  const byPeriod: PeriodViewings[] = [];
  const reviewsPerPeriod = new Map<string, number>();
  for (const [index, year] of years.entries()) {
    const share = shares[index]!;
    if (period.year !== null) {
      byPeriod.push(...share.months);
      for (const [month, count] of share.reviewsByMonth) reviewsPerPeriod.set(month, count);
    } else {
      if (share.viewings > 0) byPeriod.push({ period: String(year), viewings: share.viewings, minutes: share.minutes, films: share.viewed.size });
      reviewsPerPeriod.set(String(year), share.reviews);
    }
  }
  return { rows, viewed, byPeriod, reviewsPerPeriod, reviews, viewings, minutes };
}

/** Movies every member has seen, across all the shares: each member narrows the first member's films. */
function seenByAll(memberIds: number[], shares: ClubShare[]): number[] {
  const seenBy = (userId: number, movieId: number) => shares.some((share) => share.seen.get(userId)?.has(movieId));
  const [first, ...others] = memberIds;
  if (first === undefined) return [];
  let candidates = new Set<number>();
  for (const share of shares) for (const movieId of share.seen.get(first) ?? []) candidates.add(movieId);
  for (const userId of others) {
    if (candidates.size === 0) break;
    candidates = new Set([...candidates].filter((movieId) => seenBy(userId, movieId)));
  }
  return [...candidates];
}

async function computeClubStats(db: Db, period: Period, today: string): Promise<ClubStats> {
  const [parts, memberRows, activeYears] = await Promise.all([
    insightsParts(db),
    activeMembers(db, memberWindow(period, today)).then((rows) => rows.sort(byName)),
    q.activeYears(db, null),
  ]);
  // Seen by everyone looks at all time, so every year is read (and then kept); the period adds up its own.
  const allShares = await clubShares(db, parts, activeYears, true);
  const ownYears = period.year === null ? activeYears : [period.year];
  const ownShares = period.year === null ? allShares : await clubShares(db, parts, ownYears, false);
  const sums = addUp(period, ownYears, ownShares);
  // Fewer than two members agree on nothing.
  const everyone = memberRows.length < 2 ? [] : seenByAll(memberRows.map((member) => member.id), allShares);
  const facts = await movieFacts(db, parts, [sums.rows.map((row) => row.movie_id), sums.viewed, everyone]);
  const ranked = rankings(sums.rows, facts);
  // One row per genre text, as genreCounts takes them: each text is split once.
  const perText = new Map<string | null, number>();
  for (const id of sums.viewed) {
    const text = facts.get(id)?.genres ?? null;
    perText.set(text, (perText.get(text) ?? 0) + 1);
  }
  const genres = [...perText].map(([text, count]) => ({ genres: text, count }));
  return {
    year: period.year,
    years: pickableYears(activeYears),
    members: memberRows.map(toStatsMember),
    most_loved: ranked.loved.map(toRated(facts)),
    most_divisive: ranked.divisive.map(toRated(facts)),
    seen_by_everyone: everyone.map((id) => movieOf(facts, id)).sort(byTitle),
    disagreements: await disagreements(db, ranked.gaps, period, facts),
    genres: genreCounts(genres),
    activity: activityOf(activityPeriods(period, activeYears), sums.byPeriod, sums.reviewsPerPeriod),
    totals: { films: sums.viewed.length, viewings: sums.viewings, hours: hoursOf(sums.minutes), reviews: sums.reviews },
  };
}
