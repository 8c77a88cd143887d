import type { CommentChange, CommentCreate, CommentReply, CommentsReply, Reaction, ReactionsReply } from '@movieclub/contract';
import { api } from './client';

export type ReactionTarget = { kind: 'review' | 'comment'; id: number };

const targetPath = ({ kind, id }: ReactionTarget) => `/api/${kind === 'review' ? 'reviews' : 'comments'}/${id}`;

export const fetchComments = (reviewId: number, after?: number, signal?: AbortSignal) =>
  api.get<CommentsReply>(`/api/reviews/${reviewId}/comments${after ? `?after=${after}` : ''}`, signal);

export const postComment = (reviewId: number, input: CommentCreate) => api.post<CommentReply>(`/api/reviews/${reviewId}/comments`, input);

export const changeComment = (id: number, input: CommentChange) => api.patch<CommentReply>(`/api/comments/${id}`, input);

export const deleteComment = (id: number) => api.delete<{ success: true }>(`/api/comments/${id}`);

/** Leaves (on) or takes back (off) one reaction; the reply is the target's counts afterwards. */
export const setReaction = (target: ReactionTarget, reaction: Reaction, on: boolean) =>
  on ? api.put<ReactionsReply>(`${targetPath(target)}/reactions/${reaction}`) : api.delete<ReactionsReply>(`${targetPath(target)}/reactions/${reaction}`);
