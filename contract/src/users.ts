import { z } from 'zod';
import { idList } from './ids';
import { defineRoute } from './route';
import { ratingsReply, seenReply } from './watchlists';

/** A username in an address: any text; a name no account has is 404 'User not found.'. */
export const usernameParams = z.object({ username: z.string() });

/** The per-user calls the watchlist page makes about the list's owner. */
export const userRoutes = {
  seen: defineRoute({
    method: 'GET',
    path: '/api/users/:username/seen',
    summary: "Which of the given movies the user reviewed: the watchlist's 'Hide owner seen' filter.",
    tag: 'Users',
    auth: 'none',
    params: usernameParams,
    query: z.object({ ids: idList }),
    reply: seenReply,
  }),
  ratings: defineRoute({
    method: 'GET',
    path: '/api/users/:username/ratings',
    summary: "The user's TTM grade (1–7) of each of the given movies they graded: the rating letters.",
    tag: 'Users',
    auth: 'none',
    params: usernameParams,
    query: z.object({ ids: idList }),
    reply: ratingsReply,
  }),
};
