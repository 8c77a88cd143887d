import { z } from 'zod';
import { EARLIEST_VIEWING_DATE, isCalendarDate, latestViewingDate } from './dates';
import { rowId, rowIdOut, rowIdText } from './ids';
import { optionalText } from './textRules';
import {
  DIARY_PAGE_MAX,
  DIARY_PAGE_SIZE,
  ID_MAX,
  USERNAME_MAX,
  VIEWING_EARLIEST_YEAR,
  VIEWING_NOTE_MAX,
  VIEWING_PLACE_MAX,
  VIEWING_WITH_MAX,
} from './limits';
import { inLanguageQuery } from './languageQuery';
import { wholeIn } from './queryNumbers';
import { defineRoute } from './route';
import { usernameParams } from './users';

const NOT_A_DATE = 'Watched date must be a real date written YYYY-MM-DD (e.g. 2026-11-25).';

/** `YYYY-MM-DD`, a real day, from 1870 up to today (wherever it is today first). */
export const watchedOn = z
  .string({ error: NOT_A_DATE })
  .refine(isCalendarDate, { error: NOT_A_DATE, abort: true })
  .refine((date) => date >= EARLIEST_VIEWING_DATE, { error: `Watched date cannot be before ${VIEWING_EARLIEST_YEAR}.`, abort: true })
  .refine((date) => date <= latestViewingDate(), { error: 'Watched date cannot be in the future.' })
  .meta({ description: 'The day of the viewing, YYYY-MM-DD; not before 1870, not after today (in UTC+14).' });

const viewingPlace = optionalText(VIEWING_PLACE_MAX, 'Place must be text.', `Place must be at most ${VIEWING_PLACE_MAX.toLocaleString('en')} characters.`);
const viewingNote = optionalText(VIEWING_NOTE_MAX, 'Note must be text.', `Note must be at most ${VIEWING_NOTE_MAX.toLocaleString('en')} characters.`);

const watchedWith = z
  .array(z.string({ error: 'Watched with must be a list of usernames.' }).max(USERNAME_MAX, { error: 'Watched with must be a list of usernames.' }), {
    error: 'Watched with must be a list of usernames.',
  })
  .max(VIEWING_WITH_MAX, { error: `At most ${VIEWING_WITH_MAX} members can be tagged in one viewing.` });

/** `POST /api/viewings`. Left out: `watched_on` is today (UTC), `rewatch` is whether an earlier viewing exists. */
export const viewingCreate = z.object({
  movie_id: rowId('The movie id is not valid.'),
  watched_on: watchedOn.optional(),
  rewatch: z.boolean({ error: 'Rewatch must be true or false.' }).optional(),
  with: watchedWith.optional(),
  place: viewingPlace,
  note: viewingNote,
});
export type ViewingCreate = z.infer<typeof viewingCreate>;

/** `PATCH /api/viewings/{id}`: the fields to change; `with` replaces the tagged members. */
export const viewingChange = viewingCreate.omit({ movie_id: true });
export type ViewingChange = z.infer<typeof viewingChange>;

export const viewingMember = z.object({ username: z.string(), profile_picture: z.string().nullable() }).meta({ id: 'ViewingMember' });
export type ViewingMember = z.infer<typeof viewingMember>;

export const viewing = z
  .object({
    id: rowIdOut,
    movie_id: rowIdOut,
    watched_on: z.string().nullable().meta({ description: 'YYYY-MM-DD; null for a film marked watched without a day (from an import).' }),
    rewatch: z.boolean(),
    with: z.array(viewingMember).meta({ description: 'The other members who watched, as tagged by the viewer.' }),
    place: z.string().nullable(),
    note: z.string().nullable(),
    created_at: z.string(),
  })
  .meta({ id: 'Viewing' });
export type Viewing = z.infer<typeof viewing>;

export const viewingReply = z.object({ success: z.literal(true), viewing });
export type ViewingReply = z.infer<typeof viewingReply>;

export const diaryEntry = viewing
  .extend({
    user: viewingMember.meta({ description: 'Who logged the viewing: the diary owner, or a member who tagged them.' }),
    tagged: z.boolean().meta({
      description: "True for another member's viewing the diary owner was tagged in and has not logged on that day themselves.",
    }),
    movie: z.object({ id: rowIdOut, title: z.string(), poster: z.string().nullable(), year: z.number().int().nullable(), length: z.number().int().nullable() }),
    stars: z.number().int().nullable().meta({ description: "The diary owner's stars for the movie, null without a review." }),
  })
  .meta({ id: 'DiaryEntry' });
export type DiaryEntry = z.infer<typeof diaryEntry>;

