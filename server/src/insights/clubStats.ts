import { type ClubStats, type Disagreement, type RatedMovie, STATS_TOP } from '@movieclub/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { CatalogueCache, versionOf } from '../movies/catalogueCache';
import { compareText, hoursOf, round2, spreadOf } from './arithmetic';
import { activeMembers, rankings, type RankedRow, reviewersAtEnds, seenByAll } from './clubQueries';
import { activityPeriods, memberWindow, type Period, periodKeyLength, periodOf, pickableYears, utcToday } from './period';
import * as q from './queries';
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

/** Mean and variance as the ranking query computes them (the same divisions), so the order here is the database's. */
const meanOf = (row: RankedRow) => row.total / row.ratings;
const varianceOf = (row: RankedRow) => (row.ratings * row.squares - row.total * row.total) / (row.ratings * row.ratings);
const thenTitle = (a: RankedRow, b: RankedRow) => b.ratings - a.ratings || compareText(a.title, b.title) || a.movie_id - b.movie_id;
const mostLoved = (a: RankedRow, b: RankedRow) => meanOf(b) - meanOf(a) || thenTitle(a, b);
const mostDivisive = (a: RankedRow, b: RankedRow) => varianceOf(b) - varianceOf(a) || thenTitle(a, b);

const toRated = (row: RankedRow): RatedMovie => {
  const { average, stddev } = spreadOf(row.ratings, row.total, row.squares);
  return { movie: toStatsMovie({ id: row.movie_id, ...row }), average: round2(average), stddev: round2(stddev), ratings: row.ratings };
};

/**
 * The ten biggest gaps between a movie's highest and lowest stars, naming one reviewer at
 * each end (the first by name when several gave the same stars). Ties: title, then the names.
 */
async function disagreements(db: Db, rows: RankedRow[], period: Period): Promise<Disagreement[]> {
  const ends = rows.flatMap((row) => [
    { movieId: row.movie_id, stars: row.high },
    { movieId: row.movie_id, stars: row.low },
  ]);
  const reviewers = (await reviewersAtEnds(db, ends, period)).sort(byName);
  const firstAt = (movieId: number, stars: number) => reviewers.find((reviewer) => reviewer.movie_id === movieId && reviewer.stars === stars)!;
  return rows
    .map((row) => ({
      movie: toStatsMovie({ id: row.movie_id, ...row }),
      high: { ...toStatsMember(firstAt(row.movie_id, row.high)), stars: row.high },
      low: { ...toStatsMember(firstAt(row.movie_id, row.low)), stars: row.low },
      gap: row.high - row.low,
    }))
    .sort((a, b) => b.gap - a.gap || compareText(a.movie.title, b.movie.title) || byName(a.high, b.high) || byName(a.low, b.low) || a.movie.id - b.movie.id)
    .slice(0, STATS_TOP);
}

async function computeClubStats(db: Db, period: Period, today: string): Promise<ClubStats> {
  // Each query starts as soon as what it needs is known, so PostgreSQL runs them side by side.
  const members = activeMembers(db, memberWindow(period, today)).then((rows) => rows.sort(byName));
  const years = q.activeYears(db, null);
  const ranked = rankings(db, period);
  const periods = years.then((active) => activityPeriods(period, active));
  const [memberRows, activeYears, rankedRows, activePeriods, genres, undated, reviews, byPeriod, reviewsPerPeriod, everyone, gaps] = await Promise.all([
    members,
    years,
    ranked,
    periods,
    q.viewedGenreTexts(db, null, period),
    // Undated viewings count in all-time totals only.
    period.year === null ? q.undatedViewings(db) : { viewings: 0, minutes: 0 },
    q.reviewCount(db, null, period),
    q.viewingsByPeriod(db, null, period, periodKeyLength(period)),
    periods.then((keys) => q.reviewsByPeriod(db, null, keys)),
    // Fewer than two members agree on nothing.
    members.then((rows) => (rows.length < 2 ? [] : seenByAll(db, rows.map((member) => member.id)))),
    ranked.then((rows) => disagreements(db, rows.filter((row) => row.list === 'gap'), period)),
  ]);
  return {
    year: period.year,
    years: pickableYears(activeYears),
    members: memberRows.map(toStatsMember),
    most_loved: rankedRows.filter((row) => row.list === 'loved').sort(mostLoved).map(toRated),
    most_divisive: rankedRows.filter((row) => row.list === 'divisive').sort(mostDivisive).map(toRated),
    seen_by_everyone: everyone.map(toStatsMovie).sort(byTitle),
    disagreements: gaps,
    genres: genreCounts(genres),
    activity: activityOf(activePeriods, byPeriod, reviewsPerPeriod),
    // The totals are the periods' sums (one pass over the viewings, not two); distinct films
    // are the movies counted under their genre text, each movie under exactly one.
    totals: {
      films: genres.reduce((sum, row) => sum + Number(row.count), 0),
      viewings: byPeriod.reduce((sum, row) => sum + row.viewings, undated.viewings),
      hours: hoursOf(byPeriod.reduce((sum, row) => sum + row.minutes, undated.minutes)),
      reviews,
    },
  };
}
