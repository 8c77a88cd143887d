import { z } from 'zod';
import { rowId, rowIdOut, rowIdText } from './ids';
import { SCREENING_ATTENDEES_MAX, SCREENING_NOTE_MAX, SCREENING_PLACE_MAX, USERNAME_MAX } from './limits';
import { defineRoute } from './route';
import { inLanguageQuery } from './languageQuery';
import { optionalText } from './textRules';
import { pickedMovie } from './watchlists';
import { usernameParams } from './users';

const NOT_A_START = 'Start must be a date and time with its offset, written like 2026-12-20T20:00:00+01:00.';
const START_PATTERN = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,3})?)?(Z|[+-](\d{2}):(\d{2}))$/;

/** True for an ISO 8601 date and time with `Z` or a `±HH:MM` offset that names a real moment (no 30 February, no 25:00). */
export function isZonedDateTime(text: string): boolean {
  const match = START_PATTERN.exec(text);
  if (!match) return false;
  const [year, month, day, hour, minute, second] = [1, 2, 3, 4, 5, 6].map((index) => Number(match[index] ?? 0));
  if (hour > 23 || minute > 59 || second > 59) return false;
  if (match[8] !== undefined && (Number(match[8]) > 14 || Number(match[9]) > 59)) return false;
  const date = new Date(Date.UTC(year, month - 1, day));
  return year >= 1970 && date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** When a screening starts: ISO 8601 with its offset; the offset is kept for display and for the day of the viewings. */
export const screeningStart = z
  .string({ error: NOT_A_START })
  .max(40, { error: NOT_A_START })
  .refine(isZonedDateTime, { error: NOT_A_START })
  .meta({ description: 'ISO 8601 with an offset (`Z` or ±HH:MM), e.g. 2026-12-20T20:00:00+01:00; not in the past, at most two years ahead.' });


/** `POST /api/screenings`. */
export const screeningCreate = z.object({
  watchlist_id: rowId('The watchlist id is not valid.'),
  starts_at: screeningStart,
  place: optionalText(SCREENING_PLACE_MAX, 'Place must be text.', `Place must be at most ${SCREENING_PLACE_MAX.toLocaleString('en')} characters.`).meta({ description: 'Plain text on one line; empty is none.' }),
  note: optionalText(SCREENING_NOTE_MAX, 'Note must be text.', `Note must be at most ${SCREENING_NOTE_MAX.toLocaleString('en')} characters.`).meta({ description: 'Plain text; empty is none.' }),
});
export type ScreeningCreate = z.infer<typeof screeningCreate>;

/** `PATCH /api/screenings/{id}`: the fields to change. */
export const screeningChange = screeningCreate.omit({ watchlist_id: true }).partial();
export type ScreeningChange = z.infer<typeof screeningChange>;

export const screeningStatus = z.enum(['planned', 'cancelled']);
export type ScreeningStatus = z.infer<typeof screeningStatus>;
export const rsvpStatus = z.enum(['yes', 'maybe', 'no'], { error: "RSVP must be 'yes', 'maybe' or 'no'." });
export type RsvpStatus = z.infer<typeof rsvpStatus>;

export const screening = z
  .object({
    id: rowIdOut,
    watchlist_id: rowIdOut,
    watchlist_name: z.string(),
    starts_at: z.string().meta({ description: 'ISO 8601 in the offset it was scheduled with.' }),
    place: z.string().nullable(),
    note: z.string().nullable(),
    status: screeningStatus,
    created_by: z.string().nullable().meta({ description: 'Username of the editor who scheduled it; null once that account is gone.' }),
    picked_movie: pickedMovie.nullable(),
    picked_at: z.string().nullable(),
    yes_count: z.number().int().min(0).meta({ description: "Members who answered 'yes'." }),
  })
  .meta({ id: 'Screening' });
export type Screening = z.infer<typeof screening>;

export const screeningReply = z.object({ success: z.literal(true), screening });
export type ScreeningReply = z.infer<typeof screeningReply>;

export const screeningMember = z.object({ username: z.string(), profile_picture: z.string().nullable() }).meta({ id: 'ScreeningMember' });

export const screeningRsvp = screeningMember.extend({ status: rsvpStatus }).meta({ id: 'ScreeningRsvp' });
export type ScreeningRsvp = z.infer<typeof screeningRsvp>;

export const screeningCandidate = z
  .object({
    movie: z.object({ id: rowIdOut, title: z.string(), poster: z.string().nullable(), year: z.number().int().nullable(), length: z.number().int().nullable() }),
    up_votes: z.array(z.string()).meta({ description: 'Usernames of the attendees who voted for it.' }),
    vetoed_by: z.array(z.string()).meta({ description: 'Usernames of the attendees who vetoed it.' }),
    seen_by: z.array(z.string()).meta({ description: "Usernames of 'yes' attendees who reviewed it or have a viewing of it." }),
    pickable: z.boolean().meta({ description: "Not vetoed and seen by no 'yes' attendee: the pick chooses among these." }),
    predicted_score: z
      .number()
      .nullable()
      .meta({ description: "The 'yes' attendees' predicted stars (1–10, one decimal), averaged; null when none of them has rated anything." }),
  })
  .meta({ id: 'ScreeningCandidate' });
export type ScreeningCandidate = z.infer<typeof screeningCandidate>;

export const screeningVotes = z
  .object({
    up: z.array(rowIdOut).meta({ description: 'Movie ids the caller voted for (at most 3).' }),
    veto: rowIdOut.nullable().meta({ description: 'The movie the caller vetoed, if any.' }),
  })
  .meta({ id: 'ScreeningVotes' });
export type ScreeningVotes = z.infer<typeof screeningVotes>;

export const screeningPermissions = z
  .object({ edit: z.boolean(), pick: z.boolean(), record_attendance: z.boolean(), rsvp: z.boolean(), vote: z.boolean() })
  .meta({ id: 'ScreeningPermissions', description: 'What the caller may do now, from the rules the server enforces.' });
export type ScreeningPermissions = z.infer<typeof screeningPermissions>;

export const screeningDetail = screening
  .extend({
    rsvps: z.array(screeningRsvp).meta({ description: "Every answer: 'yes' first, then 'maybe', then 'no', by name." }),
    candidates: z.array(screeningCandidate).meta({ description: 'In list order.' }),
    list_movies: z.number().int().min(0).meta({ description: 'How many movies its list holds: none, and there is nothing to vote on or pick.' }),
    attendees: z.array(screeningMember).meta({ description: 'Who came, once an editor recorded it.' }),
    my_rsvp: rsvpStatus.nullable(),
    my_votes: screeningVotes.nullable().meta({ description: 'Null when not signed in.' }),
    permissions: screeningPermissions,
  })
  .meta({ id: 'ScreeningDetail' });
export type ScreeningDetail = z.infer<typeof screeningDetail>;

export const screeningDetailReply = z.object({ success: z.literal(true), screening: screeningDetail });
export type ScreeningDetailReply = z.infer<typeof screeningDetailReply>;

export const screeningListQuery = z.object({
  upcoming: z
    .enum(['0', '1'], { error: 'Upcoming must be 1 or 0.' })
    .default('1')
    .meta({ description: '1 (default): planned screenings that started at most 6 hours ago, soonest first; 0: the others, latest first.' }),
  watchlist_id: rowIdText('The watchlist id is not valid.').optional(),
  after: rowIdText('The screening id is not valid.').optional().meta({ description: 'The last screening of the previous page (its `next_after`): the page goes on from it.' }),
});

export const screeningListReply = z.object({
  success: z.literal(true),
  screenings: z.array(screening).meta({ description: 'At most 20.' }),
  next_after: rowIdOut.nullable().meta({ description: 'Pass as `after` for the next page; null on the last.' }),
});
export type ScreeningListReply = z.infer<typeof screeningListReply>;

export const rsvpReply = z.object({ success: z.literal(true), my_rsvp: rsvpStatus, rsvps: z.array(screeningRsvp) });
export type RsvpReply = z.infer<typeof rsvpReply>;

export const voteBody = z.object({
  movie_id: rowId('The movie id is not valid.'),
  vote: z.enum(['up', 'veto'], { error: "Vote must be 'up' or 'veto'." }),
});
export type VoteBody = z.infer<typeof voteBody>;

export const votesReply = z.object({ success: z.literal(true), my_votes: screeningVotes });
export type VotesReply = z.infer<typeof votesReply>;

export const screeningPickReply = z.object({ success: z.literal(true), picked_movie: pickedMovie, picked_at: z.string() });
export type ScreeningPickReply = z.infer<typeof screeningPickReply>;

export const attendanceBody = z.object({
  usernames: z
    .array(z.string({ error: 'Usernames must be a list of names.' }).max(USERNAME_MAX, { error: 'Usernames must be a list of names.' }), {
      error: 'Usernames must be a list of names.',
    })
    .max(SCREENING_ATTENDEES_MAX, { error: `At most ${SCREENING_ATTENDEES_MAX} members can be recorded as attending.` }),
});

export const attendanceReply = z.object({
  success: z.literal(true),
  attendees: z.array(screeningMember),
  viewings_logged: z.number().int().min(0).meta({ description: 'New diary entries written by this call.' }),
});
export type AttendanceReply = z.infer<typeof attendanceReply>;

export const ratingPrompt = z
  .object({
    screening_id: rowIdOut,
    watchlist_id: rowIdOut,
    watchlist_name: z.string(),
    starts_at: z.string(),
    movie: z.object({ id: rowIdOut, title: z.string(), poster: z.string().nullable(), year: z.number().int().nullable() }),
  })
  .meta({ id: 'RatingPrompt' });
export type RatingPrompt = z.infer<typeof ratingPrompt>;

export const promptsReply = z.object({
  success: z.literal(true),
  prompts: z.array(ratingPrompt).meta({ description: "Attended screenings whose movie the caller has not reviewed since, newest first, at most 20; dismissed ones left out." }),
});
export type PromptsReply = z.infer<typeof promptsReply>;

const screeningParams = z.object({ id: rowIdText('The screening id is not valid.') });
const success = z.object({ success: z.literal(true) });
const TAG = 'Movie nights';
const SIGN_IN = 'You must be signed in to do that.';

/** Movie nights: screenings of a public watchlist, RSVPs, votes, the pick, attendance and calendars. */
export const screeningRoutes = {
  create: defineRoute({
    method: 'POST',
    path: '/api/screenings',
    summary: 'Schedules a screening of a public watchlist (its editors only).',
    tag: TAG,
    auth: 'required',
    signInSentence: 'You must be signed in to schedule a screening.',
    body: screeningCreate,
    reply: screeningReply,
  }),
  list: defineRoute({
    method: 'GET',
    path: '/api/screenings',
    summary: "The club's next screenings (or, with upcoming=0, past and cancelled ones), optionally of one list.",
    tag: TAG,
    auth: 'none',
    query: screeningListQuery,
    reply: screeningListReply,
  }),
  prompts: defineRoute({
    method: 'GET',
    path: '/api/screenings/prompts',
    summary: "The caller's rating prompts: movies of screenings they attended and have not reviewed since.",
    tag: TAG,
    auth: 'required',
    signInSentence: SIGN_IN,
    reply: promptsReply,
  }),
  get: defineRoute({
    method: 'GET',
    path: '/api/screenings/:id',
    summary: 'A screening with its RSVPs, candidates (votes, who has seen each, predicted group score) and pick.',
    tag: TAG,
    auth: 'none',
    params: screeningParams,
    reply: screeningDetailReply,
  }),
  change: defineRoute({
    method: 'PATCH',
    path: '/api/screenings/:id',
    summary: 'Changes the start, place or note of a planned screening (editors only).',
    tag: TAG,
    auth: 'required',
    signInSentence: SIGN_IN,
    params: screeningParams,
    body: screeningChange,
    reply: screeningReply,
  }),
  cancel: defineRoute({
    method: 'POST',
    path: '/api/screenings/:id/cancel',
    summary: 'Cancels a planned screening (editors only); it stays, marked cancelled, so calendars drop it.',
    tag: TAG,
    auth: 'required',
    signInSentence: SIGN_IN,
    params: screeningParams,
    reply: screeningReply,
  }),
  rsvp: defineRoute({
    method: 'POST',
    path: '/api/screenings/:id/rsvp',
    summary: "Answers yes, maybe or no for the caller; leaving 'yes' takes back the caller's votes.",
    tag: TAG,
    auth: 'required',
    signInSentence: 'You must be signed in to RSVP.',
    params: screeningParams,
    body: z.object({ status: rsvpStatus }),
    reply: rsvpReply,
  }),
  vote: defineRoute({
    method: 'POST',
    path: '/api/screenings/:id/votes',
    summary: "Votes for a candidate (at most 3) or vetoes one (at most 1); needs a 'yes' RSVP.",
    tag: TAG,
    auth: 'required',
    signInSentence: 'You must be signed in to vote.',
    params: screeningParams,
    body: voteBody,
    reply: votesReply,
  }),
  unvote: defineRoute({
    method: 'DELETE',
    path: '/api/screenings/:id/votes/:movieId',
    summary: "Takes back the caller's vote or veto for a movie.",
    tag: TAG,
    auth: 'required',
    signInSentence: 'You must be signed in to vote.',
    params: screeningParams.extend({ movieId: rowIdText('The movie id is not valid.') }),
    reply: votesReply,
  }),
  pick: defineRoute({
    method: 'POST',
    path: '/api/screenings/:id/pick',
    summary: "Picks the movie among candidates not vetoed and unseen by every 'yes' attendee, weighted by votes (editors only).",
    tag: TAG,
    auth: 'required',
    signInSentence: SIGN_IN,
    params: screeningParams,
    reply: screeningPickReply,
  }),
  attendance: defineRoute({
    method: 'POST',
    path: '/api/screenings/:id/attendance',
    summary: 'Records who came (editors only): each gets a viewing of the picked movie that day, watched with the others.',
    tag: TAG,
    auth: 'required',
    signInSentence: SIGN_IN,
    params: screeningParams,
    body: attendanceBody,
    reply: attendanceReply,
  }),
  dismissPrompt: defineRoute({
    method: 'POST',
    path: '/api/screenings/:id/prompt/dismiss',
    summary: "Dismisses the caller's rating prompt for a screening.",
    tag: TAG,
    auth: 'required',
    signInSentence: SIGN_IN,
    params: screeningParams,
    reply: success,
  }),
  calendar: defineRoute({
    method: 'GET',
    path: '/api/screenings/:id.ics',
    summary: 'One screening as an iCalendar file (RFC 5545).',
    tag: TAG,
    auth: 'none',
    params: z.object({ id: rowIdText('The screening id is not valid.') }),
    query: inLanguageQuery,
    reply: z.string(),
    produces: 'text/calendar',
  }),
  clubFeed: defineRoute({
    method: 'GET',
    path: '/api/screenings.ics',
    summary: "Every public list's screenings as one iCalendar feed: the club's movie nights, from 90 days ago on.",
    tag: TAG,
    auth: 'none',
    query: inLanguageQuery,
    reply: z.string(),
    produces: 'text/calendar',
  }),
  memberFeed: defineRoute({
    method: 'GET',
    path: '/api/users/:username/screenings.ics',
    summary: "The screenings a member answered 'yes' or 'maybe' as an iCalendar feed, from 90 days ago on; a night they stop coming to leaves it.",
    tag: TAG,
    auth: 'none',
    params: usernameParams,
    query: inLanguageQuery,
    reply: z.string(),
    produces: 'text/calendar',
  }),
  feed: defineRoute({
    method: 'GET',
    path: '/api/watchlists/:id/screenings.ics',
    summary: "A public list's screenings as an iCalendar feed calendar apps subscribe to; the address is `{id}-{slug}` (any slug answers).",
    tag: TAG,
    auth: 'none',
    params: z.object({ id: z.string().max(200).meta({ description: '`{id}-{slug}` or the bare id.' }) }),
    query: inLanguageQuery,
    reply: z.string(),
    produces: 'text/calendar',
  }),
};
