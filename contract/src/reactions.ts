import { z } from 'zod';

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

const NOT_A_REACTION = `Reaction must be one of ${REACTION_NAMES.join(', ')}.`;
export const reaction = z.enum(REACTION_NAMES as [Reaction, ...Reaction[]], { error: NOT_A_REACTION });

export const reactionCounts = z
  .object({
    counts: z.record(z.string(), z.number().int().min(1)).meta({ description: 'Per reaction name, how many members left it; names nobody left are absent.' }),
    mine: z.array(reaction).meta({ description: "The caller's own reactions, in the order of REACTIONS; [] when not signed in." }),
  })
  .meta({ id: 'ReactionCounts' });
export type ReactionCounts = z.infer<typeof reactionCounts>;
