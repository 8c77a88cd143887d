import { z } from 'zod';
import { rowId, rowIdOut, rowIdText } from './ids';
import { defineRoute } from './route';
import { oneLineName } from './textRules';
import { DESCRIPTION_MAX, ID_MAX, LIST_NAME_MAX, ORDER_MAX, PUBLIC_LISTS_LIMIT_MAX, PUBLIC_LISTS_QUERY_MAX, USERNAME_MAX } from './limits';

const movieId = rowId('The movie id is not valid.');

/** `POST /api/watchlists/public`: the name is made one line and must show something. */
export const createPublicListRequest = z.object({
  name: oneLineName(z.string({ error: 'List name must be text.' }), 'List name is required.').max(LIST_NAME_MAX, {
    error: `List name must be at most ${LIST_NAME_MAX} characters.`,
  }),
});
export type CreatePublicListRequest = z.infer<typeof createPublicListRequest>;

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
    .max(ORDER_MAX, { error: 'The order is too long.' }),
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

const isoTime = z.string().meta({ description: 'An ISO 8601 timestamp.' });
const picture = z.string().nullable().meta({ description: 'Address of the profile picture, or null.' });

export const watchlistItem = z
  .object({
    /** The movie's id. */
    id: rowIdOut,
    title: z.string(),
    poster: z.string().nullable(),
    imdb_rating: z.number().nullable(),
    length: z.number().nullable(),
    position: z.number().int().min(0).meta({ description: 'Dense, 0-based place in the list.' }),
  })
  .meta({ id: 'WatchlistItem' });
export type WatchlistItem = z.infer<typeof watchlistItem>;

export const pickedMovie = z.object({ id: rowIdOut, title: z.string(), poster: z.string().nullable() }).meta({ id: 'PickedMovie' });
export type PickedMovie = z.infer<typeof pickedMovie>;

export const moderatorDetail = z.object({ username: z.string(), profile_picture: picture }).meta({ id: 'ModeratorDetail' });
export type ModeratorDetail = z.infer<typeof moderatorDetail>;

export const watchlistPermissions = z
  .object({
    add_items: z.boolean().meta({ description: 'Add movies: any signed-in user on a public list, the owner on a personal one.' }),
    edit: z.boolean().meta({ description: 'Remove, reorder and edit the description: the owner or a moderator.' }),
    pick: z.boolean().meta({ description: 'Pick a movie: the owner or a moderator.' }),
    manage_moderators: z.boolean().meta({ description: 'Add and remove moderators: the owner of a public list.' }),
  })
  .meta({ id: 'WatchlistPermissions', description: 'What the viewer may do with this list, decided by the server.' });
export type WatchlistPermissions = z.infer<typeof watchlistPermissions>;

export const watchlist = z
  .object({
    id: rowIdOut,
    name: z.string(),
    description: z.string().meta({ description: "Sanitised HTML; '' when none." }),
    items: z.array(watchlistItem),
    moderators: z.array(z.string()),
    moderators_detail: z.array(moderatorDetail),
    owner_username: z.string(),
    owner_profile_picture: picture,
    picked_movie: pickedMovie.nullable(),
    picked_at: isoTime.nullable(),
    created_at: isoTime,
    item_count: z.number().int().min(0),
    is_personal: z.boolean(),
    slug: z.string().meta({ description: 'The name slug used in /watchlist/{id}-{slug}.' }),
    stremio_path: z
      .string()
      .meta({ description: "Path of the Stremio manifest; a personal list's carries its secret, so only its owner sees it." }),
    permissions: watchlistPermissions,
  })
  .meta({ id: 'Watchlist' });
export type Watchlist = z.infer<typeof watchlist>;

export const publicWatchlistSummary = z
  .object({
    id: rowIdOut,
    name: z.string(),
    item_count: z.number().int().min(0),
    first_poster: z.string().nullable(),
    owner_username: z.string(),
    owner_profile_picture: picture,
    created_at: isoTime,
    slug: z.string(),
  })
  .meta({ id: 'PublicWatchlistSummary' });
export type PublicWatchlistSummary = z.infer<typeof publicWatchlistSummary>;

export const publicWatchlistsReply = z.object({
  success: z.literal(true),
  watchlists: z.array(publicWatchlistSummary),
  total: z.number().int().min(0).meta({ description: 'How many public lists match the search text in all (for paging).' }),
});
export type PublicWatchlistsReply = z.infer<typeof publicWatchlistsReply>;

export const watchlistReply = z.object({ success: z.literal(true), watchlist });
export type WatchlistReply = z.infer<typeof watchlistReply>;

export const addItemReply = z.object({
  success: z.literal(true),
  watchlist_id: rowIdOut,
  added: z.boolean().meta({ description: 'False when the movie was already in the list (adding is then a no-op).' }),
});
export type AddItemReply = z.infer<typeof addItemReply>;

