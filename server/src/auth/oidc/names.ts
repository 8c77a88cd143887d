import { USERNAME_MAX, USERNAME_MIN } from '@movieclub/contract';

/** Where a new member's name comes from when the provider gives nothing usable. */
export const FALLBACK_NAME = 'member';

/** The provider's name turned into one the username rules accept (letters, digits, `_ . -`), or '' when nothing is left. */
export function cleanUsername(raw: string | undefined | null): string {
  if (!raw) return '';
  return raw
    .trim()
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '') // accents off: José → Jose
    .replace(/\s+/g, '_')
    .replace(/[^A-Za-z0-9_.-]/g, '')
    .replace(/^[.-]+|[.-]+$/g, '')
    .slice(0, USERNAME_MAX);
}

/**
 * The name a new member starts from: the provider's preferred_username, else the part of
 * the email address before the @, else 'member'. A name too short for the rules is
 * passed over for the next source; when none is long enough the first is lengthened.
 */
export function usernameBase(preferredUsername: string | undefined, email: string | undefined): string {
  const candidates = [cleanUsername(preferredUsername), cleanUsername(email?.split('@')[0])].filter(Boolean);
  const long = candidates.find((candidate) => candidate.length >= USERNAME_MIN);
  if (long) return long;
  return candidates[0] ? `${candidates[0]}_${FALLBACK_NAME}` : FALLBACK_NAME;
}

/** `base` with a numeric suffix, shortened so the whole stays within the length limit: alice → alice2. */
export function withSuffix(base: string, suffix: number): string {
  const tail = String(suffix);
  return base.slice(0, USERNAME_MAX - tail.length) + tail;
}

/** How many numbered names are tried before a random suffix is used. */
export const NUMBERED_TRIES = 200;

/** The base itself, then base2, base3, … in order. */
export function candidateNames(base: string): string[] {
  return [base, ...Array.from({ length: NUMBERED_TRIES - 1 }, (_, index) => withSuffix(base, index + 2))];
}

const isControl = (char: string) => char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f;

/**
 * A return address on this site only: a path starting with one slash, not an API call and
 * not the link page; anything else (another site, `//host`, `/\host`, `javascript:`) becomes '/'.
 */
export function safeReturnTo(value: string | undefined | null): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.includes('\\') || [...value].some(isControl)) return '/';
  let url: URL;
  try {
    url = new URL(value, 'http://site.invalid');
  } catch {
    return '/';
  }
  if (url.origin !== 'http://site.invalid') return '/';
  if (url.pathname === '/api' || url.pathname.startsWith('/api/') || url.pathname.startsWith('/login')) return '/';
  return `${url.pathname}${url.search}${url.hash}`;
}
