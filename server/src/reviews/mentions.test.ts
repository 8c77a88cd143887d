import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { addMovie, createUser } from '../testing/factories';
import { startTestApp, TEST_DATABASES, type TestApp } from '../testing/testApp';

/** Notifications are written after the reply: wait until the member has `count` of them. */
async function notificationsOf(agent: { get(path: string): Promise<{ body: { notifications: { kind: string; text: string; link: string }[] } }> }, count: number) {
  for (let tries = 0; tries < 100; tries++) {
    const { notifications } = (await agent.get('/api/notifications')).body;
    if (notifications.length >= count) return notifications;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return (await agent.get('/api/notifications')).body.notifications;
}

for (const kind of TEST_DATABASES) {
  describe(`mentions in reviews (${kind})`, () => {
    let app: TestApp;
    before(async () => {
      app = await startTestApp(kind);
    });
    after(() => app.close());

    it('lists the members a review mentions and tells each of them once, however often it is edited', async () => {
      const ann = await createUser(app, 'men_ann');
      const bob = await createUser(app, 'Men_Bob');
      const movie = await addMovie(app.database.db, { title: 'Mentionable' });
      const text = '@men_bob you must see this. Not @nobody_here, not me@men_bob.org, and @men_ann herself.';
      assert.equal((await ann.agent.post('/api/review', { movie_id: movie.id, stars: 7, text })).status, 200);
      const [review] = (await app.agent().get(`/api/movies/${movie.id}/reviews`)).body.reviews;
      assert.deepEqual(review.mentions, ['Men_Bob', 'men_ann'], 'existing members in their own spelling; addresses and unknown names left out');

      const [notice] = await notificationsOf(bob.agent, 1);
      assert.deepEqual([notice.kind, notice.text, notice.link], ['mention', 'men_ann mentioned you in a review of Mentionable.', `/movie/${movie.id}`]);
      assert.equal((await ann.agent.post('/api/review', { movie_id: movie.id, stars: 8, text: `${text} Edited.` })).status, 200);
      await new Promise((resolve) => setTimeout(resolve, 200));
      assert.equal((await bob.agent.get('/api/notifications')).body.notifications.length, 1, 'an edit does not tell him again');
      assert.equal((await ann.agent.get('/api/notifications')).body.notifications.length, 0, 'nobody is told of their own mention');
    });

    it('links a mention of a name to the member who takes it later, from then on', async () => {
      const dan = await createUser(app, 'men_dan');
      const movie = await addMovie(app.database.db, { title: 'Waiting For Cleo' });
      assert.equal((await dan.agent.post('/api/review', { movie_id: movie.id, stars: 6, text: 'Made for @men_cleo.' })).status, 200);
      const mentions = async () => (await app.agent().get(`/api/movies/${movie.id}/reviews`)).body.reviews[0].mentions;
      assert.deepEqual(await mentions(), [], 'nobody by that name yet');
      await createUser(app, 'Men_Cleo');
      assert.deepEqual(await mentions(), ['Men_Cleo']);
    });
  });
}
