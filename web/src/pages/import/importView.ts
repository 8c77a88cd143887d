import type { ImportCandidate, ImportCounts, ImportJob, ImportMatch, ImportResult, ImportRowKind, ImportSource, ImportStatus } from '@movieclub/contract';

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

const count = (n: number) => n.toLocaleString('en');

/** 'One row', '1,234 rows'. */
export function rowsText(n: number, word = 'row'): string {
  return n === 1 ? `1 ${word}` : `${count(n)} ${word}s`;
}

/** The line under the bar: '120 rows read · 85 rows/s' while reading, '40 of 120 rows imported · 30 rows/s' while applying. */
export function progressText(job: Pick<ImportJob, 'status' | 'progress'>): string {
  const { done, total, rows_per_second: rate } = job.progress;
  const what =
    job.status !== 'importing' ? `${rowsText(done)} read` : total === null ? `${rowsText(done)} imported` : `${count(done)} of ${rowsText(total)} imported`;
  return rate === null ? what : `${what} · ${count(Math.round(rate))} rows/s`;
}

/** Rows the member chose to leave out: counted as neither matched, ambiguous nor unmatched. */
export const leftOutCount = (counts: ImportCounts) => Math.max(0, counts.rows - counts.matched - counts.ambiguous - counts.unmatched);

export const STATUS_LABELS: Record<ImportStatus, string> = {
  parsing: 'Reading the file',
  ready: 'Waiting for you to check',
  importing: 'Importing',
  done: 'Imported',
  failed: 'Failed',
};

export const SOURCE_LABELS: Record<ImportSource, string> = { letterboxd: 'Letterboxd', imdb: 'IMDb', movieclub: 'movieclub' };

export const KIND_LABELS: Record<ImportRowKind, string> = {
  rating: 'Rating',
  review: 'Review',
  diary: 'Diary entry',
  watched: 'Watched',
  watchlist: 'Watchlist',
  list: 'List item',
};

export const MATCH_LABELS: Record<ImportMatch, string> = {
  matched: 'Matched',
  ambiguous: 'Needs a choice',
  unmatched: 'Not found',
  skipped: 'Left out',
};

const TITLE_TYPES: Record<string, string> = {
  movie: 'Film',
  tvMovie: 'TV film',
  short: 'Short',
  tvShort: 'TV short',
  video: 'Video',
  tvSeries: 'TV series',
  tvMiniSeries: 'Mini-series',
  tvEpisode: 'TV episode',
  tvSpecial: 'TV special',
  videoGame: 'Video game',
};

/** IMDb's title type as people say it: 'movie' → 'Film'. */
export const titleTypeText = (type: string) => TITLE_TYPES[type] ?? type;

/** 'Road House (1989)'. */
export const titleYear = (title: string, year: number | null) => (year ? `${title} (${year})` : title);

/** How a candidate reads in the choice: 'Road House (1989) · Film · 90,000 votes'. */
export function candidateText(candidate: Pick<ImportCandidate, 'title' | 'year' | 'title_type' | 'votes'>): string {
  const parts = [titleYear(candidate.title, candidate.year), titleTypeText(candidate.title_type)];
  if (candidate.votes !== null) parts.push(candidate.votes === 1 ? '1 vote' : `${count(candidate.votes)} votes`);
  return parts.join(' · ');
}

/** A 1–10 rating as stars out of five, Letterboxd's way: 7 → '★★★½'. */
export function starsText(stars: number | null): string {
  if (stars === null) return '';
  return '★'.repeat(Math.floor(stars / 2)) + (stars % 2 ? '½' : '');
}

/** The same rating read aloud: 7 → '3.5 of 5 stars'. */
export const starsLabel = (stars: number) => `${stars / 2} of 5 stars`;

/** What an import added, as the result lists it, leaving out what is zero (all of it when nothing was added). */
export function addedLines(result: ImportResult): string[] {
  const { added } = result;
  const lines: [number, string, string][] = [
    [added.movies, 'film brought into the catalogue', 'films brought into the catalogue'],
    [added.reviews, 'rating or review', 'ratings and reviews'],
    [added.viewings, 'diary entry', 'diary entries'],
    [added.watchlist, 'film on your watchlist', 'films on your watchlist'],
    [added.lists, 'new list', 'new lists'],
    [added.list_items, 'film in those lists', 'films in those lists'],
  ];
  return lines.filter(([n]) => n > 0).map(([n, one, many]) => `${count(n)} ${n === 1 ? one : many}`);
}
