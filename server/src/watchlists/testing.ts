import type { ApiAgent } from '../testing/client';
import { addMovie, createUser } from '../testing/factories';
import type { TestApp } from '../testing/testApp';

/** A public list with an owner, a moderator and a stranger, plus the owner's personal list. */
export async function watchlistWorld(app: TestApp, prefix: string) {
  const owner = await createUser(app, `${prefix}_owner`);
  const moderator = await createUser(app, `${prefix}_mod`);
  const stranger = await createUser(app, `${prefix}_stranger`);
  const movies = [];
  for (let index = 0; index < 4; index++) movies.push(await addMovie(app.database.db, { title: `${prefix} film ${index}` }));

  const created = await owner.agent.post('/api/watchlists/public', { name: `${prefix} Public List` });
  if (created.status !== 200) throw new Error(`create failed: ${JSON.stringify(created.body)}`);
  const publicId = created.body.watchlist.id as number;
  const mine = await owner.agent.get('/api/watchlists/mine');
  const personalId = mine.body.watchlist.id as number;
  for (const movie of movies.slice(0, 3)) {
    await owner.agent.post(`/api/watchlists/${publicId}/items`, { movie_id: movie.id });
    await owner.agent.post('/api/watchlists/mine/items', { movie_id: movie.id });
  }
  const promoted = await owner.agent.post('/api/add_moderator', { username: moderator.username, watchlist_id: publicId });
  if (promoted.status !== 200) throw new Error(`add_moderator failed: ${JSON.stringify(promoted.body)}`);
  return { owner, moderator, stranger, movies, publicId, personalId };
}

/** The movie ids of a list in order, as `agent` sees them. */
export async function itemIds(agent: ApiAgent, listId: number): Promise<number[]> {
  const reply = await agent.get(`/api/watchlists/${listId}`);
  return (reply.body.watchlist.items as { id: number }[]).map((item) => item.id);
}
