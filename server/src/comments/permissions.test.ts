import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { ApiAgent, ApiResponse } from '../testing/client';
import { addMovie, addReview } from '../testing/factories';
import { startTestApp, TEST_DATABASES, type TestApp } from '../testing/testApp';
import { commentWorld, HIGH_LIMITS, postComment, socialRows } from './testing';

/** Who calls: nobody signed in, a member with no part in it, the review's author, the comment's author, a site admin. */
type Role = 'anonymous' | 'stranger' | 'reviewAuthor' | 'commentAuthor' | 'admin';
const ROLES: Role[] = ['anonymous', 'stranger', 'reviewAuthor', 'commentAuthor', 'admin'];

const ANYONE = { anonymous: 200, stranger: 200, reviewAuthor: 200, commentAuthor: 200, admin: 200 };
const SIGNED_IN = { anonymous: 401, stranger: 200, reviewAuthor: 200, commentAuthor: 200, admin: 200 };
const AUTHOR = { anonymous: 401, stranger: 403, reviewAuthor: 403, commentAuthor: 200, admin: 403 };
const DELETERS = { anonymous: 401, stranger: 403, reviewAuthor: 200, commentAuthor: 200, admin: 200 };
const REVIEW_DELETERS = { anonymous: 401, stranger: 403, reviewAuthor: 200, commentAuthor: 403, admin: 200 };

interface Call {
  name: string;
  /** `ownReviewId`: a review of the review author's on a movie of its own, made for this call (a deletion takes it away). */
  send(agent: ApiAgent, ids: { reviewId: number; commentId: number; ownReviewId: number }): Promise<ApiResponse>;
  expected: Record<Role, number>;
}

const calls: Call[] = [
  { name: "read a review's comments", send: (agent, { reviewId }) => agent.get(`/api/reviews/${reviewId}/comments`), expected: ANYONE },
  { name: 'comment on a review', send: (agent, { reviewId }) => agent.post(`/api/reviews/${reviewId}/comments`, { text: 'Me too.' }), expected: SIGNED_IN },
  { name: 'change a comment', send: (agent, { commentId }) => agent.request('PATCH', `/api/comments/${commentId}`, { text: 'Changed.', spoiler: true }), expected: AUTHOR },
  { name: 'delete a comment', send: (agent, { commentId }) => agent.delete(`/api/comments/${commentId}`), expected: DELETERS },
  { name: 'delete a review', send: (agent, { ownReviewId }) => agent.delete(`/api/reviews/${ownReviewId}`), expected: REVIEW_DELETERS },
  { name: 'react to a review', send: (agent, { reviewId }) => agent.put(`/api/reviews/${reviewId}/reactions/heart`), expected: SIGNED_IN },
  { name: 'take back a reaction to a review', send: (agent, { reviewId }) => agent.delete(`/api/reviews/${reviewId}/reactions/heart`), expected: SIGNED_IN },
  { name: 'react to a comment', send: (agent, { commentId }) => agent.put(`/api/comments/${commentId}/reactions/laugh`), expected: SIGNED_IN },
  { name: 'take back a reaction to a comment', send: (agent, { commentId }) => agent.delete(`/api/comments/${commentId}/reactions/laugh`), expected: SIGNED_IN },
];

for (const kind of TEST_DATABASES) {
  describe(`comment and reaction permission matrix (${kind})`, () => {
    let app: TestApp;
    let world: Awaited<ReturnType<typeof commentWorld>>;
    let agents: Record<Role, ApiAgent>;

    before(async () => {
      app = await startTestApp(kind, { config: { ...HIGH_LIMITS, adminUsernames: ['cp_admin'] } });
      world = await commentWorld(app, 'cp');
      agents = { anonymous: app.agent(), stranger: world.stranger.agent, reviewAuthor: world.author.agent, commentAuthor: world.commenter.agent, admin: world.admin.agent };
    });
    after(() => app.close());

    for (const call of calls) {
      for (const role of ROLES) {
        it(`${call.name}: ${role} → ${call.expected[role]}`, async () => {
          const commentId = await postComment(world.commenter.agent, world.reviewId);
          const movie = await addMovie(app.database.db);
          const ownReviewId = (await addReview(app.database.db, { user_id: world.author.id, movie_id: movie.id, stars: 6 })).id;
          await postComment(world.commenter.agent, ownReviewId);
          // Something to take back, so a refusal is seen to keep it.
          await world.stranger.agent.put(`/api/reviews/${world.reviewId}/reactions/heart`);
          await world.stranger.agent.put(`/api/comments/${commentId}/reactions/laugh`);
          const before = await socialRows(app);
          const reply = await call.send(agents[role], { reviewId: world.reviewId, commentId, ownReviewId });
          assert.equal(reply.status, call.expected[role], JSON.stringify(reply.body));
          if (reply.status >= 400) {
            assert.match(reply.body.error, /^[A-Z].*\.$/, 'a refusal is a sentence');
            assert.deepEqual(await socialRows(app), before, 'a refused call changes nothing');
          }
        });
      }
    }

    it('answers calls about a missing review or comment with 404 for members and 401 for visitors', async () => {
      for (const call of calls) {
        const missing = { reviewId: 999_999, commentId: 999_999, ownReviewId: 999_999 };
        const member = await call.send(world.stranger.agent, missing);
        assert.equal(member.status, 404, call.name);
        assert.match(member.body.error, /^(Review|Comment) not found\.$/, call.name);
        if (call.expected.anonymous === 401) assert.equal((await call.send(app.agent(), missing)).status, 401, call.name);
      }
    });
  });
}
