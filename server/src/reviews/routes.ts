import { reviewRoutes as api } from '@movieclub/contract';
import type { FastifyInstance } from 'fastify';
import { contractRoute } from '../http/contractRoute';
import { siteUrl } from '../http/siteUrl';
import { reviewEvent } from '../webhooks/events';
import { notifyLater } from '../notifications/notify';
import { reviewMentioned } from '../notifications/producers';
import * as service from './service';

export async function routes(app: FastifyInstance): Promise<void> {
  contractRoute(app, api.post)(async (request) => {
    const { created } = await service.saveReview(app.db, request.user.id, request.body);
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
      const { id: userId } = request.user;
      app.clubEvents.post(() => reviewEvent(app.db, site, userId, request.body.movie_id));
    }
    return { success: true };
  });

  // The client tries these four paths in turn; all answer alike.
  for (const route of [api.averagesGet, api.averagesGetPlural]) {
    contractRoute(app, route)(async (request) => ({ success: true, averages: await service.averagesFor(app.db, request.query.ids) }));
  }
  for (const route of [api.averagesPost, api.averagesPostPlural]) {
    contractRoute(app, route)(async (request) => ({ success: true, averages: await service.averagesFor(app.db, request.body.ids) }));
  }

  contractRoute(app, api.recent)(async (request) => ({
    success: true,
    recent: await service.recentFor(app.db, request.query.ids, request.query.limit),
  }));

  contractRoute(app, api.forMovie)(async (request) => ({
    success: true,
    reviews: await service.reviewsForMovie(app.db, request.params.id, request.query.limit, request.user?.id ?? null),
  }));

  // The review form opens showing the viewer's own review.
  contractRoute(app, api.mine)(async (request) => ({
    success: true,
    review: await service.userReviewOfMovie(app.db, request.user.id, request.params.id),
  }));
}
