import { LEVEL_THRESHOLDS } from './limits';

/**
 * Tier names for the levels of LEVEL_THRESHOLDS, lowest first: a member climbs
 * from their first bad movie to bargain-bin legend as their review count grows.
 */
export const LEVEL_NAMES = [
  'Popcorn Rookie',
  'Matinee Survivor',
  'B-Movie Buff',
  'Cult Curator',
  'Schlock Scholar',
  'Trash Connoisseur',
  'Midnight Maniac',
  'Smoke Alarm Veteran',
  'Legend of the Bargain Bin',
] as const satisfies readonly string[] & { length: (typeof LEVEL_THRESHOLDS)['length'] };

/** Border colours of the profile picture, picked by level: palette[(level - 1) % 7]. */
export const PROFILE_BORDER_PALETTE = ['#9e9e9e', '#4caf50', '#2196f3', '#9c27b0', '#ff9800', '#f44336', '#ffd700'] as const;

export const PROFILE_PICTURE_TOO_LARGE = 'The picture must be at most 5 MB.';
/** The image types an upload may really be (checked by content, not by name). */
export const PROFILE_PICTURE_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
