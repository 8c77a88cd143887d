import { IMDB_ID_PATTERN } from '@movieclub/contract';
import { z } from 'zod';
import { requireUtf8 } from './csv';
import { normaliseDate } from './dates';
import type { Pace } from './pace';
import { row, type RowSink } from './rows';
import { ImportFileError, type ParsedRow } from './types';

/**
 * Our own export: `movieclub.json`, versioned. Version 1 holds the member's profile, the
 * movies named (by IMDb id), reviews with every club field, viewings (a null `watched_on`
 * is a viewing without a day, `with` the companions by username), the personal watchlist
 * and the lists they own, each with its order (1-based positions), sanitised HTML
 * description and moderators by username.
 */
export const MOVIECLUB_FILE = 'movieclub.json';
export const MOVIECLUB_VERSION = 1;

const tconst = z.string().regex(IMDB_ID_PATTERN, { error: 'an IMDb id must look like tt0111161' });
const moment = z.string().max(64);

export const movieclubMovie = z.object({ tconst, title: z.string(), year: z.number().int().nullable() });
export const movieclubReview = z.object({
  tconst,
  stars: z.number().int().min(1).max(10),
  text: z.string().nullable(),
  ttm_rating: z.string().nullable(),
  pain_level: z.number().int().nullable(),
  smoke_alarms: z.boolean().nullable(),
  equipment_seen: z.boolean().nullable(),
  estimated_budget: z.string().nullable(),
  created_at: moment,
  updated_at: moment,
});
export const movieclubViewing = z.object({
  tconst,
  watched_on: z.string().max(10).nullable(),
  rewatch: z.boolean(),
  with: z.array(z.string()),
  place: z.string().nullable(),
  note: z.string().nullable(),
  created_at: moment,
});
export const movieclubItem = z.object({ tconst, position: z.number().int().min(1), added_at: moment });
export const movieclubList = z.object({
  name: z.string(),
  description_html: z.string(),
  created_at: moment,
  items: z.array(movieclubItem),
  moderators: z.array(z.string()),
});
export const movieclubUser = z.object({ username: z.string(), created_at: moment, profile_picture: z.string().nullable().optional() });

/** The document with its long arrays left unchecked; their entries are checked one by one, between turns of the event loop. */
const documentShape = z.object({
  format: z.literal('movieclub'),
  version: z.literal(MOVIECLUB_VERSION),
  exported_at: moment,
  user: movieclubUser,
  movies: z.array(z.unknown()),
  reviews: z.array(z.unknown()),
  viewings: z.array(z.unknown()),
  watchlist: z.array(z.unknown()),
  lists: z.array(z.unknown()),
});

export interface MovieclubDocument {
  format: 'movieclub';
  version: typeof MOVIECLUB_VERSION;
  exported_at: string;
  user: z.infer<typeof movieclubUser>;
  movies: z.infer<typeof movieclubMovie>[];
  reviews: z.infer<typeof movieclubReview>[];
  viewings: z.infer<typeof movieclubViewing>[];
  watchlist: z.infer<typeof movieclubItem>[];
  lists: z.infer<typeof movieclubList>[];
}

/** The first problem zod found, as `field: message`. */
function problem(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'unreadable';
  const field = issue.path.map(String).join('.');
  return field ? `${field}: ${issue.message}` : issue.message;
}

async function checkEach<T>(entries: unknown[], schema: z.ZodType<T>, what: string, pace: Pace): Promise<T[]> {
  const checked: T[] = [];
  for (const [i, entry] of entries.entries()) {
    const result = schema.safeParse(entry);
    if (!result.success) throw new ImportFileError(`${MOVIECLUB_FILE}: ${what} ${i + 1} is not valid (${problem(result.error)}). Export it again.`);
    checked.push(result.data);
    if (i % 500 === 0) await pace.turn();
  }
  return checked;
}

