/** The header title for a path, unless a screen gives its own. */
export function titleForPath(pathname: string, given?: string): string {
  if (given) return given;
  if (pathname === '/' || pathname === '') return 'All Movies';
  if (pathname.startsWith('/add-movie')) return 'Add Movie';
  if (pathname.startsWith('/movie/')) return 'Movie Details';
  const first = pathname.split('/').find((segment) => segment.length > 0);
  if (!first) return 'Page';
  return first
    .split('-')
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ') || 'Page';
}

const MAIN_CLASSES: Array<[string, string]> = [
  ['/user/profile', 'profile'],
  ['/movie', 'movie'],
  ['/watchlist', 'watchlist'],
  ['/add-movie', 'add-movie'],
  ['/screening', 'screening'],
  ['/club', 'club'],
  ['/feed', 'feed'],
  ['/login', 'login'],
  ['/register', 'register'],
];

/** The main area's style class by path prefix. */
export function mainClassForPath(pathname: string): string {
  return MAIN_CLASSES.find(([prefix]) => pathname.startsWith(prefix))?.[1] ?? 'home';
}
