import { rowIdFromText } from './idRules';
import { SLUG_MAX } from './limits';

/**
 * The watchlist URL slug: the lowercased name, non-alphanumerics replaced by
 * hyphens, trimmed of hyphens, cut to 60 characters, 'list' if nothing is left.
 */
export function slugify(name: string): string {
  const slug = name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, SLUG_MAX)
    .replace(/-+$/, '');
  return slug || 'list';
}

/** `/watchlist/{id}-{slug}` identifier for a list. */
export function watchlistIdentifier(id: number, name: string): string {
  return `${id}-${slugify(name)}`;
}

/** The numeric id an identifier such as `12-bad-movie-night` starts with, or null. */
export function parseWatchlistIdentifier(identifier: string): number | null {
  const match = /^(\d+)(?:-|$)/.exec(identifier);
  return match ? rowIdFromText(match[1]) : null;
}
