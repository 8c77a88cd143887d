// Without zod: the client imports these at run time (see index.ts).
/** The reactions a member may leave on a review or a comment: a name in addresses and data, an emoji on screen. */
export const REACTIONS = {
  thumbs_up: '👍',
  heart: '❤️',
  laugh: '😂',
  scream: '😱',
  mind_blown: '🤯',
  popcorn: '🍿',
} as const;
export type Reaction = keyof typeof REACTIONS;
export const REACTION_NAMES = Object.keys(REACTIONS) as Reaction[];
