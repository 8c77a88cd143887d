import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { NOTIFICATION_EVENTS } from '@movieclub/contract';
import type { Socket } from 'socket.io-client';
import { HIGH_LIMITS, postComment } from '../comments/testing';
import { scheduleScreening, startsIn } from '../screenings/testing';
import type { ApiAgent } from '../testing/client';
import { addMovie, createUser } from '../testing/factories';
import { startTestApp, TEST_DATABASES, type TestApp } from '../testing/testApp';
import { connectSocket, nextEvent } from '../watchlists/socketClient';

const PASSWORD = 'correct horse battery';

for (const kind of TEST_DATABASES) {
  describe(`deleting an account (${kind})`, () => {
    let app: TestApp;
    const sockets: Socket[] = [];

    before(async () => {
      app = await startTestApp(kind, { config: { ...HIGH_LIMITS, adminUsernames: ['ad_boss'] } });
      // The first account: the site's admin by registration order.
      await createUser(app, 'ad_first', PASSWORD);
    });
    after(async () => {
      for (const socket of sockets) socket.disconnect();
      await app.close();
    });

    const kinds = async (agent: ApiAgent) => ((await agent.get('/api/notifications')).body.notifications as { kind: string }[]).map((row) => row.kind).sort();
    const settle = async (agent: ApiAgent, count: number) => {
      for (let tries = 0; (await kinds(agent)).length < count && tries < 100; tries += 1) await new Promise((resolve) => setTimeout(resolve, 20));
    };
    const rowsOf = async (userId: number) => {
      const db = app.database.db;
      const count = async (table: 'reviews' | 'comments' | 'reactions' | 'viewings' | 'sessions' | 'api_tokens') =>
        (await db.selectFrom(table).select('user_id').where('user_id', '=', userId).execute()).length;
      return {
        reviews: await count('reviews'),
        comments: await count('comments'),
        reactions: await count('reactions'),
        viewings: await count('viewings'),
        sessions: await count('sessions'),
        tokens: await count('api_tokens'),
        lists: (await db.selectFrom('watchlists').select('id').where('owner_id', '=', userId).execute()).length,
      };
    };

    it('takes everything that was only theirs, hands a moderated list on, and tells whoever is watching', async () => {
      const leo = await createUser(app, 'ad_leo', PASSWORD);
      const ann = await createUser(app, 'ad_ann', PASSWORD);
      const bob = await createUser(app, 'ad_bob', PASSWORD);
      const first = await addMovie(app.database.db, { title: 'Leo’s Film' });
      const second = await addMovie(app.database.db, { title: 'Ann’s Film' });

      // Leo's review with a comment and a reaction; Leo's comment and reaction on Ann's review.
      assert.equal((await leo.agent.post('/api/review', { movie_id: first.id, stars: 9, text: 'Mine.' })).status, 200);
      const leosReview = (await leo.agent.get(`/api/movies/${first.id}/reviews/mine`)).body.review.id as number;
      await postComment(ann.agent, leosReview, { text: 'Nice one, Leo.' });
      assert.equal((await bob.agent.put(`/api/reviews/${leosReview}/reactions/heart`)).status, 200);
      assert.equal((await ann.agent.post('/api/review', { movie_id: second.id, stars: 6 })).status, 200);
      const annsReview = (await ann.agent.get(`/api/movies/${second.id}/reviews/mine`)).body.review.id as number;
      const leosComment = await postComment(leo.agent, annsReview, { text: 'Too kind, @ad_bob?' });
      assert.equal((await bob.agent.put(`/api/comments/${leosComment}/reactions/laugh`)).status, 200);
      assert.equal((await leo.agent.put(`/api/reviews/${annsReview}/reactions/heart`)).status, 200);
      assert.equal((await leo.agent.post('/api/viewings', { movie_id: second.id, with: ['ad_ann'] })).status, 200);

      // A list with a moderator, and one without, with a movie night Bob is coming to.
      const shared = (await leo.agent.post('/api/watchlists/public', { name: 'Leo’s Picks' })).body.watchlist.id as number;
      assert.equal((await leo.agent.post('/api/add_moderator', { username: 'ad_ann', watchlist_id: shared })).status, 200);
      assert.equal((await leo.agent.post('/api/add_moderator', { username: 'ad_bob', watchlist_id: shared })).status, 200);
      const solo = (await leo.agent.post('/api/watchlists/public', { name: 'Leo Alone' })).body.watchlist.id as number;
      const night = await scheduleScreening(leo.agent, { watchlist_id: solo, starts_at: startsIn(48) });
      assert.equal((await bob.agent.post(`/api/screenings/${night}/rsvp`, { status: 'yes' })).status, 200);

      await settle(ann.agent, 3);
      assert.deepEqual(await kinds(ann.agent), ['comment', 'reaction', 'viewing_tag']);
      await settle(bob.agent, 1);
      assert.ok((await kinds(bob.agent)).includes('mention'));

      const leosSocket = connectSocket(app.url, leo.agent.cookieHeader);
      const annsSocket = connectSocket(app.url, ann.agent.cookieHeader);
      sockets.push(leosSocket, annsSocket);
      await Promise.all([nextEvent(leosSocket, 'connect'), nextEvent(annsSocket, 'connect')]);
      const leoClosed = nextEvent(leosSocket, 'disconnect');
      const annHears = nextEvent<{ unread: number }>(annsSocket, NOTIFICATION_EVENTS.changed);

      const deleted = await leo.agent.request('DELETE', '/api/user', { password: PASSWORD });
      assert.deepEqual([deleted.status, deleted.body], [200, { success: true }]);
      assert.ok(deleted.headers.getSetCookie().some((cookie) => /^sid=;/.test(cookie)), 'the session cookie is cleared');
      assert.equal(await leoClosed, 'io server disconnect');
      assert.equal((await annHears).unread, 0);

      // Gone: the account and all that was only theirs.
      assert.equal((await leo.agent.get('/api/user')).status, 401);
      assert.equal((await app.agent().post('/api/login', { username: 'ad_leo', password: PASSWORD })).status, 401);
      assert.equal((await app.agent().get('/api/users/ad_leo/profile')).status, 404);
      assert.deepEqual(await rowsOf(leo.id), { reviews: 0, comments: 0, reactions: 0, viewings: 0, sessions: 0, tokens: 0, lists: 0 });
      assert.equal((await app.database.db.selectFrom('reactions').select('user_id').execute()).length, 0, 'reactions to what they wrote go too');
      assert.deepEqual((await app.agent().get(`/api/movies/${first.id}/reviews`)).body.reviews, []);
      const annsNow = (await app.agent().get(`/api/movies/${second.id}/reviews`)).body.reviews[0];
      assert.deepEqual([annsNow.comment_count, annsNow.reactions.counts], [0, {}]);
      assert.deepEqual(await kinds(ann.agent), [], 'what Leo told Ann went with Leo');
      assert.ok(!(await kinds(bob.agent)).includes('mention'), 'so did the mention in Leo’s comment');
      const feed = (await app.agent().get('/api/feed')).body.events as { actor: { username: string } | null }[];
      assert.ok(!feed.some((event) => event.actor?.username === 'ad_leo'));

      // The moderated list passes to its longest-serving moderator; the other goes with its night.
      const handed = (await ann.agent.get(`/api/watchlists/${shared}`)).body.watchlist;
      assert.deepEqual([handed.owner_username, handed.moderators], ['ad_ann', ['ad_bob']]);
      assert.equal(handed.permissions.manage_moderators, true);
      assert.equal((await app.agent().get(`/api/watchlists/${solo}`)).status, 404);
      assert.equal((await bob.agent.get(`/api/screenings/${night}`)).status, 404);

      // Their name is free again.
      await createUser(app, 'ad_leo', 'another long password');
    });

    it('asks for the password, and never deletes the first account or works for a token', async () => {
      const cy = await createUser(app, 'ad_cy', PASSWORD);
      const before = await rowsOf(cy.id);
      const missing = await cy.agent.request('DELETE', '/api/user', {});
      assert.deepEqual([missing.status, missing.body.error], [400, 'Enter your password to delete your account.']);
      const wrong = await cy.agent.request('DELETE', '/api/user', { password: 'not the one' });
      assert.deepEqual([wrong.status, wrong.body.error, wrong.body.code], [403, 'That is not your password.', 'current_password_wrong']);
      const anonymous = await app.agent().request('DELETE', '/api/user', { password: PASSWORD });
      assert.deepEqual([anonymous.status, anonymous.body.error], [401, 'You must be signed in to delete your account.']);
      const token = (await cy.agent.post('/api/tokens', { name: 'Script', scope: 'read-write' })).body.token as string;
      const byToken = await app.agent().request('DELETE', '/api/user', { password: PASSWORD }, { authorization: `Bearer ${token}` });
      assert.deepEqual([byToken.status, byToken.body.code], [403, 'token_not_allowed']);
      assert.deepEqual(await rowsOf(cy.id), { ...before, tokens: 1 }, 'nothing went');

      const firstAccount = app.agent();
      assert.equal((await firstAccount.post('/api/login', { username: 'ad_first', password: PASSWORD })).status, 200);
      const refused = await firstAccount.request('DELETE', '/api/user', { password: PASSWORD });
      assert.deepEqual([refused.status, refused.body.error], [403, "The site's first account administers it and cannot be deleted."]);
      assert.equal((await firstAccount.get('/api/user')).status, 200);
    });

    it('lets a site admin remove a member, and nobody else', async () => {
      const boss = await createUser(app, 'ad_boss', PASSWORD);
      const spam = await createUser(app, 'ad_spam', PASSWORD);
      const member = await createUser(app, 'ad_member', PASSWORD);
      const movie = await addMovie(app.database.db);
      assert.equal((await spam.agent.post('/api/review', { movie_id: movie.id, stars: 1, text: 'Buy pills.' })).status, 200);

      const anonymous = await app.agent().delete('/api/admin/members/ad_spam');
      assert.equal(anonymous.status, 401);
      const notAdmin = await member.agent.delete('/api/admin/members/ad_spam');
      assert.deepEqual([notAdmin.status, notAdmin.body.error], [403, 'Only an admin of this site may do this.']);
      assert.equal((await rowsOf(spam.id)).reviews, 1, 'refused calls change nothing');
      const unknown = await boss.agent.delete('/api/admin/members/nobody_at_all');
      assert.deepEqual([unknown.status, unknown.body.error], [404, 'No member has that name.']);
      const own = await boss.agent.delete('/api/admin/members/AD_BOSS');
      assert.deepEqual([own.status, own.body.error], [400, 'Delete your own account on your profile.']);
      const firstAccount = await boss.agent.delete('/api/admin/members/ad_first');
      assert.deepEqual([firstAccount.status, firstAccount.body.error], [403, "The site's first account administers it and cannot be deleted."]);

      assert.equal((await boss.agent.delete('/api/admin/members/AD_Spam')).status, 200);
      assert.equal((await spam.agent.get('/api/user')).status, 401);
      assert.deepEqual((await app.agent().get(`/api/movies/${movie.id}/reviews`)).body.reviews, []);
      assert.equal((await boss.agent.get('/api/user')).status, 200);
    });
  });
}
