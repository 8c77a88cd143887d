import assert from 'node:assert/strict';
import { addMovie, addReview, createUser } from '../testing/factories';
import type { ApiAgent } from '../testing/client';
import type { TestApp, TestConfigOverrides } from '../testing/testApp';

/** Limits high enough that a test's many calls are not stopped at 429. */
export const HIGH_LIMITS: TestConfigOverrides = { rateLimits: { comment: 100_000, react: 100_000 } };

/** A review by `author`, the admin `{prefix}_admin`, a stranger, and a commenter. */
export async function commentWorld(app: TestApp, prefix: string) {
  const author = await createUser(app, `${prefix}_author`);
  const commenter = await createUser(app, `${prefix}_commenter`);
  const stranger = await createUser(app, `${prefix}_stranger`);
  const admin = await createUser(app, `${prefix}_admin`);
  const movie = await addMovie(app.database.db);
  const review = await addReview(app.database.db, { user_id: author.id, movie_id: movie.id, stars: 7, text: 'Fine.' });
  return { author, commenter, stranger, admin, movie, reviewId: review.id };
}

/** Posts a comment and answers its id. */
export async function postComment(agent: ApiAgent, reviewId: number, body: Record<string, unknown> = { text: 'A comment.' }): Promise<number> {
  const reply = await agent.post(`/api/reviews/${reviewId}/comments`, body);
  assert.equal(reply.status, 200, JSON.stringify(reply.body));
  return reply.body.comment.id as number;
}

/** Every comment and reaction row, for "a refused call changes nothing". */
export async function socialRows(app: TestApp) {
  const db = app.database.db;
  return {
    comments: await db.selectFrom('comments').selectAll().orderBy('id').execute(),
    reactions: await db.selectFrom('reactions').selectAll().orderBy('target_kind').orderBy('target_id').orderBy('user_id').orderBy('reaction').execute(),
    reviews: await db.selectFrom('reviews').select(['id', 'spoiler', 'text']).orderBy('id').execute(),
  };
}
