import type { LanguageCode } from '@movieclub/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { EVENT_TEXTS } from './eventTexts';
import type { ClubEvent } from './formats';

type Db = Kysely<Database>;

const EXCERPT = 280;
const titled = (movie: { title: string; year: number | null }) => (movie.year ? `${movie.title} (${movie.year})` : movie.title);
/** 'Sun, 20 Dec 2026, 20:00' in the offset the night was scheduled with (the host's own clock). */
function localStart(startsAt: string, offset: number, language: LanguageCode): string {
  const local = new Date(Date.parse(startsAt) + offset * 60_000);
  return local.toLocaleString(EVENT_TEXTS[language].locale, { timeZone: 'UTC', weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' });
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
export async function reviewEvent(db: Db, site: string, review: PostedReview, language: LanguageCode): Promise<ClubEvent | null> {
  const movie = await db.selectFrom('movies').select(['title', 'year']).where('id', '=', review.movieId).executeTakeFirst();
  if (!movie) return null;
  const words = EVENT_TEXTS[language];
  const text = review.spoiler ? words.spoiler : (review.text?.trim().slice(0, EXCERPT) ?? '');
  return { title: words.rated(review.username, titled(movie), review.stars), text: text || words.stars(review.stars), url: `${site}/movie/${review.movieId}`, tags: ['star'] };
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
export async function screeningScheduledEvent(db: Db, site: string, id: number, language: LanguageCode): Promise<ClubEvent | null> {
  const night = await screening(db, id);
  if (!night) return null;
  const words = EVENT_TEXTS[language];
  return { title: words.night(night.list), text: words.nightAt(localStart(night.starts_at, night.utc_offset, language), night.place), url: `${site}/screening/${id}`, tags: ['calendar'] };
}

/** A movie night's pick. */
/** A night that moved or has a new place: when and where it is now. */
export async function screeningMovedEvent(db: Db, site: string, id: number, language: LanguageCode): Promise<ClubEvent | null> {
  const night = await screening(db, id);
  if (!night) return null;
  const words = EVENT_TEXTS[language];
  return { title: words.nightMoved(night.list), text: words.nightAt(localStart(night.starts_at, night.utc_offset, language), night.place), url: `${site}/screening/${id}`, tags: ['calendar'] };
}

/** A cancelled night: which one is off. */
export async function screeningCancelledEvent(db: Db, site: string, id: number, language: LanguageCode): Promise<ClubEvent | null> {
  const night = await screening(db, id);
  if (!night) return null;
  const words = EVENT_TEXTS[language];
  return { title: words.nightCancelled(night.list), text: words.nightOff(localStart(night.starts_at, night.utc_offset, language)), url: `${site}/screening/${id}`, tags: ['x'] };
}

export async function screeningPickedEvent(db: Db, site: string, id: number, language: LanguageCode): Promise<ClubEvent | null> {
  const night = await screening(db, id);
  if (!night?.title) return null;
  const words = EVENT_TEXTS[language];
  return {
    title: words.pick(titled({ title: night.title, year: night.year ?? null })),
    text: words.pickWatched(night.list, localStart(night.starts_at, night.utc_offset, language)),
    url: `${site}/screening/${id}`,
    tags: ['popcorn'],
  };
}

/** A night about to start: when and where, the movie if picked, and how many are coming. */
export async function screeningSoonEvent(db: Db, site: string, id: number, language: LanguageCode): Promise<ClubEvent | null> {
  const night = await screening(db, id);
  if (!night) return null;
  const going = await db
    .selectFrom('screening_rsvps')
    .select((eb) => eb.fn.countAll<number | string>().as('going'))
    .where('screening_id', '=', id)
    .where('status', '=', 'yes')
    .executeTakeFirstOrThrow();
  const words = EVENT_TEXTS[language];
  const movie = night.title ? titled({ title: night.title, year: night.year ?? null }) : null;
  return {
    title: words.nightSoon(night.list),
    text: words.soon(words.nightAt(localStart(night.starts_at, night.utc_offset, language), night.place), movie, Number(going.going)),
    url: `${site}/screening/${id}`,
    tags: ['alarm_clock'],
  };
}

/** A new member. */
export function memberJoinedEvent(site: string, username: string, language: LanguageCode): Promise<ClubEvent> {
  const words = EVENT_TEXTS[language];
  return Promise.resolve({ title: words.joined(username), text: words.hello, url: `${site}/user/profile/${encodeURIComponent(username)}`, tags: ['wave'] });
}
