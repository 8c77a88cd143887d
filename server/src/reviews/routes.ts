import { type ReviewRead, reviewRoutes as api } from '@movieclub/contract';
import type { FastifyInstance } from 'fastify';
import { contractRoute, keptReplies } from '../http/contractRoute';
import { siteUrl } from '../http/siteUrl';
import { reviewEvent } from '../webhooks/events';
import { isSiteAdmin } from '../admin/access';
import { notifyLater, tellUnread } from '../notifications/notify';
import { reviewMentioned } from '../notifications/producers';
import { tellMoviePage } from './moviePageLive';
import * as service from './service';

export async function routes(app: FastifyInstance): Promise<void> {
  contractRoute(app, api.post)(async (request) => {
    const { created } = await service.saveReview(app.db, request.user.id, request.body);
    tellMoviePage(app, request.body.movie_id, null);
    if (request.body.text) {
      const actor = { id: request.user.id, username: request.user.username };
      const movieId = request.body.movie_id;
      notifyLater(app, 'review mention', async () => {
        const found = await service.reviewMentions(app.db, actor.id, movieId);
        if (found) await reviewMentioned(app, { ...found, movieId, actor });
      });
    }
    if (created) {
      const site = siteUrl(app, request);
      const { movie_id: movieId, stars, text, spoiler } = request.body;
      const posted = { username: request.user.username, movieId, stars, text: text ?? null, spoiler: spoiler ?? false };
      app.clubEvents.post((language) => reviewEvent(app.db, site, posted, language));
    }
    return { success: true };
  });

  // The client tries these four paths in turn; all answer alike.
  const averagesReply = keptReplies((averages: Awaited<ReturnType<typeof service.averagesFor>>) => ({ success: true as const, averages }));
  for (const route of [api.averagesGet, api.averagesGetPlural]) {
    contractRoute(app, route)(async (request) => averagesReply(await service.averagesFor(app.db, request.query.ids)));
  }
  for (const route of [api.averagesPost, api.averagesPostPlural]) {
    contractRoute(app, route)(async (request) => averagesReply(await service.averagesFor(app.db, request.body.ids)));
  }

  const recentReply = keptReplies((recent: Awaited<ReturnType<typeof service.recentFor>>) => ({ success: true as const, recent }));
  contractRoute(app, api.recent)(async (request) => recentReply(await service.recentFor(app.db, request.query.ids, request.query.limit)));

  const reviewsReply = keptReplies((reviews: ReviewRead[]) => ({ success: true as const, reviews }));
  contractRoute(app, api.forMovie)(async (request) => {
    const reviews = await service.reviewsForMovie(app.db, request.params.id, request.query.limit, request.user?.id ?? null);
    return reviewsReply(reviews);
  });

  contractRoute(app, api.remove)(async (request) => {
    const viewer = { id: request.user.id, admin: await isSiteAdmin(app, request.user) };
    const { movieId, told } = await service.deleteReview(app.db, request.params.id, viewer);
    // Open bells read their lists again: what the review and its comments told them is gone.
    notifyLater(app, 'review removal', () => tellUnread(app, told));
    tellMoviePage(app, movieId, null);
    return { success: true };
  });

  // The review form opens showing the viewer's own review.
  contractRoute(app, api.mine)(async (request) => ({
    success: true,
    review: await service.userReviewOfMovie(app.db, request.user.id, request.params.id),
  }));
}
