import { z } from 'zod';
import { type Reaction, REACTION_NAMES } from './reactionNames';

const NOT_A_REACTION = `Reaction must be one of ${REACTION_NAMES.join(', ')}.`;
export const reaction = z.enum(REACTION_NAMES as [Reaction, ...Reaction[]], { error: NOT_A_REACTION });

export const reactionCounts = z
  .object({
    counts: z.record(z.string(), z.number().int().min(1)).meta({ description: 'Per reaction name, how many members left it; names nobody left are absent.' }),
    mine: z.array(reaction).meta({ description: "The caller's own reactions, in the order of REACTIONS; [] when not signed in." }),
  })
  .meta({ id: 'ReactionCounts' });
export type ReactionCounts = z.infer<typeof reactionCounts>;
