import { z } from 'zod';
import { rowIdOut } from './ids';
import { IMDB_ID_PATTERN } from './limits';
import { defineRoute } from './route';

/** `GET /api/recommendations/{tconst}`: the address parameter. */
export const recommendationsParams = z.object({
  tconst: z
    .string({ error: 'An IMDb id is required.' })
    .regex(IMDB_ID_PATTERN, { error: 'An IMDb id is tt followed by at least 7 digits (e.g., tt0111161).' }),
});
export type RecommendationsParams = z.infer<typeof recommendationsParams>;

/**
 * Why a title is recommended when no review on this site speaks for it, as parts a client words in
 * its reader's language: 'also' (genres it shares with the source), 'rated_alike' (this club's
 * reviewers rate the two alike), 'genres' (its own genres), 'style' (nothing more to say).
 */
export const recommendationReason = z
  .object({
    kind: z.enum(['also', 'rated_alike', 'genres', 'style']),
    genres: z.array(z.string()),
    year: z.number().int().nullable(),
  })
  .meta({ id: 'RecommendationReason' });
export type RecommendationReason = z.infer<typeof recommendationReason>;

/** One recommended title; movie_id is null when the title is not in the catalogue yet. */
export const recommendationItem = z
  .object({
    movie_id: rowIdOut.nullable(),
    imdb_id: z.string(),
    title: z.string(),
    poster: z.string().nullable(),
    review: z
      .string()
      .meta({ description: "A short excerpt of the best review on this site, or a one-line reason ('Also Horror and Comedy, 1987')." }),
    reason: recommendationReason.nullable().meta({ description: '`review` as parts when it is a reason (null when it is a review), for clients in other languages.' }),
  })
  .meta({ id: 'RecommendationItem' });
export type RecommendationItem = z.infer<typeof recommendationItem>;

export const recommendationsReply = z.object({ success: z.literal(true), items: z.array(recommendationItem) });
export type RecommendationsReply = z.infer<typeof recommendationsReply>;

export const recommendationRoutes = {
  forTitle: defineRoute({
    method: 'GET',
    path: '/api/recommendations/:tconst',
    summary: "Up to 15 titles this club's reviewers rate alike, blended with titles like it in the IMDb index.",
    tag: 'Recommendations',
    auth: 'none',
    params: recommendationsParams,
    reply: recommendationsReply,
  }),
};
