import { DATED_NOTIFICATION_SENTENCES, fillSentence, REACTIONS, type Reaction } from '@movieclub/contract';

/** The sentences and links notifications carry: plain text, one sentence each. */

export const commentText = (actor: string, title: string) => `${actor} commented on your review of ${title}.`;
export const replyText = (actor: string, reviewAuthor: string, title: string) => `${actor} replied on ${reviewAuthor}'s review of ${title}.`;
export const mentionText = (actor: string, title: string) => `${actor} mentioned you in a comment on ${title}.`;
export const reviewMentionText = (actor: string, title: string) => `${actor} mentioned you in a review of ${title}.`;

// Two whole sentences rather than one with a word filled in, so each can be translated whole.
export const reactionText = (actor: string, reaction: Reaction, target: 'review' | 'comment', title: string) =>
  target === 'review' ? `${actor} reacted ${REACTIONS[reaction]} to your review of ${title}.` : `${actor} reacted ${REACTIONS[reaction]} to your comment on ${title}.`;

const night = DATED_NOTIFICATION_SENTENCES;
// `date` and `time` are the night's day and start in its own offset (YYYY-MM-DD, HH:MM); the client writes them the reader's way.
export const screeningText = (listName: string, date: string) => fillSentence(night.scheduled, { listName, date });
export const screeningMovedText = (listName: string, date: string, time: string) => fillSentence(night.moved, { listName, date, time });
export const screeningMovedPlaceText = (listName: string, date: string, time: string, place: string) => fillSentence(night.movedWithPlace, { listName, date, time, place });
export const screeningPlaceText = (listName: string, place: string) => `The ${listName} movie night is now at ${place}.`;
export const screeningCancelledText = (listName: string, date: string) => fillSentence(night.cancelled, { listName, date });
export const screeningReminderText = (listName: string, date: string, time: string) => fillSentence(night.reminder, { listName, date, time });
export const ratingPromptText = (listName: string, title: string) => `You came to the ${listName} movie night: rate ${title}.`;
export const viewingTagText = (actor: string, title: string) => `${actor} logged ${title} with you.`;

export const commentLink = (movieId: number, commentId: number) => `/movie/${movieId}#comment-${commentId}`;
export const movieLink = (movieId: number) => `/movie/${movieId}`;
export const screeningLink = (screeningId: number) => `/screening/${screeningId}`;
export const diaryLink = (username: string) => `/user/profile/${encodeURIComponent(username)}?tab=diary`;
