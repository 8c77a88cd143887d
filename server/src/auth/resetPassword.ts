import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { findUserByName } from '../users/queries';
import { hashPassword } from './passwords';
import * as queries from './queries';

/**
 * A new random password for a member who forgot theirs (`npm run reset-password`, for whoever runs
 * the server: a club without e-mail has no other way back in). Every session of theirs ends, and
 * failed sign-ins stop counting, so a locked account opens at once. Null when nobody has that name.
 */
export async function resetPassword(db: Kysely<Database>, username: string): Promise<{ username: string; password: string; sessionsEnded: number } | null> {
  const user = await findUserByName(db, username);
  if (!user) return null;
  // 16 characters from 96 random bits: well past the 8-character minimum, and easy to type once.
  const password = randomBytes(12).toString('base64url');
  const ended = await queries.replacePassword(db, user.id, await hashPassword(password), null);
  await queries.forgetLoginFailures(db, user.username_lower);
  return { username: user.username, password, sessionsEnded: ended.length };
}
