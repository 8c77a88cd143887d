import { z } from 'zod';
import { rowIdOut, rowIdText } from './ids';
import { COMMENT_TEXT_MAX, COMMENTS_PAGE_MAX } from './limits';
import { wholeIn } from './queryNumbers';
import { reaction, reactionCounts } from './reactions';
import { reviewUser } from './reviews';
import { defineRoute } from './route';


const commentText = z
  .string({ error: 'Comment must be text.' })
  .refine((text) => text.trim().length > 0, { error: 'Comment cannot be empty.' })
  .refine((text) => text.length <= COMMENT_TEXT_MAX, { error: `Comment must be at most ${COMMENT_TEXT_MAX.toLocaleString('en')} characters.` });
const spoilerFlag = z.boolean({ error: 'Spoiler must be true or false.' });

export const commentCreate = z.object({ text: commentText, spoiler: spoilerFlag.optional().meta({ description: 'Blurred until clicked; default false.' }) });
export type CommentCreate = z.infer<typeof commentCreate>;
export const commentChange = z
  .object({ text: commentText.optional(), spoiler: spoilerFlag.optional() })
  .refine((body) => body.text !== undefined || body.spoiler !== undefined, { error: 'Send the text or the spoiler flag to change.' });
export type CommentChange = z.infer<typeof commentChange>;

export const comment = z
  .object({
    id: rowIdOut,
    review_id: rowIdOut,
    user: reviewUser,
    text: z.string().meta({ description: 'As written (trimmed), for editing.' }),
    html: z
      .string()
      .meta({ description: 'The text for display: escaped, line breaks as <br>, web addresses as links (rel="nofollow noopener noreferrer ugc", new tab), @name of an existing member as a link to their profile; sanitised on the server.' }),
    spoiler: z.boolean(),
    created_at: z.string(),
    edited_at: z.string().nullable(),
    reactions: reactionCounts,
    permissions: z.object({ edit: z.boolean(), delete: z.boolean() }).meta({ description: 'Edit: the author. Delete: the author, the review\u2019s author, or a site admin.' }),
  })
  .meta({ id: 'Comment' });
export type Comment = z.infer<typeof comment>;

export const commentReply = z.object({ success: z.literal(true), comment });
export type CommentReply = z.infer<typeof commentReply>;
export const commentsReply = z.object({
  success: z.literal(true),
  comments: z.array(comment).meta({ description: 'Oldest first.' }),
  next_after: rowIdOut.nullable().meta({ description: 'Pass as `after` for the next page; null on the last.' }),
});
export type CommentsReply = z.infer<typeof commentsReply>;
export const reactionsReply = z.object({ success: z.literal(true), reactions: reactionCounts });
export type ReactionsReply = z.infer<typeof reactionsReply>;

const reviewParams = z.object({ id: rowIdText('The review id is not valid.') });
const commentParams = z.object({ id: rowIdText('The comment id is not valid.') });
const TAG = 'Comments and reactions';
const SIGN_IN = 'You must be signed in to do that.';

/** Comments on reviews and reactions to reviews and comments. */
export const socialRoutes = {
  comments: defineRoute({
    method: 'GET',
    path: '/api/reviews/:id/comments',
    summary: "A review's comments, oldest first, paged by the last id seen.",
    tag: TAG,
    auth: 'none',
    params: reviewParams,
    query: z.object({
      after: rowIdText('After must be a comment id.').optional(),
      limit: wholeIn(`Limit must be a whole number from 1 to ${COMMENTS_PAGE_MAX}.`, 1, COMMENTS_PAGE_MAX).optional(),
    }),
    reply: commentsReply,
  }),
  comment: defineRoute({
    method: 'POST',
    path: '/api/reviews/:id/comments',
    summary: 'Comments on a review; @name mentions link to the member.',
    tag: TAG,
    auth: 'required',
    signInSentence: 'You must be signed in to comment.',
    params: reviewParams,
    body: commentCreate,
    reply: commentReply,
  }),
  change: defineRoute({
    method: 'PATCH',
    path: '/api/comments/:id',
    summary: "Changes one's own comment (text or spoiler flag).",
    tag: TAG,
    auth: 'required',
    signInSentence: SIGN_IN,
    params: commentParams,
    body: commentChange,
    reply: commentReply,
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: '/api/comments/:id',
    summary: "Deletes a comment: its author, the review's author, or a site admin.",
    tag: TAG,
    auth: 'required',
    signInSentence: SIGN_IN,
    params: commentParams,
    reply: z.object({ success: z.literal(true) }),
  }),
  reactToReview: defineRoute({
    method: 'PUT',
    path: '/api/reviews/:id/reactions/:reaction',
    summary: 'Leaves a reaction on a review (again: no change).',
    tag: TAG,
    auth: 'required',
    signInSentence: 'You must be signed in to react.',
    params: reviewParams.extend({ reaction }),
    reply: reactionsReply,
  }),
  unreactToReview: defineRoute({
    method: 'DELETE',
    path: '/api/reviews/:id/reactions/:reaction',
    summary: "Takes back one's reaction on a review (none: no change).",
    tag: TAG,
    auth: 'required',
    signInSentence: 'You must be signed in to react.',
    params: reviewParams.extend({ reaction }),
    reply: reactionsReply,
  }),
  reactToComment: defineRoute({
    method: 'PUT',
    path: '/api/comments/:id/reactions/:reaction',
    summary: 'Leaves a reaction on a comment (again: no change).',
    tag: TAG,
    auth: 'required',
    signInSentence: 'You must be signed in to react.',
    params: commentParams.extend({ reaction }),
    reply: reactionsReply,
  }),
  unreactToComment: defineRoute({
    method: 'DELETE',
    path: '/api/comments/:id/reactions/:reaction',
    summary: "Takes back one's reaction on a comment (none: no change).",
    tag: TAG,
    auth: 'required',
    signInSentence: 'You must be signed in to react.',
    params: commentParams.extend({ reaction }),
    reply: reactionsReply,
  }),
};
