import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { SessionUser } from '../auth/service';
import { requireUser } from '../auth/session';
import type { Database } from '../db/schema';
import { forbidden } from '../http/errors';

export const ADMIN_ONLY = 'Only an admin of this site may do this.';

/** The account registered first: the site's admin when ADMIN_USERNAMES names nobody else. */
export async function firstUserId(db: Kysely<Database>): Promise<number | null> {
  const row = await db.selectFrom('users').select((eb) => eb.fn.min('id').as('id')).executeTakeFirst();
  return row?.id == null ? null : Number(row.id);
}

/** Site admins: everyone in ADMIN_USERNAMES (any case), and the first registered account. */
export async function isSiteAdmin(app: FastifyInstance, user: Pick<SessionUser, 'id' | 'username'>): Promise<boolean> {
  if (app.config.adminUsernames.includes(user.username.toLowerCase())) return true;
  return (await firstUserId(app.db)) === user.id;
}

/** The signed-in admin, or 401 for a visitor and 403 for any other member. */
export async function requireAdmin(app: FastifyInstance, request: FastifyRequest): Promise<SessionUser> {
  const user = requireUser(request);
  if (!(await isSiteAdmin(app, user))) throw forbidden(ADMIN_ONLY, 'admin_only');
  return user;
}
