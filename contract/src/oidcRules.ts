// No zod here: the client imports these at run time.

import { INVITE_INVALID, INVITE_REQUIRED, REGISTRATION_CLOSED } from './adminRules';

/** The web page where a new sign-in through the identity provider may be joined to an existing account. */
export const OIDC_LINK_PAGE = '/login/link';

/**
 * Why a sign-in through the identity provider did not finish: the callback sends the
 * browser to `/login?oidc_error=<code>` and the login page shows the sentence.
 */
export const OIDC_ERRORS = {
  access_denied: 'The identity provider did not let you sign in here.',
  provider_error: 'The identity provider could not sign you in. Try again.',
  expired: 'The sign-in took too long or was started in another browser. Try again.',
  /** The flow cookie belongs to a newer sign-in (another tab of this browser) than the one that came back. */
  superseded: 'A newer sign-in, started in another tab, replaced this one. Finish it there, or try again.',
  unavailable: 'The identity provider could not be reached. Try again in a moment.',
  failed: 'The answer from the identity provider could not be checked. Try again.',
  registration_closed: REGISTRATION_CLOSED,
  invite_required: `${INVITE_REQUIRED} Open the invitation link you were sent, then sign in from there.`,
  invite_invalid: INVITE_INVALID,
} as const;
export type OidcErrorCode = keyof typeof OIDC_ERRORS;

export const isOidcErrorCode = (value: unknown): value is OidcErrorCode => typeof value === 'string' && Object.hasOwn(OIDC_ERRORS, value);

/** The 403 of password login and registration while OIDC_ONLY is on. */
export const PASSWORD_LOGIN_DISABLED = 'This site signs members in through its identity provider only.';
/** The 404 of the identity-provider calls on a site that has none set up. */
export const OIDC_DISABLED = 'Sign-in with an identity provider is not set up on this site.';
/** A link or new-account call without a sign-in waiting to finish (or one older than ten minutes). */
export const OIDC_LINK_EXPIRED = 'This sign-in has expired. Start again from the login page.';
export const OIDC_WRONG_PASSWORD = 'That is not the password of this account.';
export const OIDC_ALREADY_LINKED = 'This account is already linked to another identity at this provider.';

/** Minutes a started sign-in, and a sign-in waiting to be linked, stay valid. */
export const OIDC_FLOW_MINUTES = 10;
