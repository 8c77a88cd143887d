import { z } from 'zod';
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

export const registerRequest = z.object({ username: usernameField, password: passwordField });
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

export interface CurrentUser {
  id: number;
  username: string;
  profile_picture: string | null;
  created_at: string;
}

export type UserReply = { success: true; user: CurrentUser } | { success: false; error?: string };