export const diaryReply = z.object({
  success: z.literal(true),
  viewings: z.array(diaryEntry).meta({ description: 'Newest first (by date, then by when they were logged).' }),
  total: z.number().int().min(0).meta({ description: 'Entries matching the year and month, over every page.' }),
});
export type DiaryReply = z.infer<typeof diaryReply>;

export const diaryQuery = z
  .object({
    year: wholeIn('Year must be a whole number like 2026.', VIEWING_EARLIEST_YEAR, 9999).optional(),
    month: wholeIn('Month must be a whole number from 1 to 12.', 1, 12).optional(),
    limit: wholeIn(`Limit must be a whole number from 1 to ${DIARY_PAGE_MAX}.`, 1, DIARY_PAGE_MAX).default(DIARY_PAGE_SIZE),
    offset: wholeIn(`Offset must be a whole number from 0 to ${ID_MAX.toLocaleString('en')}.`, 0, ID_MAX).default(0),
  })
  .refine((query) => query.month === undefined || query.year !== undefined, { error: 'Give a year with the month.' });

export const movieViewing = z
  .object({ id: rowIdOut, user: viewingMember, watched_on: z.string().nullable(), rewatch: z.boolean(), with: z.array(viewingMember) })
  .meta({ id: 'MovieViewing' });

export const movieViewingsReply = z.object({
  success: z.literal(true),
  viewings: z.array(movieViewing).meta({ description: 'The club’s viewings of the movie, newest first, at most MOVIE_VIEWINGS_LIMIT.' }),
  total: z.number().int().min(0),
  mine: z
    .object({ count: z.number().int().min(0), last_watched_on: z.string().nullable() })
    .nullable()
    .meta({ description: "The caller's own viewings of the movie (null when not signed in)." }),
});
export type MovieViewingsReply = z.infer<typeof movieViewingsReply>;

export const memberSearchReply = z.object({ success: z.literal(true), members: z.array(viewingMember) });
export type MemberSearchReply = z.infer<typeof memberSearchReply>;

const viewingParams = z.object({ id: rowIdText('Viewing id must be a number.') });
const SIGN_IN_TO_LOG = 'You must be signed in to log a viewing.';

/** The diary calls. */
export const viewingRoutes = {
  create: defineRoute({
    method: 'POST',
    path: '/api/viewings',
    summary: 'Logs a viewing of a catalogue movie by the caller, optionally with the members who watched too.',
    tag: 'Diary',
    auth: 'required',
    signInSentence: SIGN_IN_TO_LOG,
    body: viewingCreate,
    reply: viewingReply,
  }),
  change: defineRoute({
    method: 'PATCH',
    path: '/api/viewings/:id',
    summary: "Changes one of the caller's own viewings.",
    tag: 'Diary',
    auth: 'required',
    signInSentence: SIGN_IN_TO_LOG,
    params: viewingParams,
    body: viewingChange,
    reply: viewingReply,
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: '/api/viewings/:id',
    summary: "Deletes one of the caller's own viewings.",
    tag: 'Diary',
    auth: 'required',
    signInSentence: SIGN_IN_TO_LOG,
    params: viewingParams,
    reply: z.object({ success: z.literal(true) }),
  }),
  diary: defineRoute({
    method: 'GET',
    path: '/api/users/:username/diary',
    summary: "A member's diary: their viewings and those they were tagged in, newest first, by year and month, paged.",
    tag: 'Diary',
    auth: 'none',
    params: usernameParams,
    query: diaryQuery,
    reply: diaryReply,
  }),
  diaryAtom: defineRoute({
    method: 'GET',
    path: '/api/users/:username/diary.atom',
    summary: `A member's newest ${DIARY_PAGE_SIZE} diary entries as an Atom feed (RFC 4287) for feed readers: the film, their stars, the day, who with, where and the note.`,
    tag: 'Diary',
    auth: 'none',
    params: usernameParams,
    query: inLanguageQuery,
    reply: z.string(),
    produces: 'application/atom+xml',
  }),
  forMovie: defineRoute({
    method: 'GET',
    path: '/api/movies/:id/viewings',
    summary: "The club's viewings of a movie, and the caller's own count and last date.",
    tag: 'Diary',
    auth: 'none',
    params: z.object({ id: rowIdText('Movie id must be a number.') }),
    reply: movieViewingsReply,
  }),
  members: defineRoute({
    method: 'GET',
    path: '/api/members',
    summary: 'Members whose name starts with (then contains) the text: who can be tagged in a viewing.',
    tag: 'Diary',
    auth: 'required',
    signInSentence: 'You must be signed in to look up members.',
    query: z.object({ q: z.string({ error: 'Search text must be text.' }).max(USERNAME_MAX, { error: `Search text must be at most ${USERNAME_MAX} characters.` }).default('') }),
    reply: memberSearchReply,
  }),
};
