import {
  type ListSeenByReply,
  type MemberStats,
  parseWatchlistIdentifier,
  type SeenByReply,
  STATS_TOP,
  TASTE_EXAMPLES,
  type TasteReply,
  TTM_GRADES,
} from '@movieclub/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { badRequest, notFound, unauthorized } from '../http/errors';
import { cosineOfDeviations, shrunkMean } from '../recommendations/similarity';
import { movieExists } from '../reviews/queries';
import { findUserByName } from '../users/queries';
import { accessList, type Viewer } from '../watchlists/service';
import { findPersonalList, itemMovieIds } from '../watchlists/queries';
import { compareText, hoursOf, longestStreak, meanOrNull, tasteScore } from './arithmetic';
import { activeMembers, seenPairs } from './clubQueries';
import { activityPeriods, memberWindow, periodKeyLength, periodOf, pickableYears, utcToday } from './period';
import * as q from './queries';
import { activityOf, byName, byTitle, genreCounts, toStatsMember, toStatsMovie } from './shapes';

export { clubStats } from './clubStats';

type Db = Kysely<Database>;

/** A member by name (any case), or 404 with the sentence the profile uses. */
export async function findMember(db: Db, username: string) {
  const user = await findUserByName(db, username);
  if (!user) throw notFound('User not found.', 'user_not_found');
  return user;
}

/** A TTM grade's place on the scale (F lowest, S highest); a grade outside it ranks below them all. */
const gradeRank = (grade: string) => TTM_GRADES.indexOf(grade as (typeof TTM_GRADES)[number]);

/** A member's statistics for one year, or all time (`year` null). */
export async function memberStats(db: Db, username: string, year: number | null | undefined): Promise<MemberStats> {
  const user = await findMember(db, username);
  const period = periodOf(year);
  const keyLength = periodKeyLength(period);
  const [years, totals, byPeriod, summary, stars, grades, genres, decades, together, days] = await Promise.all([
    q.activeYears(db, user.id),
    q.viewingTotals(db, user.id, period),
    q.viewingsByPeriod(db, user.id, period, keyLength),
    q.reviewSummary(db, user.id, period),
    q.starCounts(db, user.id, period),
    q.gradeCounts(db, user.id, period),
    q.viewedGenreTexts(db, user.id, period),
    q.viewedDecades(db, user.id, period),
    q.watchedWith(db, user.id, period),
    q.viewingDays(db, user.id, period),
  ]);
  const periods = activityPeriods(period, years);
  const reviewsPerPeriod = await q.reviewsByPeriod(db, user.id, periods);

  const ratings = Array.from({ length: 10 }, () => 0);
  for (const row of stars) {
    const given = Number(row.stars);
    if (given >= 1 && given <= 10) ratings[given - 1] += Number(row.count);
  }
  return {
    username: user.username,
    year: period.year,
    years: pickableYears(years),
    totals: { films: totals.films, viewings: totals.viewings, rewatches: totals.rewatches, hours: hoursOf(totals.minutes), reviews: summary.reviews },
    activity: activityOf(periods, byPeriod, reviewsPerPeriod),
    ratings,
    average_stars: meanOrNull(summary.stars),
    ttm_grades: grades
      .map((row) => ({ name: row.grade as string, count: Number(row.count) }))
      .sort((a, b) => b.count - a.count || gradeRank(b.name) - gradeRank(a.name) || compareText(a.name, b.name)),
    genres: genreCounts(genres).slice(0, STATS_TOP),
    decades: decades.map((row) => ({ decade: Number(row.decade), count: Number(row.count) })).sort((a, b) => a.decade - b.decade),
    watched_with: together
      .map((row) => ({ ...toStatsMember(row), count: Number(row.count) }))
      .sort((a, b) => b.count - a.count || byName(a, b))
      .slice(0, STATS_TOP),
    pain_level_average: meanOrNull(summary.pain),
    smoke_alarms_average: meanOrNull(summary.smoke),
    smoke_alarms_total: summary.smokeTotal,
    longest_streak: longestStreak(days),
  };
}

/** A gap of this many stars or more is a disagreement; anything smaller, an agreement. */
const DISAGREEMENT_GAP = 2;

/**
 * How alike two members rate: the recommender's adjusted cosine turned around (over the
 * movies both rated, each member's stars minus their own mean over all their reviews),
 * as a 0–100 score shrunk towards 50 for few shared movies; with the films they agree
 * and disagree on most.
 */
