import { socialRoutes as api } from '@movieclub/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isSiteAdmin } from '../admin/access';
import { contractRoute } from '../http/contractRoute';
import { rateLimit } from '../http/rateLimits';
import { notifyLater, tellUnread } from '../notifications/notify';
import { commentMentions, commentPosted, reactionLeft } from '../notifications/producers';
import { tellMoviePage } from '../reviews/moviePageLive';
import * as service from './service';

export async function routes(app: FastifyInstance): Promise<void> {
  const viewer = async (request: FastifyRequest): Promise<service.Viewer> =>
    request.user ? { id: request.user.id, admin: await isSiteAdmin(app, request.user) } : null;
  const member = async (request: FastifyRequest) => (await viewer(request))!;
  const commentLimit = { config: { rateLimit: rateLimit(app.config, 'comment') } };
  const reactLimit = { config: { rateLimit: rateLimit(app.config, 'react') } };

  contractRoute(app, api.comments)(async (request) => ({
    success: true,
    ...(await service.list(app.db, request.params.id, request.query, await viewer(request))),
  }));

  contractRoute(app, api.comment, commentLimit)(async (request) => {
    const { comment, movieId, mentionedUserIds } = await service.create(app.db, request.params.id, await member(request), request.body);
    const actor = { id: request.user.id, username: request.user.username };
    notifyLater(app, 'comment', () => commentPosted(app, { commentId: comment.id, reviewId: comment.review_id, actor, mentionedUserIds }));
    tellMoviePage(app, movieId, { id: comment.review_id, what: 'comments' });
    return { success: true, comment };
  });

  contractRoute(app, api.change, commentLimit)(async (request) => {
    const { comment, movieId, mentionedUserIds } = await service.change(app.db, request.params.id, await member(request), request.body);
    // Members the edit names for the first time hear of the comment; nobody hears of it twice.
    const actor = { id: request.user.id, username: request.user.username };
    if (mentionedUserIds.length > 0) notifyLater(app, 'comment', () => commentMentions(app, { commentId: comment.id, reviewId: comment.review_id, actor, mentionedUserIds }));
    tellMoviePage(app, movieId, { id: comment.review_id, what: 'comments' });
    return { success: true, comment };
  });

  contractRoute(app, api.remove)(async (request) => {
    const { reviewId, movieId, told } = await service.remove(app.db, request.params.id, await member(request));
    // Open bells read their lists again: what the comment told them is gone.
    notifyLater(app, 'comment removal', () => tellUnread(app, told));
    tellMoviePage(app, movieId, { id: reviewId, what: 'comments' });
    return { success: true };
  });

  const reactions = [
    [api.reactToReview, 'review', true],
    [api.unreactToReview, 'review', false],
    [api.reactToComment, 'comment', true],
    [api.unreactToComment, 'comment', false],
  ] as const;
  for (const [route, kind, on] of reactions) {
    contractRoute(app, route, reactLimit)(async (request) => {
      const { id, reaction } = request.params;
      const { reactions, reviewId, movieId } = await service.react(app.db, kind, id, await member(request), reaction, on);
      tellMoviePage(app, movieId, { id: reviewId, what: 'reactions' });
      if (on) {
        const actor = { id: request.user.id, username: request.user.username };
        notifyLater(app, 'reaction', () => reactionLeft(app, { target: kind, targetId: id, actor, reaction }));
      }
      return { success: true, reactions };
    });
  }
}
