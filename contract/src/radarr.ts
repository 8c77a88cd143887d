import { z } from 'zod';
import { defineRoute } from './route';
import { addonIdentifier } from './stremio';

/** One movie of a Radarr import list in the 'StevenLu Custom' format: Radarr reads `imdb_id` and `title`. */
export const radarrListMovie = z
  .object({
    title: z.string(),
    imdb_id: z.string().meta({ description: 'The IMDb id (tt…), which Radarr looks the movie up by.' }),
    poster_url: z.string().optional().meta({ description: 'Absolute; left out when the movie has no poster.' }),
  })
  .meta({ id: 'RadarrListMovie' });
export type RadarrListMovie = z.infer<typeof radarrListMovie>;

/** A watchlist as a Radarr import list, so a club's media server fetches what it plans to watch. */
export const radarrRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/api/watchlist/:identifier/radarr.json',
    summary: "A watchlist's movies, in list order, as a Radarr import list ('StevenLu Custom'); a personal list's address needs its secret.",
    tag: 'Radarr',
    auth: 'none',
    params: z.object({ identifier: addonIdentifier }),
    reply: z.array(radarrListMovie),
  }),
  nights: defineRoute({
    method: 'GET',
    path: '/api/screenings/radarr.json',
    summary: "The movies picked for the club's upcoming movie nights, soonest night first, each once, as a Radarr import list ('StevenLu Custom').",
    tag: 'Radarr',
    auth: 'none',
    reply: z.array(radarrListMovie),
  }),
};
