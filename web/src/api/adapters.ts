/**
 * The spec's lenient readings of server replies, in one place: servers have sent
 * averages, list positions, avatars and a user's own rating under several names.
 * Everything else reads replies by their contract types.
 */
import type { WatchlistItem } from '@movieclub/contract';

/** A movie's average user rating and the number of ratings behind it. */
export interface Average {
  avg: number;
  count: number;
}

/** Averages by movie id (as a string key, the way JSON maps carry them). */
export type AverageMap = Record<string, Average>;

const ID_KEYS = ['movie_id', 'id', 'movieId'] as const;
const AVG_KEYS = ['avg', 'average', 'avg_stars', 'value', 'mean'] as const;
const COUNT_KEYS = ['count', 'n', 'total', 'reviews', 'num_reviews'] as const;

/** A finite number from a number or a numeric string; anything else is missing. */
export function toNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && value.trim() !== '') {
    const parsed = Number(value);
    return Number.isFinite(parsed) ? parsed : null;
  }
  return null;
}

function firstNumber(entry: Record<string, unknown>, keys: readonly string[]): number | null {
  for (const key of keys) {
    const value = toNumber(entry[key]);
    if (value !== null) return value;
  }
  return null;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function readEntry(entry: unknown, fallbackId: string | null, into: AverageMap) {
  if (!isRecord(entry)) return;
  const id = firstNumber(entry, ID_KEYS) ?? (fallbackId === null ? null : toNumber(fallbackId));
  const avg = firstNumber(entry, AVG_KEYS);
  if (id === null || avg === null) return;
  into[String(id)] = { avg, count: firstNumber(entry, COUNT_KEYS) ?? 0 };
}

/**
 * Reads an averages reply leniently, as servers have shaped it: wrapped in
 * `averages` or bare; a list of entries carrying their movie id, or a map by
 * movie id; the average and the count under any of their known names.
 * Entries it cannot read are skipped.
 */
export function readAverages(reply: unknown): AverageMap {
  const body = isRecord(reply) && 'averages' in reply ? reply.averages : reply;
  const averages: AverageMap = {};
  if (Array.isArray(body)) {
    for (const entry of body) readEntry(entry, null, averages);
  } else if (isRecord(body)) {
    for (const [key, entry] of Object.entries(body)) readEntry(entry, key, averages);
  }
  return averages;
}

/** The fields a movie may carry its average under, in the order they are trusted. */
const MOVIE_AVG_KEYS = ['avg_user_rating', 'average_rating', 'avg', 'avg_stars'] as const;
const MOVIE_COUNT_KEYS = ['user_rating_count', 'count'] as const;

/** A movie's own average fields read leniently, or null when it carries none. */
export function movieAverage(movie: object): Average | null {
  const fields = movie as Record<string, unknown>;
  const avg = firstNumber(fields, MOVIE_AVG_KEYS);
  if (avg === null) return null;
  return { avg, count: firstNumber(fields, MOVIE_COUNT_KEYS) ?? 0 };
}

/** An item as a lenient reader sees it: the spec lets the order come under several names. */
type LooseItem = WatchlistItem & Partial<Record<'order' | 'sort_index' | 'order_index' | 'rank', number>>;

function orderOf(item: LooseItem): number {
  for (const value of [item.position, item.order, item.sort_index, item.order_index, item.rank]) {
    if (typeof value === 'number' && Number.isFinite(value)) return value;
  }
  return Number.MAX_SAFE_INTEGER;
}

/** Items sorted by position (or its fallbacks); items without one keep their order at the end. */
export function sortItems<T extends WatchlistItem>(items: T[]): T[] {
  return items
    .map((item, index) => ({ item, index }))
    .sort((a, b) => orderOf(a.item) - orderOf(b.item) || a.index - b.index)
    .map(({ item }) => item);
}

const AVATAR_KEYS = ['avatar_url', 'avatar', 'profile_picture', 'profilePic'] as const;
const OWNER_AVATAR_KEYS = ['owner_avatar', 'owner_profile_picture'] as const;

function firstText(entity: object, keys: readonly string[]): string | null {
  const fields = entity as Record<string, unknown>;
  for (const key of keys) {
    const value = fields[key];
    if (typeof value === 'string' && value !== '') return value;
  }
  return null;
}

/** A user's picture address under any of its names, or null. */
export const avatarOf = (user: object): string | null => firstText(user, AVATAR_KEYS);

/** A list owner's picture address under either of its names, or null. */
export const ownerAvatarOf = (list: object): string | null => firstText(list, OWNER_AVATAR_KEYS);

/**
 * The viewer's own stars by movie id: from the catalogue reply's `user_reviews`
 * map, else from a movie's own `user_rating` or `my_rating`.
 */
export function ownRatings(movies: object[], userReviews: Record<string, unknown> | undefined): Record<string, number> {
  const ratings: Record<string, number> = {};
  for (const movie of movies) {
    const fields = movie as Record<string, unknown>;
    const stars = toNumber(userReviews?.[String(fields.id)]) ?? toNumber(fields.user_rating) ?? toNumber(fields.my_rating);
    if (stars !== null) ratings[String(fields.id)] = stars;
  }
  return ratings;
}
