import { z } from 'zod';
import { rowIdOut, rowIdText } from './ids';
import { API_TOKEN_NAME_MAX, API_TOKENS_PER_MEMBER } from './limits';
import { defineRoute } from './route';
import { isZonedDateTime } from './screenings';
import { oneLineName } from './textRules';

/** Every API token starts with this, so a leaked one is easy to recognise (and to search for). */
export const API_TOKEN_PREFIX = 'mc_';

/** `read`: GET and HEAD calls only; `read-write`: every call the member may make, except managing tokens. */
export const API_TOKEN_SCOPES = ['read', 'read-write'] as const;
export type ApiTokenScope = (typeof API_TOKEN_SCOPES)[number];

/** The sentences a client may meet when calling with a token. */
export const API_TOKEN_SENTENCES = {
  invalid: 'This API token is not valid or has expired.',
  readOnly: 'This API token may only read.',
  noManagement: 'API tokens cannot manage API tokens; sign in with your password.',
  notFound: 'Token not found.',
  limit: `You already have ${API_TOKENS_PER_MEMBER} API tokens; revoke one before creating another.`,
  pastExpiry: 'The expiry must be in the future.',
} as const;

const NAME_SENTENCE = `Name must be 1 to ${API_TOKEN_NAME_MAX} characters.`;
const NOT_AN_EXPIRY = 'Expiry must be a date and time with its offset, written like 2027-01-31T23:59:59Z.';

export const apiTokenCreate = z.object({
  name: oneLineName(z.string({ error: (issue) => (issue.input === undefined ? 'Name is required.' : 'Name must be text.') }), NAME_SENTENCE)
    .max(API_TOKEN_NAME_MAX, { error: NAME_SENTENCE })
    .meta({ description: 'What the token is for, e.g. "Home server script"; kept on one line, surrounding spaces trimmed.' }),
  scope: z.enum(API_TOKEN_SCOPES, { error: "Scope must be 'read' or 'read-write'." }),
  expires_at: z
    .string({ error: NOT_AN_EXPIRY })
    .max(40, { error: NOT_AN_EXPIRY })
    .refine(isZonedDateTime, { error: NOT_AN_EXPIRY })
    .nullable()
    .optional()
    .meta({ description: 'ISO 8601 with an offset, in the future; left out or null: the token never expires.' }),
});
export type ApiTokenCreate = z.infer<typeof apiTokenCreate>;

export const apiToken = z
  .object({
    id: rowIdOut,
    name: z.string(),
    scope: z.enum(API_TOKEN_SCOPES),
    created_at: z.string(),
    expires_at: z.string().nullable().meta({ description: 'ISO 8601 (UTC); null: never expires.' }),
    last_used_at: z.string().nullable().meta({ description: 'When it was last used, to within a minute (written at most once a minute); null: never used.' }),
  })
  .meta({ id: 'ApiToken' });
export type ApiToken = z.infer<typeof apiToken>;

export const apiTokenCreated = z.object({
  success: z.literal(true),
  id: rowIdOut,
  token: z.string().meta({ description: 'The token itself, shown this once: only a keyed hash of it is stored.' }),
});
export type ApiTokenCreated = z.infer<typeof apiTokenCreated>;

export const apiTokensReply = z.object({ success: z.literal(true), tokens: z.array(apiToken).meta({ description: 'Newest first.' }) });
export type ApiTokensReply = z.infer<typeof apiTokensReply>;

const TAG = 'API tokens';
const SIGN_IN = 'You must be signed in to manage API tokens.';

export const tokenRoutes = {
  create: defineRoute({
    method: 'POST',
    path: '/api/tokens',
    summary: 'Creates a personal API token; the reply shows the token once. Needs a password session, not a token.',
    tag: TAG,
    auth: 'required',
    signInSentence: SIGN_IN,
    body: apiTokenCreate,
    reply: apiTokenCreated,
  }),
  list: defineRoute({
    method: 'GET',
    path: '/api/tokens',
    summary: "The caller's API tokens, newest first, without the tokens themselves. Needs a password session.",
    tag: TAG,
    auth: 'required',
    signInSentence: SIGN_IN,
    reply: apiTokensReply,
  }),
  revoke: defineRoute({
    method: 'DELETE',
    path: '/api/tokens/:id',
    summary: 'Revokes (deletes) one of the caller’s API tokens; calls made with it fail from then on. Needs a password session.',
    tag: TAG,
    auth: 'required',
    signInSentence: SIGN_IN,
    params: z.object({ id: rowIdText('The token id is not valid.') }),
    reply: z.object({ success: z.literal(true) }),
  }),
};
