import type { PeriodActivity, StatsMember, StatsMovie } from '@movieclub/contract';
import { parseGenres } from '../recommendations/similarity';
import { compareText, hoursOf } from './arithmetic';
import type { PeriodViewings } from './queries';

/** Members by name, ignoring case (names are unique so), as every list of members here is ordered. */
export const byName = (a: { username: string }, b: { username: string }) =>
  compareText(a.username.toLowerCase(), b.username.toLowerCase()) || compareText(a.username, b.username);

export const toStatsMember = (row: { username: string; profile_picture: string | null }): StatsMember => ({
  username: row.username,
  profile_picture: row.profile_picture,
});

export const toStatsMovie = (row: { id: number; title: string; year: number | null; poster: string | null }): StatsMovie => ({
  id: Number(row.id),
  title: row.title,
  year: row.year === null ? null : Number(row.year),
  poster: row.poster || null,
});

/** Movies by title (character-code order), then id. */
export const byTitle = (a: StatsMovie, b: StatsMovie) => compareText(a.title, b.title) || a.id - b.id;

/** Per-genre-text counts of distinct movies → per genre, most first (ties by name). */
export function genreCounts(rows: Array<{ genres: string | null; count: number | string }>): Array<{ name: string; count: number }> {
  const counts = new Map<string, number>();
  for (const row of rows) {
    for (const genre of parseGenres(row.genres)) counts.set(genre, (counts.get(genre) ?? 0) + Number(row.count));
  }
  return [...counts].map(([name, count]) => ({ name, count })).sort((a, b) => b.count - a.count || compareText(a.name, b.name));
}

/** One activity entry per period, empty ones included. */
export function activityOf(periods: string[], viewings: PeriodViewings[], reviews: Map<string, number>): PeriodActivity[] {
  const byPeriod = new Map(viewings.map((row) => [row.period, row]));
  return periods.map((period) => {
    const row = byPeriod.get(period);
    return { period, films: row?.films ?? 0, viewings: row?.viewings ?? 0, hours: hoursOf(row?.minutes ?? 0), reviews: reviews.get(period) ?? 0 };
  });
}
