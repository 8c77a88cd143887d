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

/** How many recent reviews a profile shows. */
export const PROFILE_RECENT_REVIEWS_LIMIT = 20;

/** Largest profile picture upload, in bytes (5 MB). */
export const PROFILE_PICTURE_MAX_BYTES = 5 * 1024 * 1024;
export const PROFILE_PICTURE_TOO_LARGE = 'The picture must be at most 5 MB.';
/** The image types an upload may really be (checked by content, not by name). */
export const PROFILE_PICTURE_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;

export interface ProfileLevel {
  /** 1-based. */
  level: number;
  level_name: string;
  /** Review count where the next level starts; null at the top level. */
  next_level_at: number | null;
  /** Whole percent of the way from this level's threshold to the next (100 at the top). */
  progress_pct: number;
}

export interface ProfileRecentReview {
  movie_id: number;
  title: string;
  year: number | null;
  poster: string | null;
  /** IMDb's comma-separated genres, e.g. 'Comedy,Horror'; null when unknown. */
  genres: string | null;
  /** The profile owner's stars, 1–10. */
  user_stars: number | null;
  /** ISO timestamp of the review. */
  created_at: string;
}

export interface Profile {
  username: string;
  profile_picture: string | null;
  /** ISO timestamp of registration. */
  joined: string | null;
  total_reviews: number;
  /** Mean of the user's stars to one decimal; null without reviews. */
  average_rating: number | null;
  level: ProfileLevel;
  /** Newest first, at most PROFILE_RECENT_REVIEWS_LIMIT. */
  recent_reviews: ProfileRecentReview[];
}

export type ProfileReply = { success: true; profile: Profile } | { success: false; error?: string };

export interface ProfilePictureReply {
  success: true;
  /** The new picture's address on this site, or null after removal. */
  profile_picture: string | null;
}
