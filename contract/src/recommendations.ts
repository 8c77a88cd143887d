import { z } from 'zod';
import { IMDB_ID_PATTERN } from './limits';

/** `GET /api/recommendations/{tconst}`: the address parameter. */
export const recommendationsParams = z.object({
  tconst: z
    .string({ error: 'An IMDb id is required.' })
    .regex(IMDB_ID_PATTERN, { error: 'An IMDb id is tt followed by at least 7 digits (e.g., tt0111161).' }),
});
export type RecommendationsParams = z.infer<typeof recommendationsParams>;

/** One recommended title; movie_id is null when the title is not in the catalogue yet. */
export interface RecommendationItem {
  movie_id: number | null;
  imdb_id: string;
  title: string;
  poster: string | null;
  /** A short excerpt of the best review on this site, or a one-line reason ('Also Horror and Comedy, 1987'). */
  review: string;
}

export interface RecommendationsReply {
  success: true;
  items: RecommendationItem[];
}
