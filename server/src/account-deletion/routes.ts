import { adminRoutes, authRoutes, type AccountDeletionRequest } from '@movieclub/contract';
import type { FastifyInstance } from 'fastify';
import { requireAdmin } from '../admin/access';
import { clearSessionCookie } from '../auth/session';
import { contractRoute } from '../http/contractRoute';
import { badRequest, forbidden, HttpError } from '../http/errors';
import { rateLimit } from '../http/rateLimits';
import { notifyLater, tellUnread } from '../notifications/notify';
import { AvatarStore } from '../profiles/upload';
import { tellMoviePage } from '../reviews/moviePageLive';
import { announceListChange } from '../watchlists/announce';
import { type DeletedAccount, deleteAccount, memberNamed } from './service';

export async function routes(app: FastifyInstance): Promise<void> {
  const pictures = new AvatarStore(app.config.uploadsDir);

  /** The member says it is them: their password, or where the provider alone signs members in, their name typed out. */
  const confirmIdentity = async (user: { username: string }, body: AccountDeletionRequest) => {
    if (app.config.oidc?.only) {
      if ((body.confirm_username ?? '').trim().toLowerCase() !== user.username.toLowerCase()) throw badRequest('Type your username exactly to confirm.');
      return;
    }
    if (!body.password) throw badRequest('Enter your password to delete your account.');
    try {
      await app.auth.checkPassword({ username: user.username, password: body.password });
    } catch (error) {
      if (error instanceof HttpError && error.code === 'invalid_credentials') throw forbidden('That is not your password.', 'current_password_wrong');
      throw error;
    }
  };

  /** Whoever is watching hears of it: the member's sockets close, bells, lists and movie pages read again. */
  const tellEveryone = async (deleted: DeletedAccount) => {
    app.realtime.endSessionsByHash(deleted.sessions);
    for (const list of deleted.lists) announceListChange(app, list, 'moderators');
    for (const movie of deleted.movies) tellMoviePage(app, movie, null);
    notifyLater(app, 'account deletion', () => tellUnread(app, deleted.told));
    await pictures.remove(deleted.picture);
  };

  contractRoute(app, authRoutes.deleteAccount, { config: { rateLimit: rateLimit(app.config, 'login') } })(async (request, reply) => {
    if (request.tokenScope) throw forbidden('API tokens cannot delete an account; sign in with your password.', 'token_not_allowed');
    await confirmIdentity(request.user, request.body);
    const deleted = await deleteAccount(app.db, request.user.id);
    clearSessionCookie(request, reply);
    await tellEveryone(deleted);
    return { success: true };
  });

  contractRoute(app, adminRoutes.removeMember)(async (request) => {
    const admin = await requireAdmin(app, request);
    const member = await memberNamed(app.db, request.params.username);
    if (member.id === admin.id) throw badRequest('Delete your own account on your profile.');
    await tellEveryone(await deleteAccount(app.db, member.id));
    return { success: true };
  });
}
