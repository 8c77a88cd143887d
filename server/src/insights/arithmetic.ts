/** The pure arithmetic of the statistics: rounding, streaks, spreads and the taste score. */

export const round1 = (value: number) => Math.round(value * 10) / 10;
export const round2 = (value: number) => Math.round(value * 100) / 100;

/** Minutes as hours to one decimal. */
export const hoursOf = (minutes: number) => round1(minutes / 60);

/** A mean to one decimal, or null when nothing was counted. */
export const meanOrNull = (mean: number | null | undefined) => (mean === null || mean === undefined ? null : round1(Number(mean)));

/**
 * Text in character-code order (the bytes of UTF-8), as both databases order a plain
 * text column here: the one order for titles and names, so a list ranked in SQL and
 * one sorted here agree.
 */
export function compareText(a: string, b: string): number {
  return Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));
}

const DAY_MS = 86_400_000;
const dayNumber = (day: string) => Math.round(Date.parse(`${day}T00:00:00Z`) / DAY_MS);

/** The most consecutive days among `days` (distinct `YYYY-MM-DD`, ascending); the earliest run on a tie; null without days. */
export function longestStreak(days: string[]): { days: number; from: string; to: string } | null {
  if (days.length === 0) return null;
  let best = { days: 1, from: days[0], to: days[0] };
  let runStart = 0;
  for (let index = 1; index < days.length; index++) {
    if (dayNumber(days[index]) !== dayNumber(days[index - 1]) + 1) runStart = index;
    const length = index - runStart + 1;
    if (length > best.days) best = { days: length, from: days[runStart], to: days[index] };
  }
  return best;
}

/** Mean and population standard deviation of stars from their count, sum and sum of squares. */
export function spreadOf(ratings: number, total: number, squares: number): { average: number; stddev: number } {
  const average = total / ratings;
  // Integer arithmetic first: the variance of equal stars is exactly 0, never a tiny negative.
  const variance = (ratings * squares - total * total) / (ratings * ratings);
  return { average, stddev: Math.sqrt(Math.max(0, variance)) };
}

/**
 * Co-rated movies at which a match counts half: the similarity of two members who
 * share one rated film says little, so the score starts at 50 and moves towards
 * what the similarity says as shared films add up (weight n / (n + 5): 1 film 17 %,
 * 5 films 50 %, 20 films 80 %, 95 films 95 %).
 */
export const TASTE_HALF_AT = 5;

/** Similarity −1…1 as a score 0–100, shrunk towards 50 for few co-rated movies; null with none. */
export function tasteScore(similarity: number, common: number): number | null {
  if (common === 0) return null;
  const weight = common / (common + TASTE_HALF_AT);
  return Math.round(50 + 50 * similarity * weight);
}
