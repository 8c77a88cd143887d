import type { ImportCandidate, ImportCounts, ImportJob, ImportMatch, ImportResult, ImportRowKind, ImportSource, ImportStatus } from '@movieclub/contract';
import { formatNumber, t, tn } from '../../i18n';

/** Whether the server is still working on the import (reading the file or applying it). */
export const isRunning = (status: ImportStatus) => status === 'parsing' || status === 'importing';

const STATUS_ORDER: Record<ImportStatus, number> = { parsing: 0, ready: 1, importing: 2, done: 3, failed: 3 };

/**
 * The later of two states of one import. An import only moves forward, so a reply that was
 * on its way while a newer event arrived (a poll answered late) must not put an older step
 * back on screen. Within one step the newer copy wins: counts change as rows are chosen.
 */
export function newerJob(previous: ImportJob | undefined, next: ImportJob): ImportJob {
  if (!previous || previous.id !== next.id) return next;
  return STATUS_ORDER[next.status] < STATUS_ORDER[previous.status] ? previous : next;
}

/** The progress bar's value (0–100), or null while the total is not known (an indeterminate bar). */
export function progressPercent(job: Pick<ImportJob, 'progress'>): number | null {
  const { done, total } = job.progress;
  if (total === null || total <= 0) return null;
  return Math.min(100, Math.round((done / total) * 100));
}

/** '1 row', '1,234 rows'. */
export const rowsText = (n: number) => tn(n, '{{count}} row', '{{count}} rows');

/** '1 film', '1,234 films'. */
export const filmsText = (n: number) => tn(n, '{{count}} film', '{{count}} films');

/**
 * The line under the bar: '120 rows read · 85 rows/s' while reading, then '40 of 120 rows matched'
 * while they are matched (a count of its own, so the figure never seems to go back), and
 * '40 of 120 rows imported · 30 rows/s' while applying.
 */
export function progressText(job: Pick<ImportJob, 'status' | 'progress'>): string {
  const { done, total, rows_per_second: rate } = job.progress;
  const what =
    job.status !== 'importing'
      ? total === null
        ? tn(done, '{{count}} row read', '{{count}} rows read')
        : tn(total, '{{done}} of {{count}} row matched', '{{done}} of {{count}} rows matched', { done: formatNumber(done) })
      : total === null
        ? tn(done, '{{count}} row imported', '{{count}} rows imported')
        : tn(total, '{{done}} of {{count}} row imported', '{{done}} of {{count}} rows imported', { done: formatNumber(done) });
  return rate === null ? what : `${what} · ${t('{{rate}} rows/s', { rate: formatNumber(Math.round(rate)) })}`;
}

/** Rows the member chose to leave out: counted as neither matched, ambiguous nor unmatched. */
export const leftOutCount = (counts: ImportCounts) => Math.max(0, counts.rows - counts.matched - counts.ambiguous - counts.unmatched);

/** An import's state as the list of recent imports shows it. */
export const statusLabels = (): Record<ImportStatus, string> => ({
  parsing: t('Reading the file'),
  ready: t('Waiting for you to check'),
  importing: t('Importing'),
  done: t('Imported'),
  failed: t('Failed'),
});

/** The sites' own names, the same in every language. */
export const SOURCE_LABELS: Record<ImportSource, string> = { letterboxd: 'Letterboxd', imdb: 'IMDb', movieclub: 'movieclub' };

export const kindLabels = (): Record<ImportRowKind, string> => ({
  rating: t('Rating'),
  review: t('Review'),
  diary: t('Diary entry'),
  watched: t('Watched'),
  watchlist: t('Watchlist'),
  list: t('List item'),
});

export const matchLabels = (): Record<ImportMatch, string> => ({
  matched: t('Matched'),
  ambiguous: t('Needs a choice'),
  unmatched: t('Not found'),
  skipped: t('Left out'),
});

const titleTypes = (): Record<string, string> => ({
  movie: t('Film'),
  tvMovie: t('TV film'),
  short: t('Short'),
  tvShort: t('TV short'),
  video: t('Video'),
  tvSeries: t('TV series'),
  tvMiniSeries: t('Mini-series'),
  tvEpisode: t('TV episode'),
  tvSpecial: t('TV special'),
  videoGame: t('Video game'),
});

/** IMDb's title type as people say it: 'movie' → 'Film'. */
export const titleTypeText = (type: string) => titleTypes()[type] ?? type;

/** 'Road House (1989)'. */
export const titleYear = (title: string, year: number | null) => (year ? `${title} (${year})` : title);

/** How a candidate reads in the choice: 'Road House (1989) · Film · 90,000 votes'. */
export function candidateText(candidate: Pick<ImportCandidate, 'title' | 'year' | 'title_type' | 'votes'>): string {
  const parts = [titleYear(candidate.title, candidate.year), titleTypeText(candidate.title_type)];
  if (candidate.votes !== null) parts.push(tn(candidate.votes, '{{count}} vote', '{{count}} votes'));
  return parts.join(' · ');
}

/** A 1–10 rating as stars out of five, Letterboxd's way: 7 → '★★★½'. */
export function starsText(stars: number | null): string {
  if (stars === null) return '';
  return '★'.repeat(Math.floor(stars / 2)) + (stars % 2 ? '½' : '');
}

/** The same rating read aloud: 7 → '3.5 of 5 stars'. */
export const starsLabel = (stars: number) => t('{{stars}} of 5 stars', { stars: formatNumber(stars / 2) });

/** What an import added, as the result lists it, leaving out what is zero (all of it when nothing was added). */
export function addedLines(result: ImportResult): string[] {
  const { added } = result;
  const lines: [number, string][] = [
    [added.movies, tn(added.movies, '{{count}} film brought into the catalogue', '{{count}} films brought into the catalogue')],
    [added.reviews, tn(added.reviews, '{{count}} rating or review', '{{count}} ratings and reviews')],
    [added.viewings, tn(added.viewings, '{{count}} diary entry', '{{count}} diary entries')],
    [added.watchlist, tn(added.watchlist, '{{count}} film on your watchlist', '{{count}} films on your watchlist')],
    [added.lists, tn(added.lists, '{{count}} new list', '{{count}} new lists')],
    [added.list_items, tn(added.list_items, '{{count}} film in those lists', '{{count}} films in those lists')],
  ];
  return lines.filter(([n]) => n > 0).map(([, line]) => line);
}
