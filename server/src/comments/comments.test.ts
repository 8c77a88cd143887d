import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { COMMENT_TEXT_MAX } from '@movieclub/contract';
import { loadConfig } from '../config';
import { addReview, createUser } from '../testing/factories';
import { startTestApp, TEST_DATABASES, type TestApp } from '../testing/testApp';
import { removeReviews } from './service';
import { commentWorld, HIGH_LIMITS, postComment, socialRows } from './testing';

type World = Awaited<ReturnType<typeof commentWorld>>;

describe('ADMIN_USERNAMES', () => {
  it('is empty by default and read as lowercased names', () => {
    assert.deepEqual(loadConfig({}).adminUsernames, []);
    assert.deepEqual(loadConfig({ ADMIN_USERNAMES: ' Ann, bob.smith ,,ANN ' }).adminUsernames, ['ann', 'bob.smith']);
    assert.throws(() => loadConfig({ ADMIN_USERNAMES: 'ann, not a name' }), /ADMIN_USERNAMES must be a comma-separated list of usernames/);
  });
});

for (const kind of TEST_DATABASES) {
  describe(`comments and reactions (${kind})`, () => {
    let app: TestApp;
    let world: World;

    before(async () => {
      app = await startTestApp(kind, { config: { ...HIGH_LIMITS, adminUsernames: ['cm_admin'] } });
      world = await commentWorld(app, 'cm');
    });
    after(() => app.close());

    const comments = async (reviewId = world.reviewId, agent = app.agent(), query = '') => {
      const reply = await agent.get(`/api/reviews/${reviewId}/comments${query}`);
      assert.equal(reply.status, 200, JSON.stringify(reply.body));
      return reply.body;
    };
    const reviewOf = async (agent = app.agent()) => {
      const reply = await agent.get(`/api/movies/${world.movie.id}/reviews`);
      assert.equal(reply.status, 200, JSON.stringify(reply.body));
      return reply.body.reviews.find((review: { id: number }) => review.id === world.reviewId);
    };

    it('adds, lists, changes and deletes a comment', async () => {
      // Read first, so the movie's reviews below are read again after each change, not for the first time.
      assert.equal((await reviewOf()).comment_count, 0);
      const posted = await world.commenter.agent.post(`/api/reviews/${world.reviewId}/comments`, { text: '  Nice one, @CM_AUTHOR!\nSee www.example.org.  ' });
      assert.equal(posted.status, 200, JSON.stringify(posted.body));
      const { comment } = posted.body;
      assert.equal(comment.text, 'Nice one, @CM_AUTHOR!\nSee www.example.org.');
      assert.equal(
        comment.html,
        'Nice one, <a href="/user/profile/cm_author">@cm_author</a>!<br />See <a href="https://www.example.org/" rel="nofollow noopener noreferrer ugc" target="_blank">www.example.org</a>.',
      );
      assert.deepEqual(
        { spoiler: comment.spoiler, edited_at: comment.edited_at, user: comment.user.username, review_id: comment.review_id, permissions: comment.permissions, reactions: comment.reactions },
        { spoiler: false, edited_at: null, user: 'cm_commenter', review_id: world.reviewId, permissions: { edit: true, delete: true }, reactions: { counts: {}, mine: [] } },
      );

      const listed = await comments();
      assert.deepEqual(listed.comments.map((row: { id: number }) => row.id), [comment.id]);
      assert.equal(listed.next_after, null);
      assert.deepEqual(listed.comments[0].permissions, { edit: false, delete: false }, 'visitors may do nothing');
      assert.deepEqual((await comments(world.reviewId, world.author.agent)).comments[0].permissions, { edit: false, delete: true });
      assert.deepEqual((await comments(world.reviewId, world.admin.agent)).comments[0].permissions, { edit: false, delete: true });
      assert.deepEqual((await comments(world.reviewId, world.stranger.agent)).comments[0].permissions, { edit: false, delete: false });
      assert.equal((await reviewOf()).comment_count, 1);

      const flagged = await world.commenter.agent.request('PATCH', `/api/comments/${comment.id}`, { spoiler: true });
      assert.equal(flagged.status, 200, JSON.stringify(flagged.body));
      assert.deepEqual([flagged.body.comment.spoiler, flagged.body.comment.edited_at, flagged.body.comment.text], [true, null, comment.text], 'the flag alone does not mark it edited');
      const edited = await world.commenter.agent.request('PATCH', `/api/comments/${comment.id}`, { text: ' Changed. ' });
      assert.equal(edited.status, 200, JSON.stringify(edited.body));
      assert.deepEqual([edited.body.comment.text, edited.body.comment.html, edited.body.comment.spoiler], ['Changed.', 'Changed.', true]);
      assert.ok(edited.body.comment.edited_at);

      const removed = await world.commenter.agent.delete(`/api/comments/${comment.id}`);
      assert.deepEqual([removed.status, removed.body], [200, { success: true }]);
      assert.deepEqual((await comments()).comments, []);
      assert.equal((await reviewOf()).comment_count, 0);
    });

    it('lets the review author and an admin delete others’ comments, and nobody else', async () => {
      for (const [deleter, status] of [
        [world.stranger, 403],
        [world.author, 200],
        [world.admin, 200],
      ] as const) {
        const id = await postComment(world.commenter.agent, world.reviewId);
        const reply = await deleter.agent.delete(`/api/comments/${id}`);
        assert.equal(reply.status, status, JSON.stringify(reply.body));
        if (status === 403) assert.equal(reply.body.error, 'You cannot delete this comment.');
        const still = await app.database.db.selectFrom('comments').select('id').where('id', '=', id).executeTakeFirst();
        assert.equal(still !== undefined, status === 403);
        if (status === 403) await world.commenter.agent.delete(`/api/comments/${id}`);
      }
      const id = await postComment(world.commenter.agent, world.reviewId);
      for (const other of [world.author, world.admin, world.stranger]) {
        const reply = await other.agent.request('PATCH', `/api/comments/${id}`, { text: 'Not mine.' });
        assert.deepEqual([reply.status, reply.body.error], [403, 'You can only change your own comment.']);
      }
      await world.commenter.agent.delete(`/api/comments/${id}`);
    });

    it('refuses bad input with a sentence and writes nothing', async () => {
      const id = await postComment(world.commenter.agent, world.reviewId);
      const before = await socialRows(app);
      const agent = world.commenter.agent;
      const refusals: Array<[Promise<{ status: number; body: { error: string } }>, number, string]> = [
        [agent.post(`/api/reviews/${world.reviewId}/comments`, { text: '   \n ' }), 400, 'Comment cannot be empty.'],
        [agent.post(`/api/reviews/${world.reviewId}/comments`, { text: 'x'.repeat(COMMENT_TEXT_MAX + 1) }), 400, 'Comment must be at most 2,000 characters.'],
        [agent.post(`/api/reviews/${world.reviewId}/comments`, { text: 5 }), 400, 'Comment must be text.'],
        [agent.post(`/api/reviews/${world.reviewId}/comments`, { text: 'ok', spoiler: 'yes' }), 400, 'Spoiler must be true or false.'],
        [agent.post(`/api/reviews/${world.reviewId}/comments`, {}), 400, 'Comment must be text.'],
        [agent.post('/api/reviews/999999/comments', { text: 'Hello.' }), 404, 'Review not found.'],
        [agent.post('/api/reviews/abc/comments', { text: 'Hello.' }), 400, 'The review id is not valid.'],
        [app.agent().post(`/api/reviews/${world.reviewId}/comments`, { text: 'Hello.' }), 401, 'You must be signed in to comment.'],
        [agent.request('PATCH', `/api/comments/${id}`, {}), 400, 'Send the text or the spoiler flag to change.'],
        [agent.request('PATCH', `/api/comments/${id}`, { text: '' }), 400, 'Comment cannot be empty.'],
        [agent.request('PATCH', '/api/comments/999999', { text: 'Hi.' }), 404, 'Comment not found.'],
        [agent.delete('/api/comments/999999'), 404, 'Comment not found.'],
        [agent.put(`/api/comments/${id}/reactions/thumbs_down`), 400, 'Reaction must be one of thumbs_up, heart, laugh, scream, mind_blown, popcorn.'],
        [agent.put('/api/reviews/999999/reactions/heart'), 404, 'Review not found.'],
        [agent.delete('/api/comments/999999/reactions/heart'), 404, 'Comment not found.'],
        [app.agent().put(`/api/reviews/${world.reviewId}/reactions/heart`), 401, 'You must be signed in to react.'],
        [agent.get('/api/reviews/999999/comments'), 404, 'Review not found.'],
        [agent.get(`/api/reviews/${world.reviewId}/comments?limit=0`), 400, 'Limit must be a whole number from 1 to 500.'],
        [agent.post('/api/review', { movie_id: world.movie.id, stars: 5, spoiler: 1 }), 400, 'Spoiler must be true or false.'],
      ];
      for (const [call, status, error] of refusals) {
        const reply = await call;
        assert.deepEqual([reply.status, reply.body.error], [status, error]);
      }
      assert.deepEqual(await socialRows(app), before);
      assert.equal((await agent.post(`/api/reviews/${world.reviewId}/comments`, { text: 'x'.repeat(COMMENT_TEXT_MAX) })).status, 200, 'the longest text is fine');
      await app.database.db.deleteFrom('comments').execute();
    });

    it('pages comments oldest first by the last id seen', async () => {
      const ids: number[] = [];
      for (let n = 0; n < 5; n++) ids.push(await postComment(world.stranger.agent, world.reviewId, { text: `Comment ${n}` }));
      const first = await comments(world.reviewId, app.agent(), '?limit=2');
      assert.deepEqual(first.comments.map((row: { id: number }) => row.id), ids.slice(0, 2));
      assert.equal(first.next_after, ids[1]);
      const second = await comments(world.reviewId, app.agent(), `?limit=2&after=${first.next_after}`);
      assert.deepEqual(second.comments.map((row: { id: number }) => row.id), ids.slice(2, 4));
      const last = await comments(world.reviewId, app.agent(), `?limit=2&after=${second.next_after}`);
      assert.deepEqual([last.comments.map((row: { id: number }) => row.id), last.next_after], [ids.slice(4), null]);
      assert.equal((await reviewOf()).comment_count, 5);
      await app.database.db.deleteFrom('comments').execute();
    });

    it('keeps one reaction per member and name, and counts them per name', async () => {
      const path = `/api/reviews/${world.reviewId}/reactions`;
      assert.deepEqual((await reviewOf(world.stranger.agent)).reactions, { counts: {}, mine: [] }, 'none yet');
      const first = await world.stranger.agent.put(`${path}/heart`);
      assert.deepEqual(first.body, { success: true, reactions: { counts: { heart: 1 }, mine: ['heart'] } });
      const again = await world.stranger.agent.put(`${path}/heart`);
      assert.deepEqual(again.body.reactions, { counts: { heart: 1 }, mine: ['heart'] }, 'twice is once');
      await world.stranger.agent.put(`${path}/thumbs_up`);
      const other = await world.commenter.agent.put(`${path}/heart`);
      assert.deepEqual(other.body.reactions, { counts: { thumbs_up: 1, heart: 2 }, mine: ['heart'] });
      assert.deepEqual((await reviewOf(world.stranger.agent)).reactions, { counts: { thumbs_up: 1, heart: 2 }, mine: ['thumbs_up', 'heart'] }, 'mine in the order of REACTIONS');
      assert.deepEqual((await reviewOf()).reactions.mine, [], 'visitors have none');
      const rows = await app.database.db.selectFrom('reactions').select('reaction').where('target_kind', '=', 'review').where('target_id', '=', world.reviewId).execute();
      assert.equal(rows.length, 3);

      const taken = await world.stranger.agent.delete(`${path}/heart`);
      assert.deepEqual(taken.body.reactions, { counts: { thumbs_up: 1, heart: 1 }, mine: ['thumbs_up'] });
      const absent = await world.stranger.agent.delete(`${path}/laugh`);
      assert.deepEqual([absent.status, absent.body.reactions], [200, { counts: { thumbs_up: 1, heart: 1 }, mine: ['thumbs_up'] }], 'taking back none changes nothing');

      const id = await postComment(world.commenter.agent, world.reviewId);
      const onComment = await world.author.agent.put(`/api/comments/${id}/reactions/popcorn`);
      assert.deepEqual(onComment.body.reactions, { counts: { popcorn: 1 }, mine: ['popcorn'] });
      const listed = (await comments(world.reviewId, world.author.agent)).comments[0];
      assert.deepEqual(listed.reactions, { counts: { popcorn: 1 }, mine: ['popcorn'] });
      assert.deepEqual((await world.author.agent.delete(`/api/comments/${id}/reactions/popcorn`)).body.reactions, { counts: {}, mine: [] });
      await app.database.db.deleteFrom('comments').execute();
      await app.database.db.deleteFrom('reactions').execute();
    });

    it('round-trips spoiler flags on reviews and comments', async () => {
      const mine = async () => (await world.author.agent.get(`/api/movies/${world.movie.id}/reviews/mine`)).body.review;
      assert.equal((await mine()).spoiler, false, 'a review starts without the flag');
      assert.equal((await world.author.agent.post('/api/review', { movie_id: world.movie.id, stars: 7, spoiler: true })).status, 200);
      assert.equal((await mine()).spoiler, true);
      assert.equal((await reviewOf()).spoiler, true);
      await world.author.agent.post('/api/review', { movie_id: world.movie.id, stars: 8 });
      assert.equal((await mine()).spoiler, true, 'left out: unchanged');
      await world.author.agent.post('/api/review', { movie_id: world.movie.id, stars: 8, spoiler: false });
      assert.equal((await reviewOf()).spoiler, false);

      const newMovie = world.movie.id;
      const fresh = await createUser(app, 'cm_fresh');
      await fresh.agent.post('/api/review', { movie_id: newMovie, stars: 3 });
      assert.equal((await fresh.agent.get(`/api/movies/${newMovie}/reviews/mine`)).body.review.spoiler, false);

      const id = await postComment(world.commenter.agent, world.reviewId, { text: 'He was dead all along.', spoiler: true });
      assert.equal((await comments()).comments[0].spoiler, true);
      await world.commenter.agent.request('PATCH', `/api/comments/${id}`, { spoiler: false });
      assert.equal((await comments()).comments[0].spoiler, false);
      await app.database.db.deleteFrom('comments').execute();
    });

    it('removes the reactions to a deleted comment, and to a deleted review and its comments', async () => {
      const db = app.database.db;
      const reactionCount = async () => (await db.selectFrom('reactions').select('target_id').execute()).length;
      const id = await postComment(world.commenter.agent, world.reviewId);
      await world.stranger.agent.put(`/api/comments/${id}/reactions/laugh`);
      await world.author.agent.put(`/api/comments/${id}/reactions/heart`);
      assert.equal(await reactionCount(), 2);
      await world.author.agent.delete(`/api/comments/${id}`);
      assert.equal(await reactionCount(), 0);

      // Through the service, in one transaction.
      const other = await createUser(app, 'cm_other');
      const review = await addReview(db, { user_id: other.id, movie_id: world.movie.id, stars: 4 });
      const onIt = await postComment(world.commenter.agent, review.id);
      await world.stranger.agent.put(`/api/reviews/${review.id}/reactions/scream`);
      await world.stranger.agent.put(`/api/comments/${onIt}/reactions/scream`);
      await world.stranger.agent.put(`/api/reviews/${world.reviewId}/reactions/scream`);
      await removeReviews(db, [review.id]);
      assert.deepEqual(await db.selectFrom('reactions').select(['target_kind', 'target_id']).execute(), [{ target_kind: 'review', target_id: world.reviewId }]);
      assert.equal((await db.selectFrom('comments').select('id').where('review_id', '=', review.id).execute()).length, 0);

      // Any other way a review goes (its author's account removed by hand): nothing is left pointing at it.
      const gone = await createUser(app, 'cm_gone');
      const goneReview = await addReview(db, { user_id: gone.id, movie_id: world.movie.id, stars: 2 });
      const goneComment = await postComment(world.commenter.agent, goneReview.id);
      await world.stranger.agent.put(`/api/reviews/${goneReview.id}/reactions/laugh`);
      await world.stranger.agent.put(`/api/comments/${goneComment}/reactions/laugh`);
      await gone.agent.put(`/api/reviews/${world.reviewId}/reactions/laugh`);
      await db.deleteFrom('users').where('id', '=', gone.id).execute();
      assert.deepEqual(await db.selectFrom('reactions').select(['target_kind', 'target_id']).execute(), [{ target_kind: 'review', target_id: world.reviewId }]);
      await db.deleteFrom('reactions').execute();
    });
  });
}