export const descriptionReply = z.object({ success: z.literal(true), description: z.string() });
export type DescriptionReply = z.infer<typeof descriptionReply>;

export const pickReply = z.object({ success: z.literal(true), picked_movie: pickedMovie, picked_at: isoTime });
export type PickReply = z.infer<typeof pickReply>;

export const moderatorsReply = z.object({
  success: z.literal(true),
  moderators: z.array(z.string()),
  moderators_detail: z.array(moderatorDetail),
});
export type ModeratorsReply = z.infer<typeof moderatorsReply>;

export const seenReply = z.object({ success: z.literal(true), seen: z.record(z.string(), z.literal(true)) });
export type SeenReply = z.infer<typeof seenReply>;

export const ratingsReply = z.object({
  success: z.literal(true),
  ratings: z
    .record(z.string(), z.number().int())
    .meta({ description: 'TTM grade as a 1–7 number by movie id (movies the user reviewed with a grade).' }),
});
export type RatingsReply = z.infer<typeof ratingsReply>;

const watchlistIdParams = z.object({ id: rowIdText('The watchlist id is not valid.') });
const okReply = z.object({ success: z.literal(true) });

/** The watchlist calls. */
export const watchlistRoutes = {
  publicLists: defineRoute({
    method: 'GET',
    path: '/api/watchlists/public',
    summary: 'Public watchlists, newest first; searched by name or owner and paged.',
    tag: 'Watchlists',
    auth: 'none',
    query: publicListsQuery,
    reply: publicWatchlistsReply,
  }),
  mine: defineRoute({
    method: 'GET',
    path: '/api/watchlists/mine',
    summary: "The signed-in user's personal watchlist (created on first use).",
    tag: 'Watchlists',
    auth: 'required',
    reply: watchlistReply,
  }),
  get: defineRoute({
    method: 'GET',
    path: '/api/watchlists/:id',
    summary: 'One watchlist with its items, moderators, pick and the viewer\'s permissions.',
    tag: 'Watchlists',
    auth: 'none',
    params: watchlistIdParams,
    reply: watchlistReply,
  }),
  createPublic: defineRoute({
    method: 'POST',
    path: '/api/watchlists/public',
    summary: 'Creates a public watchlist owned by the caller.',
    tag: 'Watchlists',
    auth: 'required',
    body: createPublicListRequest,
    reply: watchlistReply,
  }),
  addToMine: defineRoute({
    method: 'POST',
    path: '/api/watchlists/mine/items',
    summary: 'Adds a movie to the personal watchlist (a no-op when present).',
    tag: 'Watchlists',
    auth: 'required',
    body: addItemRequest,
    reply: addItemReply,
  }),
  addItem: defineRoute({
    method: 'POST',
    path: '/api/watchlists/:id/items',
    summary: 'Adds a movie to a public watchlist (a no-op when present).',
    tag: 'Watchlists',
    auth: 'required',
    params: watchlistIdParams,
    body: addItemRequest,
    reply: addItemReply,
  }),
  removeItem: defineRoute({
    method: 'DELETE',
    path: '/api/watchlists/:id/items/:movieId',
    summary: 'Removes a movie from a watchlist (editors).',
    tag: 'Watchlists',
    auth: 'required',
    params: z.object({ id: rowIdText('The watchlist id is not valid.'), movieId: rowIdText('The movie id is not valid.') }),
    reply: okReply,
  }),
  reorder: defineRoute({
    method: 'PUT',
    path: '/api/watchlists/:id/items/order',
    summary: "Reorders a watchlist (editors); the order must name exactly the list's current items.",
    tag: 'Watchlists',
    auth: 'required',
    params: watchlistIdParams,
    body: orderRequest,
    reply: okReply,
  }),
  description: defineRoute({
    method: 'PUT',
    path: '/api/watchlists/:id/description',
    summary: 'Sets the description (editors); HTML is sanitised against an allowlist.',
    tag: 'Watchlists',
    auth: 'required',
    params: watchlistIdParams,
    body: descriptionRequest,
    reply: descriptionReply,
  }),
  pick: defineRoute({
    method: 'POST',
    path: '/api/watchlists/:id/pick',
    summary: 'Picks a random list item the picker has not reviewed (editors) and tells every subscriber.',
    tag: 'Watchlists',
    auth: 'required',
    params: watchlistIdParams,
    reply: pickReply,
  }),
  addModerator: defineRoute({
    method: 'POST',
    path: '/api/add_moderator',
    summary: 'Adds a moderator to a public watchlist (its owner).',
    tag: 'Watchlists',
    auth: 'required',
    body: moderatorRequest,
    reply: moderatorsReply,
  }),
  removeModerator: defineRoute({
    method: 'POST',
    path: '/api/remove_moderator',
    summary: 'Removes a moderator from a public watchlist (its owner).',
    tag: 'Watchlists',
    auth: 'required',
    body: moderatorRequest,
    reply: moderatorsReply,
  }),
};
