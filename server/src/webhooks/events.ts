import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { ClubEvent } from './formats';

type Db = Kysely<Database>;

const EXCERPT = 280;
const titled = (movie: { title: string; year: number | null }) => (movie.year ? `${movie.title} (${movie.year})` : movie.title);
/** 'Sun, 20 Dec 2026, 20:00' in the offset the night was scheduled with (the host's own clock). */
function localStart(startsAt: string, offset: number): string {
  const local = new Date(Date.parse(startsAt) + offset * 60_000);
  return local.toLocaleString('en-GB', { timeZone: 'UTC', weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' });
}

/** A review as its author posted it. */
export interface PostedReview {
  username: string;
  movieId: number;
  stars: number;
  text: string | null;
  spoiler: boolean;
}

/**
 * A new review: who rated what; its text unless it spoils the film. Built from the review as
 * posted, not as read later: the event is sent after the reply, when an update may have followed.
 */
export async function reviewEvent(db: Db, site: string, review: PostedReview): Promise<ClubEvent | null> {
  const movie = await db.selectFrom('movies').select(['title', 'year']).where('id', '=', review.movieId).executeTakeFirst();
  if (!movie) return null;
  const text = review.spoiler ? 'The review gives the plot away: read it on the site.' : (review.text?.trim().slice(0, EXCERPT) ?? '');
  return { title: `${review.username} rated ${titled(movie)} ${review.stars}/10`, text: text || `${review.stars} of 10 stars.`, url: `${site}/movie/${review.movieId}`, tags: ['star'] };
}

async function screening(db: Db, id: number) {
  return db
    .selectFrom('screenings as s')
    .innerJoin('watchlists as w', 'w.id', 's.watchlist_id')
    .leftJoin('movies as m', 'm.id', 's.picked_movie_id')
    .select(['s.id', 's.starts_at', 's.utc_offset', 's.place', 'w.name as list', 'm.title', 'm.year'])
    .where('s.id', '=', id)
    .executeTakeFirst();
}

/** A movie night scheduled: which list, when, where. */
export async function screeningScheduledEvent(db: Db, site: string, id: number): Promise<ClubEvent | null> {
  const night = await screening(db, id);
  if (!night) return null;
  const where = night.place ? ` at ${night.place}` : '';
  return { title: `Movie night: ${night.list}`, text: `${localStart(night.starts_at, night.utc_offset)}${where}.`, url: `${site}/screening/${id}`, tags: ['calendar'] };
}

/** A movie night's pick. */
export async function screeningPickedEvent(db: Db, site: string, id: number): Promise<ClubEvent | null> {
  const night = await screening(db, id);
  if (!night?.title) return null;
  return {
    title: `Movie night pick: ${titled({ title: night.title, year: night.year ?? null })}`,
    text: `${night.list} watches it on ${localStart(night.starts_at, night.utc_offset)}.`,
    url: `${site}/screening/${id}`,
    tags: ['popcorn'],
  };
}

/** A new member. */
export function memberJoinedEvent(site: string, username: string): Promise<ClubEvent> {
  return Promise.resolve({ title: `${username} joined the club`, text: 'Say hello!', url: `${site}/user/profile/${encodeURIComponent(username)}`, tags: ['wave'] });
}
