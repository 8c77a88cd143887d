import { z } from 'zod';
import { rowId } from './ids';
import { DESCRIPTION_MAX, ID_MAX, LIST_NAME_MAX, USERNAME_MAX } from './limits';

const movieId = rowId('The movie id is not valid.');

/** `POST /api/watchlists/public`: the name is trimmed and must not be empty. */
export const createPublicListRequest = z.object({
  name: z
    .string({ error: 'List name must be text.' })
    .trim()
    .min(1, { error: 'List name is required.' })
    .max(LIST_NAME_MAX, { error: `List name must be at most ${LIST_NAME_MAX} characters.` }),
});
export type CreatePublicListRequest = z.infer<typeof createPublicListRequest>;

/** Most public lists one page holds (also the default page). */
export const PUBLIC_LISTS_LIMIT_MAX = 1000;
/** Longest name-or-owner filter used; longer text is cut. */
export const PUBLIC_LISTS_QUERY_MAX = 100;
const OFFSET_REFUSED = `Offset must be a whole number from 0 to ${ID_MAX.toLocaleString('en')}.`;

/**
 * `GET /api/watchlists/public?q=&limit=&offset=`. A limit is held within 1–1000
 * (however many digits); an offset past every list gives an empty page, one past
 * ID_MAX is refused. Empty values mean the defaults.
 */
export const publicListsQuery = z.object({
  q: z
    .string({ error: 'Search text must be text.' })
    .optional()
    .transform((text) => (text ?? '').trim().slice(0, PUBLIC_LISTS_QUERY_MAX)),
  limit: z
    .string({ error: 'Limit must be a whole number.' })
    .trim()
    .regex(/^\d*$/, { error: 'Limit must be a whole number.' })
    .transform((digits) => {
      const value = digits === '' || digits.length > 6 ? PUBLIC_LISTS_LIMIT_MAX : Number(digits);
      return Math.min(Math.max(value, 1), PUBLIC_LISTS_LIMIT_MAX);
    })
    .optional()
    .default(PUBLIC_LISTS_LIMIT_MAX),
  offset: z
    .string({ error: OFFSET_REFUSED })
    .trim()
    .regex(/^\d{0,10}$/, { error: OFFSET_REFUSED })
    .transform(Number)
    .refine((value) => value <= ID_MAX, { error: OFFSET_REFUSED })
    .optional()
    .default(0),
});
export type PublicListsQuery = z.infer<typeof publicListsQuery>;

/** `POST /api/watchlists/mine/items` and `POST /api/watchlists/{id}/items`. */
export const addItemRequest = z.object({ movie_id: movieId });
export type AddItemRequest = z.infer<typeof addItemRequest>;

/** `PUT /api/watchlists/{id}/description`: HTML, sanitised by the server. */
export const descriptionRequest = z.object({
  description: z
    .string({ error: 'Description must be text.' })
    .max(DESCRIPTION_MAX, { error: `Description must be at most ${DESCRIPTION_MAX.toLocaleString('en')} characters.` }),
});
export type DescriptionRequest = z.infer<typeof descriptionRequest>;

/** `PUT /api/watchlists/{id}/items/order`: every current item's movie id, once, in the new order. */
export const orderRequest = z.object({
  order: z
    .array(rowId('The order must list movie ids.'), { error: 'The order must be a list of movie ids.' })
    .max(10_000, { error: 'The order is too long.' }),
});
export type OrderRequest = z.infer<typeof orderRequest>;

/** `POST /api/add_moderator` and `POST /api/remove_moderator`. */
export const moderatorRequest = z.object({
  username: z
    .string({ error: 'Username must be text.' })
    .trim()
    .min(1, { error: 'Username is required.' })
    .max(USERNAME_MAX * 4, { error: 'User not found.' }),
  watchlist_id: rowId('The watchlist id is not valid.'),
});
export type ModeratorRequest = z.infer<typeof moderatorRequest>;

export interface WatchlistItem {
  /** The movie's id. */
  id: number;
  title: string;
  poster: string | null;
  imdb_rating: number | null;
  length: number | null;
  /** Dense, 0-based place in the list. */
  position: number;
}

export interface PickedMovie {
  id: number;
  title: string;
  poster: string | null;
}

export interface ModeratorDetail {
  username: string;
  profile_picture: string | null;
}

export interface Watchlist {
  id: number;
  name: string;
  /** Sanitised HTML; '' when none. */
  description: string;
  items: WatchlistItem[];
  moderators: string[];
  moderators_detail: ModeratorDetail[];
  owner_username: string;
  owner_profile_picture: string | null;
  picked_movie: PickedMovie | null;
  picked_at: string | null;
  created_at: string;
  item_count: number;
  is_personal: boolean;
  /** The name slug used in `/watchlist/{id}-{slug}`. */
  slug: string;
  /** Path of the Stremio manifest; a personal list's carries its secret, so only its owner sees it. */
  stremio_path: string;
}

export interface PublicWatchlistSummary {
  id: number;
  name: string;
  item_count: number;
  first_poster: string | null;
  owner_username: string;
  owner_profile_picture: string | null;
  created_at: string;
  slug: string;
}

export interface PublicWatchlistsReply {
  success: true;
  watchlists: PublicWatchlistSummary[];
}

export interface WatchlistReply {
  success: true;
  watchlist: Watchlist;
}

export interface AddItemReply {
  success: true;
  watchlist_id: number;
  /** False when the movie was already in the list (adding is then a no-op). */
  added: boolean;
}

export interface DescriptionReply {
  success: true;
  description: string;
}

export interface PickReply {
  success: true;
  picked_movie: PickedMovie;
  picked_at: string;
}

export interface ModeratorsReply {
  success: true;
  moderators: string[];
  moderators_detail: ModeratorDetail[];
}

export interface SeenReply {
  success: true;
  seen: Record<string, true>;
}

export interface RatingsReply {
  success: true;
  /** TTM grade as a 1–7 number by movie id (movies the user reviewed with a grade). */
  ratings: Record<string, number>;
}

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
  /** What changed: items (added, removed, reordered), description, or moderators. */
  what: 'items' | 'description' | 'moderators';
}

export interface WatchlistErrorEvent {
  message: string;
}
