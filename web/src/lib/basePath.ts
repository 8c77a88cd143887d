/**
 * The sub-path the site is served under (BASE_PATH on the server, such as `/movies`), or ''
 * at the root. The server names it in a meta element of the page it sends, so one build
 * serves any prefix; every address of the site the client makes goes through withBase.
 */
export const BASE_PATH_META = 'movieclub-base-path';

const BASE_PATH_PATTERN = /^(\/[A-Za-z0-9._~-]+)+$/;

let cached: string | null = null;

/** The prefix from the page's meta element; '' when there is none (the root, a test, the development server). */
export function basePath(): string {
  if (cached !== null) return cached;
  const content = typeof document === 'undefined' ? null : document.querySelector(`meta[name="${BASE_PATH_META}"]`)?.getAttribute('content');
  cached = content && BASE_PATH_PATTERN.test(content) ? content : '';
  return cached;
}

/**
 * An address of this site as the browser must ask for it: `/api/posters/tt1.svg` becomes
 * `/movies/api/posters/tt1.svg` under BASE_PATH=/movies. Full addresses (another site's
 * poster) and relative ones are returned as they are.
 */
export function withBase(path: string, base: string = basePath()): string {
  return path.startsWith('/') && !path.startsWith('//') ? base + path : path;
}

/** HTML the server wrote (a comment's text with its @mention links), with this site's links under the prefix. */
export function linksWithBase(html: string, base: string = basePath()): string {
  return base ? html.replace(/(<a\s[^>]*?href=")\/(?!\/)/g, `$1${base}/`) : html;
}