/** Reads and checks `movieclub.json`; a version this server does not know is refused. */
export async function readMovieclubDocument(bytes: Uint8Array, pace: Pace): Promise<MovieclubDocument> {
  requireUtf8(bytes, MOVIECLUB_FILE, false);
  let raw: unknown;
  try {
    raw = JSON.parse(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8').replace(/^\uFEFF/, ''));
  } catch {
    throw new ImportFileError(`${MOVIECLUB_FILE} is not valid JSON. Export again and upload the zip as it came.`);
  }
  await pace.turn();
  if (typeof raw !== 'object' || raw === null || (raw as { format?: unknown }).format !== 'movieclub') {
    throw new ImportFileError(`${MOVIECLUB_FILE} is not a movieclub export. Upload the zip the export gave you, as it came.`);
  }
  const version = (raw as { version?: unknown }).version;
  if (version !== MOVIECLUB_VERSION) {
    throw new ImportFileError(
      typeof version === 'number' || typeof version === 'string'
        ? `This movieclub export is version ${String(version).slice(0, 20)}; this server reads version ${MOVIECLUB_VERSION}. Export again from a server of the same version, or update this one.`
        : `This movieclub export has no version; this server reads version ${MOVIECLUB_VERSION}. Export again from a server of the same version, or update this one.`,
    );
  }
  const shape = documentShape.safeParse(raw);
  if (!shape.success) throw new ImportFileError(`${MOVIECLUB_FILE} is not complete (${problem(shape.error)}). Export it again.`);
  const document = shape.data;
  return {
    ...document,
    movies: await checkEach(document.movies, movieclubMovie, 'movie', pace),
    reviews: await checkEach(document.reviews, movieclubReview, 'review', pace),
    viewings: await checkEach(document.viewings, movieclubViewing, 'viewing', pace),
    watchlist: await checkEach(document.watchlist, movieclubItem, 'watchlist entry', pace),
    lists: await checkEach(document.lists, movieclubList, 'list', pace),
  };
}

const dayOf = (moment: string) => normaliseDate(moment.slice(0, 10));
const flag = (value: boolean | null) => (value === null ? null : value ? 1 : 0);

/**
 * The document as rows: reviews → `review` rows carrying their club fields; viewings → `diary`
 * rows (no day: a viewing without one); the watchlist → `watchlist` rows; each list → a ParsedList
 * and its `list` rows. A row's `line` counts entries through the file, as JSON has no rows.
 * Answers the exporting member's name.
 */
export async function readMovieclub(bytes: Uint8Array, file: string, sink: RowSink, pace: Pace): Promise<string> {
  const document = await readMovieclubDocument(bytes, pace);
  const movies = new Map(document.movies.map((movie) => [movie.tconst, movie]));
  let line = 0;
  const rowFor = (kind: ParsedRow['kind'], id: string) => {
    const movie = movies.get(id);
    const parsed = row(file, ++line, kind, movie?.title ?? id);
    parsed.tconst = id;
    parsed.year = movie?.year ?? null;
    return parsed;
  };
  const add = async (parsed: ParsedRow) => {
    sink.add(parsed);
    if (line % 500 === 0) await pace.turn();
  };

  for (const review of document.reviews) {
    const parsed = rowFor('review', review.tconst);
    parsed.stars = review.stars;
    parsed.review = review.text;
    parsed.date = dayOf(review.updated_at);
    parsed.club = {
      review: {
        ttm_rating: review.ttm_rating,
        pain_level: review.pain_level,
        smoke_alarms: flag(review.smoke_alarms),
        equipment_seen: flag(review.equipment_seen),
        estimated_budget: review.estimated_budget,
        created_at: review.created_at,
        updated_at: review.updated_at,
      },
    };
    await add(parsed);
  }
  for (const viewing of document.viewings) {
    const parsed = rowFor('diary', viewing.tconst);
    parsed.watchedOn = viewing.watched_on === null ? null : normaliseDate(viewing.watched_on);
    parsed.date = dayOf(viewing.created_at);
    parsed.rewatch = viewing.rewatch;
    parsed.club = { with: viewing.with, place: viewing.place, note: viewing.note };
    await add(parsed);
  }
  for (const item of document.watchlist) {
    const parsed = rowFor('watchlist', item.tconst);
    parsed.position = item.position;
    parsed.date = dayOf(item.added_at);
    await add(parsed);
  }
  for (const list of document.lists) {
    const index = sink.addList({ name: list.name, description: list.description_html, file, moderators: list.moderators });
    for (const item of list.items) {
      const parsed = rowFor('list', item.tconst);
      parsed.list = index;
      parsed.position = item.position;
      parsed.date = dayOf(item.added_at);
      await add(parsed);
    }
  }
  return document.user.username;
}
