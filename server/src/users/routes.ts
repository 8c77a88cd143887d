import type { FastifyInstance, FastifyRequest } from 'fastify';
import { parseIdList } from '../http/validate';
import { seenAndRatings } from '../watchlists/service';

function parts(request: FastifyRequest) {
  const { username } = request.params as { username: string };
  const ids = parseIdList((request.query as { ids?: unknown }).ids);
  return { username: String(username ?? ''), ids };
}

export async function routes(app: FastifyInstance): Promise<void> {
  // Movies the user reviewed, among `ids`: the watchlist's 'Hide owner seen' filter.
  app.get('/api/users/:username/seen', async (request) => {
    const { username, ids } = parts(request);
    const { seen } = await seenAndRatings(app.db, username, ids);
    return { success: true, seen };
  });

  // The user's TTM grade (1–7) for each of `ids` they graded: the rating letters.
  app.get('/api/users/:username/ratings', async (request) => {
    const { username, ids } = parts(request);
    const { ratings } = await seenAndRatings(app.db, username, ids);
    return { success: true, ratings };
  });
}
