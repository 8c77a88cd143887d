import { z } from 'zod';
import { currentUser } from './auth';
import { PASSWORD_MAX } from './limits';
import { defineRoute } from './route';

const TAG = 'Accounts';

export const oidcConfigReply = z.object({
  success: z.literal(true),
  enabled: z.boolean().meta({ description: 'Whether members may sign in through an identity provider (OIDC_ISSUER is set).' }),
  label: z
    .string()
    .nullable()
    .meta({ description: "The sign-in button's text as OIDC_BUTTON_LABEL sets it; null when that is not set (the client words 'Sign in with <host>' in the reader's language) or not enabled." }),
  host: z.string().nullable().meta({ description: "The identity provider's host name (from OIDC_ISSUER), for the default button text; null when not enabled." }),
  only: z.boolean().meta({ description: 'OIDC_ONLY: the password form is hidden; password login and registration answer 403.' }),
});
export type OidcConfigReply = z.infer<typeof oidcConfigReply>;

const returnTo = z
  .string({ error: 'The return address must be text.' })
  .max(2_000, { error: 'The return address is too long.' })
  .optional()
  .meta({ description: 'A path on this site to land on afterwards (`/movie/12`); anything else lands on `/`.' });

export const oidcStartQuery = z.object({
  return_to: returnTo,
  invite: z
    .string({ error: 'The invitation must be text.' })
    .max(200, { error: 'This invitation is not valid or has already been used.' })
    .optional()
    .meta({ description: 'The token of an invitation link, kept for the account this sign-in may create.' }),
});

const providerValue = (description: string) => z.string().max(4_000, { error: 'The answer of the identity provider is too long.' }).optional().meta({ description });

/** What the identity provider appends to the redirect address; other parameters are ignored here and read by the checks. */
export const oidcCallbackQuery = z.object({
  code: providerValue('The authorization code.'),
  state: providerValue('The state this site sent.'),
  iss: providerValue("The provider's issuer identifier (RFC 9207)."),
  error: providerValue('Why the provider did not sign the person in (`access_denied`, …).'),
  error_description: providerValue("The provider's own description of the error."),
});

/** The reply of the two browser-navigation calls, which answer with a redirect instead. */
const redirectReply = z.string().meta({ description: 'Never sent: the call answers 302 Found with a Location header.' });

export const oidcPendingReply = z.object({
  success: z.literal(true),
  username: z.string().meta({ description: 'The existing account that has the name the identity provider gave.' }),
});
export type OidcPendingReply = z.infer<typeof oidcPendingReply>;

export const oidcLinkRequest = z.object({
  password: z
    .string({ error: (issue) => (issue.input === undefined ? 'Password is required.' : 'Password must be text.') })
    .min(1, { error: 'Password is required.' })
    .max(PASSWORD_MAX, { error: `Password must be at most ${PASSWORD_MAX} characters.` }),
});
export type OidcLinkRequest = z.infer<typeof oidcLinkRequest>;

export const oidcSignedInReply = z.object({
  success: z.literal(true),
  user: currentUser,
  return_to: z.string().meta({ description: 'The path on this site the sign-in was started from, to go on to.' }),
});
export type OidcSignedInReply = z.infer<typeof oidcSignedInReply>;

/** Signing in through an OpenID Connect identity provider (Keycloak, Authentik, …). */
export const oidcRoutes = {
  config: defineRoute({
    method: 'GET',
    path: '/api/auth/oidc/config',
    summary: 'Whether the login page offers sign-in through an identity provider, with the button text.',
    tag: TAG,
    auth: 'none',
    reply: oidcConfigReply,
  }),
  start: defineRoute({
    method: 'GET',
    path: '/api/auth/oidc/start',
    summary: 'Opened by the browser: redirects (302) to the identity provider, with PKCE, state and nonce kept in a short-lived cookie.',
    tag: TAG,
    auth: 'none',
    query: oidcStartQuery,
    reply: redirectReply,
    produces: 'text/html',
  }),
  callback: defineRoute({
    method: 'GET',
    path: '/api/auth/oidc/callback',
    summary:
      "The identity provider's redirect: checks the answer, then signs the member in (or creates one) and redirects (302) onwards; problems go to /login?oidc_error=….",
    tag: TAG,
    auth: 'none',
    query: oidcCallbackQuery,
    reply: redirectReply,
    produces: 'text/html',
  }),
  pending: defineRoute({
    method: 'GET',
    path: '/api/auth/oidc/pending',
    summary: 'The existing account a sign-in waiting on the link page may be joined to.',
    tag: TAG,
    auth: 'none',
    reply: oidcPendingReply,
  }),
  link: defineRoute({
    method: 'POST',
    path: '/api/auth/oidc/link',
    summary: "Joins the waiting sign-in to the existing account after checking that account's password, then signs in.",
    tag: TAG,
    auth: 'none',
    body: oidcLinkRequest,
    reply: oidcSignedInReply,
  }),
  create: defineRoute({
    method: 'POST',
    path: '/api/auth/oidc/create',
    summary: 'Creates a new account for the waiting sign-in (under a free name) instead of linking, then signs in.',
    tag: TAG,
    auth: 'none',
    reply: oidcSignedInReply,
  }),
};
