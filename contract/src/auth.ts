import { z } from 'zod';
import { defineRoute } from './route';
import { rowIdOut } from './ids';
import { PASSWORD_MAX, PASSWORD_MIN, USERNAME_MAX, USERNAME_MIN, USERNAME_PATTERN } from './limits';

const usernameField = z
  .string({ error: (issue) => (issue.input === undefined ? 'Username is required.' : 'Username must be text.') })
  .trim()
  .min(1, { error: 'Username is required.' })
  .min(USERNAME_MIN, { error: `Username must be at least ${USERNAME_MIN} characters.` })
  .max(USERNAME_MAX, { error: `Username must be at most ${USERNAME_MAX} characters.` })
  .regex(USERNAME_PATTERN, {
    error: 'Username may contain only letters, digits, underscores, dots and hyphens.',
  });

const passwordField = z
  .string({ error: (issue) => (issue.input === undefined ? 'Password is required.' : 'Password must be text.') })
  .min(1, { error: 'Password is required.' })
  .min(PASSWORD_MIN, { error: `Password must be at least ${PASSWORD_MIN} characters.` })
  .max(PASSWORD_MAX, { error: `Password must be at most ${PASSWORD_MAX} characters.` });

export const registerRequest = z.object({
  username: usernameField,
  password: passwordField,
  invite: z
    .string({ error: 'The invitation must be text.' })
    .max(200, { error: 'This invitation is not valid or has already been used.' })
    .optional()
    .meta({ description: 'The token of an invitation link (register?invite=…); needed when registration is by invitation.' }),
});
export type RegisterRequest = z.infer<typeof registerRequest>;

/** Login checks only presence and size: a wrong value is 'Invalid username or password.' */
export const loginRequest = z.object({
  username: z
    .string({ error: (issue) => (issue.input === undefined ? 'Username is required.' : 'Username must be text.') })
    .trim()
    .min(1, { error: 'Username is required.' })
    .max(USERNAME_MAX * 4, { error: 'Invalid username or password.' }),
  password: z
    .string({ error: (issue) => (issue.input === undefined ? 'Password is required.' : 'Password must be text.') })
    .min(1, { error: 'Password is required.' })
    .max(PASSWORD_MAX, { error: `Password must be at most ${PASSWORD_MAX} characters.` }),
});
export type LoginRequest = z.infer<typeof loginRequest>;

export const currentUser = z
  .object({
    id: rowIdOut,
    username: z.string(),
    profile_picture: z.string().nullable(),
    created_at: z.string().meta({ description: 'An ISO 8601 timestamp.' }),
  })
  .meta({ id: 'CurrentUser' });
export type CurrentUser = z.infer<typeof currentUser>;

export const userReply = z.object({ success: z.literal(true), user: currentUser });
/** `/api/user` also says whether the member administers the site (shows the admin page). */
export const sessionUserReply = z.object({
  success: z.literal(true),
  user: currentUser.extend({ is_admin: z.boolean().meta({ description: 'A site admin: in ADMIN_USERNAMES or the first account registered.' }) }),
});
/** The member as `/api/user` describes them. */
export type SessionMember = z.infer<typeof sessionUserReply>['user'];
export type UserReply = z.infer<typeof userReply> | { success: false; error?: string };

/** A member's new password: the current one checks it is them (under login's lockout), the new one follows the register rules. */
export const passwordChangeRequest = z.object({
  current_password: z
    .string({ error: (issue) => (issue.input === undefined ? 'Your current password is required.' : 'Your current password must be text.') })
    .min(1, { error: 'Your current password is required.' })
    .max(PASSWORD_MAX, { error: 'That is not your current password.' }),
  new_password: z
    .string({ error: (issue) => (issue.input === undefined ? 'A new password is required.' : 'The new password must be text.') })
    .min(1, { error: 'A new password is required.' })
    .min(PASSWORD_MIN, { error: `The new password must be at least ${PASSWORD_MIN} characters.` })
    .max(PASSWORD_MAX, { error: `The new password must be at most ${PASSWORD_MAX} characters.` }),
});
export type PasswordChangeRequest = z.infer<typeof passwordChangeRequest>;

/**
 * Deleting one's account: the password where members sign in with one; where they sign in through
 * the identity provider only (OIDC_ONLY), their username typed out instead.
 */
export const accountDeletionRequest = z.object({
  password: z
    .string({ error: 'Your password must be text.' })
    .max(PASSWORD_MAX, { error: 'That is not your password.' })
    .optional()
    .meta({ description: 'The account’s password; needed unless the site signs members in through its identity provider only.' }),
  confirm_username: z
    .string({ error: 'The username to confirm must be text.' })
    .max(USERNAME_MAX * 4, { error: 'Type your username exactly to confirm.' })
    .optional()
    .meta({ description: 'With OIDC_ONLY: the account’s username, typed out (any case).' }),
});
export type AccountDeletionRequest = z.infer<typeof accountDeletionRequest>;

const okReply = z.object({ success: z.literal(true) });

const logoutReply = okReply.extend({
  sign_out_url: z.url().optional().meta({
    description: "With OIDC_SIGN_OUT_AT_PROVIDER, for a session opened through the identity provider: its address that ends the session there too, to send the browser to; it sends the browser back to the site's home page.",
  }),
});
export type LogoutReply = z.infer<typeof logoutReply>;

/** The account calls. */
export const authRoutes = {
  register: defineRoute({
    method: 'POST',
    path: '/api/register',
    summary: 'Creates an account (the caller then signs in).',
    tag: 'Accounts',
    auth: 'none',
    body: registerRequest,
    reply: okReply,
  }),
  login: defineRoute({
    method: 'POST',
    path: '/api/login',
    summary: 'Signs in: sets the session cookie and the device cookie.',
    tag: 'Accounts',
    auth: 'none',
    body: loginRequest,
    reply: userReply,
  }),
  logout: defineRoute({
    method: 'POST',
    path: '/api/logout',
    summary: 'Signs out: ends the session and closes its sockets.',
    tag: 'Accounts',
    auth: 'none',
    reply: logoutReply,
  }),
  changePassword: defineRoute({
    method: 'POST',
    path: '/api/user/password',
    summary:
      "Changes the caller's password: the current one is checked under login's lockout rules. The caller's other sessions end (their sockets close); this one and API tokens stay.",
    tag: 'Accounts',
    auth: 'required',
    signInSentence: 'You must be signed in to change your password.',
    body: passwordChangeRequest,
    reply: okReply,
  }),
  deleteAccount: defineRoute({
    method: 'DELETE',
    path: '/api/user',
    summary:
      "Deletes the caller's account for good: reviews (with their comments), ratings, comments, reactions, diary, lists, imports and sessions. A public list with moderators passes to its longest-serving moderator. The site's first account cannot be deleted.",
    tag: 'Accounts',
    auth: 'required',
    signInSentence: 'You must be signed in to delete your account.',
    body: accountDeletionRequest,
    reply: okReply,
  }),
  currentUser: defineRoute({
    method: 'GET',
    path: '/api/user',
    summary: 'The signed-in user, or 401 for a visitor.',
    tag: 'Accounts',
    auth: 'none',
    reply: sessionUserReply,
  }),
};