export async function taste(db: Db, username: string, otherName: string): Promise<Omit<TasteReply, 'success'>> {
  const [first, second] = await Promise.all([findMember(db, username), findMember(db, otherName)]);
  if (first.id === second.id) throw badRequest('A taste match compares two different members.');
  const [shared, totals] = await Promise.all([q.coRatings(db, first.id, second.id), q.ratingTotals(db, [first.id, second.id])]);
  const meanOf = (userId: number) => {
    const total = totals.get(userId) ?? { sum: 0, count: 0 };
    return shrunkMean(total.sum, total.count);
  };
  const [firstMean, secondMean] = [meanOf(first.id), meanOf(second.id)];
  const { similarity, common } = cosineOfDeviations(shared.map((row) => [row.a_stars - firstMean, row.b_stars - secondMean] as const));

  const examples = shared.map((row) => ({ movie: toStatsMovie(row), a_stars: Number(row.a_stars), b_stars: Number(row.b_stars) }));
  const gap = (example: (typeof examples)[number]) => Math.abs(example.a_stars - example.b_stars);
  const agree = examples
    .filter((example) => gap(example) < DISAGREEMENT_GAP)
    .sort((a, b) => gap(a) - gap(b) || b.a_stars + b.b_stars - (a.a_stars + a.b_stars) || byTitle(a.movie, b.movie));
  const disagree = examples.filter((example) => gap(example) >= DISAGREEMENT_GAP).sort((a, b) => gap(b) - gap(a) || byTitle(a.movie, b.movie));
  return { score: tasteScore(similarity, common), common, agree: agree.slice(0, TASTE_EXAMPLES), disagree: disagree.slice(0, TASTE_EXAMPLES) };
}

/** The club as of today: members active in the last CLUB_MEMBER_MONTHS, by name. */
async function currentMembers(db: Db) {
  const members = await activeMembers(db, memberWindow(periodOf(null), utcToday()));
  return members.sort(byName);
}

/** The club members who have and have not seen a movie (reviewed, viewed, or tagged in a viewing). */
export async function movieSeenBy(db: Db, movieId: number): Promise<Omit<SeenByReply, 'success'>> {
  if (!(await movieExists(db, movieId))) throw notFound('Movie not found.');
  const members = await currentMembers(db);
  const seen = new Set((await seenPairs(db, { ids: [movieId] })).map((pair) => pair.user_id));
  return {
    seen: members.filter((member) => seen.has(member.id)).map(toStatsMember),
    not_seen: members.filter((member) => !seen.has(member.id)).map(toStatsMember),
  };
}

/**
 * The list a seen-by call names, read as `GET /api/watchlists/{id}` reads it: `{id}-{slug}`
 * (any slug) or the bare id, a personal list for its owner only and 404 otherwise; `mine` is
 * the caller's own personal list, which needs signing in (null when it was never made).
 */
async function readableListId(db: Db, identifier: string, viewer: Viewer): Promise<number | null> {
  if (identifier === 'mine') {
    if (!viewer) throw unauthorized();
    return (await findPersonalList(db, viewer.id))?.id ?? null;
  }
  const id = parseWatchlistIdentifier(identifier);
  if (id === null) throw notFound('Watchlist not found.');
  return (await accessList(db, id, viewer)).list.id;
}

/** For each movie on a list the viewer may read, the club members who have seen it (every movie listed, [] for none). */
export async function listSeenBy(db: Db, identifier: string, viewer: Viewer): Promise<Omit<ListSeenByReply, 'success'>> {
  const listId = await readableListId(db, identifier, viewer);
  const members = await currentMembers(db);
  if (listId === null) return { members: members.map(toStatsMember), seen_by: {} };
  const [movieIds, pairs] = await Promise.all([itemMovieIds(db, listId), seenPairs(db, { listId })]);
  const seenBy = new Map<number, Set<number>>(movieIds.map((id) => [id, new Set()]));
  for (const pair of pairs) seenBy.get(pair.movie_id)?.add(pair.user_id);
  const seen_by: Record<string, string[]> = {};
  for (const [movieId, userIds] of seenBy) seen_by[movieId] = members.filter((member) => userIds.has(member.id)).map((member) => member.username);
  return { members: members.map(toStatsMember), seen_by };
}
