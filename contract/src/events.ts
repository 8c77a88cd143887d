import type { PickedMovie } from './watchlists';

/** Realtime socket events. */
export const WATCHLIST_EVENTS = {
  subscribe: 'watchlist:subscribe',
  unsubscribe: 'watchlist:unsubscribe',
  init: 'watchlist:init',
  pick: 'watchlist:pick',
  changed: 'watchlist:changed',
  error: 'watchlist:error',
} as const;

export interface WatchlistPickEvent {
  watchlist_id: number;
  picked_movie: PickedMovie | null;
  picked_at: string | null;
}

export interface WatchlistChangedEvent {
  watchlist_id: number;
  /** What changed: items (added, removed, reordered), description, moderators, or its movie nights (scheduled, changed, cancelled, RSVPs, the pick, attendance). */
  what: 'items' | 'description' | 'moderators' | 'screenings';
}

export interface WatchlistErrorEvent {
  message: string;
}

/** Sent to every socket of the importing member (on every process) as an import moves on; the payload is the import (`ImportJob`). */
export const IMPORT_EVENTS = { progress: 'import:progress' } as const;

/** Movie nights: a room per screening, readable by anyone who may read its list. */
export const SCREENING_EVENTS = {
  subscribe: 'screening:subscribe',
  unsubscribe: 'screening:unsubscribe',
  init: 'screening:init',
  update: 'screening:update',
  error: 'screening:error',
} as const;

/** `screening:init` (after a subscription) and `screening:update` (after every change): what changed and the current pick; pages reload the screening. */
export interface ScreeningUpdateEvent {
  screening_id: number;
  /** 'list': the night's list gained, lost or reordered movies, so its candidates changed. */
  what: 'subscribed' | 'details' | 'cancelled' | 'rsvps' | 'votes' | 'pick' | 'attendance' | 'list';
  status: 'planned' | 'cancelled';
  picked_movie: PickedMovie | null;
  picked_at: string | null;
}

export interface ScreeningErrorEvent {
  message: string;
}

/** A movie's page: a room per movie, open to everyone (movies and their reviews are public). */
export const MOVIE_EVENTS = {
  subscribe: 'movie:subscribe',
  unsubscribe: 'movie:unsubscribe',
  /** `{ movie_id }` after each subscription: a page that was away (a reconnect) reads the reviews again. */
  init: 'movie:init',
  social: 'movie:social',
  error: 'movie:error',
} as const;

/**
 * `movie:social`, after a review of the movie was written or changed (`reviews`), a comment on one of
 * its reviews was posted, edited or deleted (`comments`), or a reaction to a review or comment was
 * left or taken back (`reactions`). Pages read the reviews (and that review's comments) again.
 */
export interface MovieSocialEvent {
  movie_id: number;
  /** The review whose comments or reactions changed; null for `reviews`. */
  review_id: number | null;
  what: 'reviews' | 'comments' | 'reactions';
}

export interface MovieErrorEvent {
  message: string;
}
