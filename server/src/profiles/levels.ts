import { LEVEL_NAMES, LEVEL_THRESHOLDS, type ProfileLevel } from '@movieclub/contract';

/**
 * The level a review count reaches. Level n starts at LEVEL_THRESHOLDS[n-1];
 * progress is the whole percent (rounded down, so 100 only when reached) from
 * this level's threshold to the next; the top level has no next and shows 100.
 */
export function levelFor(totalReviews: number): ProfileLevel {
  const total = Number.isFinite(totalReviews) ? Math.max(0, Math.floor(totalReviews)) : 0;
  let index = 0;
  while (index + 1 < LEVEL_THRESHOLDS.length && total >= LEVEL_THRESHOLDS[index + 1]) index++;
  const start = LEVEL_THRESHOLDS[index];
  const next = index + 1 < LEVEL_THRESHOLDS.length ? LEVEL_THRESHOLDS[index + 1] : null;
  const progress = next === null ? 100 : Math.floor(((total - start) / (next - start)) * 100);
  return {
    level: index + 1,
    level_name: LEVEL_NAMES[index],
    next_level_at: next,
    progress_pct: Math.min(100, Math.max(0, progress)),
  };
}
