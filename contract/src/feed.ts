import { z } from 'zod';
import { rowIdOut } from './ids';
import { inLanguageQuery } from './languageQuery';
import { FEED_ATOM_ENTRIES, FEED_PAGE_MAX } from './limits';
import { wholeIn } from './queryNumbers';
import { defineRoute } from './route';


export const FEED_KINDS = ['review', 'viewing', 'movie_added', 'list_addition', 'pick', 'screening_scheduled', 'screening_picked', 'member_joined'] as const;
export type FeedKind = (typeof FEED_KINDS)[number];

const member = z.object({ username: z.string(), profile_picture: z.string().nullable() });
const movie = z.object({ id: rowIdOut, title: z.string(), year: z.number().int().nullable(), poster: z.string().nullable() });

export const feedEvent = z
  .object({
    cursor: z.string().meta({ description: 'Opaque; pass the last one as `before` for older events.' }),
    kind: z.enum(FEED_KINDS),
    at: z.string().meta({ description: 'When it happened (ISO).' }),
    actor: member.nullable().meta({ description: 'Who did it; null for an account that is gone.' }),
    movie: movie.nullable(),
    review: z
      .object({ id: rowIdOut, stars: z.number().int(), text: z.string().nullable(), spoiler: z.boolean(), comment_count: z.number().int().min(0) })
      .nullable()
      .meta({ description: 'For a review: its stars and text (blurred by clients when a spoiler).' }),
    with: z.array(member).meta({ description: "For a viewing: who watched with them; [] otherwise." }),
    list: z.object({ id: rowIdOut, name: z.string() }).nullable().meta({ description: 'For list additions, picks and movie nights: the public list.' }),
    screening: z.object({ id: rowIdOut, starts_at: z.string() }).nullable(),
  })
  .meta({ id: 'FeedEvent' });
export type FeedEvent = z.infer<typeof feedEvent>;

export const feedReply = z.object({
  success: z.literal(true),
  events: z.array(feedEvent).meta({ description: 'Newest first.' }),
  next_before: z.string().nullable().meta({ description: 'Pass as `before` for the next page; null on the last.' }),
});
export type FeedReply = z.infer<typeof feedReply>;

export const mutesReply = z.object({ success: z.literal(true), muted: z.array(member).meta({ description: "The members whose events the caller's feed leaves out, by name." }) });
export type MutesReply = z.infer<typeof mutesReply>;

const TAG = 'Feed';
const SIGN_IN = 'You must be signed in to do that.';
const usernameParams = z.object({ username: z.string() });

export const feedRoutes = {
  feed: defineRoute({
    method: 'GET',
    path: '/api/feed',
    summary: "The club's recent events, newest first, cursor-paged; public things only, without the caller's muted members.",
    tag: TAG,
    auth: 'none',
    query: z.object({
      before: z.string().max(100, { error: 'Before must be a cursor from an earlier page.' }).optional(),
      limit: wholeIn(`Limit must be a whole number from 1 to ${FEED_PAGE_MAX}.`, 1, FEED_PAGE_MAX).optional(),
    }),
    reply: feedReply,
  }),
  atom: defineRoute({
    method: 'GET',
    path: '/api/feed.atom',
    summary: `The club's newest ${FEED_ATOM_ENTRIES} events as an Atom feed (RFC 4287) for feed readers, each linking to its page on the site; a review's text unless it spoils the film.`,
    tag: TAG,
    auth: 'none',
    query: inLanguageQuery,
    reply: z.string(),
    produces: 'application/atom+xml',
  }),
  mutes: defineRoute({
    method: 'GET',
    path: '/api/feed/mutes',
    summary: 'The members the caller has muted.',
    tag: TAG,
    auth: 'required',
    signInSentence: SIGN_IN,
    reply: mutesReply,
  }),
  mute: defineRoute({
    method: 'PUT',
    path: '/api/feed/mutes/:username',
    summary: "Leaves a member's events out of the caller's feed (again: no change).",
    tag: TAG,
    auth: 'required',
    signInSentence: SIGN_IN,
    params: usernameParams,
    reply: mutesReply,
  }),
  unmute: defineRoute({
    method: 'DELETE',
    path: '/api/feed/mutes/:username',
    summary: "Shows a muted member's events again (not muted: no change).",
    tag: TAG,
    auth: 'required',
    signInSentence: SIGN_IN,
    params: usernameParams,
    reply: mutesReply,
  }),
};
