import { t } from '../i18n';

/** The titles of the screens that give none, by their path's first segment (others are named after it). */
const SEGMENT_TITLES = (): Record<string, string> => ({ login: t('Login'), register: t('Register'), import: t('Import') });

/** The header title for a path, unless a screen gives its own. */
export function titleForPath(pathname: string, given?: string): string {
  if (given) return given;
  if (pathname === '/' || pathname === '') return t('All Movies');
  if (pathname.startsWith('/add-movie')) return t('Add Movie');
  if (pathname.startsWith('/movie/')) return t('Movie Details');
  if (pathname.startsWith('/login/link')) return t('Link your account');
  const first = pathname.split('/').find((segment) => segment.length > 0);
  if (!first) return t('Page');
  const known = SEGMENT_TITLES();
  if (Object.hasOwn(known, first)) return known[first];
  return first
    .split('-')
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ') || t('Page');
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
