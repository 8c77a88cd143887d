import { CLUB_MIN_RATINGS, type ClubYear, type LanguageCode, type MemberYear, type RatedMovie, YEAR_TOP_FILMS, YEAR_TOP_GENRES } from '@movieclub/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { round2, spreadOf } from '../insights/arithmetic';
import * as insights from '../insights/service';
import type { YearCard } from './card';
import { CARD_TEXTS } from './cardTexts';
import * as q from './queries';

type Db = Kysely<Database>;

const WATCHED_WITH_SHOWN = 3;

/** The night as the story tells it: where, when (in the offset it was scheduled with), what, how many came. */
function toBestNight(row: Awaited<ReturnType<typeof q.bestNight>>): MemberYear['best_night'] {
  if (!row) return null;
  const local = new Date(Date.parse(row.starts_at) + row.utc_offset * 60_000).toISOString().slice(0, 19);
  const sign = row.utc_offset < 0 ? '-' : '+';
  const minutes = Math.abs(row.utc_offset);
  const offset = row.utc_offset === 0 ? 'Z' : `${sign}${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
  return {
    screening_id: row.id,
    watchlist_name: row.watchlist_name,
    starts_at: `${local}${offset}`,
    movie: row.movie_id !== null && row.title ? { id: row.movie_id, title: row.title, year: row.year ?? null, poster: row.poster ?? null } : null,
    attendees: Number(row.attendees),
  };
}

/** Of the films the member reviewed that year, the one whose club ratings spread widest (the better-known on a tie). */
async function divisiveReviewed(db: Db, userId: number, year: number): Promise<RatedMovie | null> {
  const rows = await q.spreadOfReviewed(db, userId, year, CLUB_MIN_RATINGS);
  const ranked = rows
    .map((row) => {
      const ratings = Number(row.ratings);
      const { average, stddev } = spreadOf(ratings, Number(row.total), Number(row.squares));
      return { movie: { id: row.id, title: row.title, year: row.year, poster: row.poster }, average: round2(average), stddev: round2(stddev), ratings };
    })
    .sort((a, b) => b.stddev - a.stddev || b.ratings - a.ratings || a.movie.title.localeCompare(b.movie.title));
  return ranked[0] ?? null;
}

export async function memberYear(db: Db, username: string, year: number): Promise<MemberYear> {
  const stats = await insights.memberStats(db, username, year);
  const user = await insights.findMember(db, username);
  const [top, divisive, night] = await Promise.all([
    q.topReviewed(db, user.id, year, YEAR_TOP_FILMS),
    divisiveReviewed(db, user.id, year),
    q.bestNight(db, year, user.id),
  ]);
  return {
    username: user.username,
    profile_picture: user.profile_picture,
    year,
    totals: { films: stats.totals.films, hours: stats.totals.hours, viewings: stats.totals.viewings, reviews: stats.totals.reviews },
    top_films: top.map((film) => ({ id: film.id, title: film.title, year: film.year, poster: film.poster, stars: film.stars })),
    most_divisive: divisive,
    best_night: toBestNight(night),
    genres: stats.genres.slice(0, YEAR_TOP_GENRES),
    watched_with: stats.watched_with.slice(0, WATCHED_WITH_SHOWN),
    years: stats.years,
  };
}

export async function clubYear(db: Db, year: number): Promise<ClubYear> {
  const [stats, joined, night] = await Promise.all([insights.clubStats(db, year), q.newMembers(db, year), q.bestNight(db, year, null)]);
  return {
    year,
    totals: stats.totals,
    members: stats.members.length,
    new_members: joined,
    top_films: stats.most_loved.slice(0, YEAR_TOP_FILMS),
    most_divisive: stats.most_divisive[0] ?? null,
    best_night: toBestNight(night),
    genres: stats.genres.slice(0, YEAR_TOP_GENRES),
    years: stats.years,
  };
}

/** Hours on a card, as its language writes a fraction ('4.5', '4,5'). */
const cardHours = (value: number, language: LanguageCode) => new Intl.NumberFormat(language, { maximumFractionDigits: 1, useGrouping: false }).format(value);

export function memberCard(review: MemberYear, language: LanguageCode): YearCard {
  const words = CARD_TEXTS[language];
  return {
    banner: words.banner,
    heading: review.username,
    year: review.year,
    figures: [
      { label: words.films, value: String(review.totals.films) },
      { label: words.hours, value: cardHours(review.totals.hours, language) },
      { label: words.reviews, value: String(review.totals.reviews) },
      { label: words.viewings, value: String(review.totals.viewings) },
    ],
    lists: [
      { title: words.topFilms, lines: review.top_films.map((film) => `${film.stars}★ ${film.title}`) },
      { title: words.genres, lines: review.genres.map((genre) => genre.name) },
    ],
  };
}

export function clubCard(review: ClubYear, language: LanguageCode): YearCard {
  const words = CARD_TEXTS[language];
  return {
    banner: words.banner,
    heading: words.club,
    year: review.year,
    figures: [
      { label: words.members, value: String(review.members) },
      { label: words.films, value: String(review.totals.films) },
      { label: words.hours, value: cardHours(review.totals.hours, language) },
      { label: words.reviews, value: String(review.totals.reviews) },
    ],
    lists: [
      { title: words.mostLoved, lines: review.top_films.map((entry) => entry.movie.title) },
      { title: words.genres, lines: review.genres.map((genre) => genre.name) },
    ],
  };
}

export type PreviewText = { locale: string; lang: LanguageCode; title: string; description: string; quiet: boolean };

/** Nothing watched or rated that year: the story says so in a sentence, with no card (the client's rule). */
const quietTotals = (totals: MemberYear['totals']) => totals.films === 0 && totals.viewings === 0 && totals.reviews === 0;
export const quietMemberYear = (review: MemberYear) => quietTotals(review.totals);
/** The club's year is quiet when nobody joined either. */
export const quietClubYear = (review: ClubYear) => quietTotals(review.totals) && review.new_members.length === 0;

/** The quiet year's sentence, as the page words it: a year before this one is past. */
const quietSentence = (year: number, language: LanguageCode) => CARD_TEXTS[language].preview.quiet(year, year < new Date().getUTCFullYear());

/** What a link to a year shows in chats and feeds, in the club's language; a quiet year, the page's sentence. */
export function memberPreviewText(review: MemberYear, language: LanguageCode): PreviewText {
  const top = review.top_films[0];
  const words = CARD_TEXTS[language].preview;
  const counts = [words.films(review.totals.films), words.hours(cardHours(review.totals.hours, language)), words.reviews(review.totals.reviews)];
  const quiet = quietMemberYear(review);
  return {
    locale: words.locale,
    lang: language,
    title: words.memberTitle(review.username, review.year),
    description: quiet ? quietSentence(review.year, language) : `${counts.join(', ')}.${top ? ` ${words.topFilm(top.title)}` : ''}`,
    quiet,
  };
}

export function clubPreviewText(review: ClubYear, language: LanguageCode): PreviewText {
  const top = review.top_films[0];
  const words = CARD_TEXTS[language].preview;
  const counts = [words.members(review.members), words.films(review.totals.films), words.hours(cardHours(review.totals.hours, language))];
  const quiet = quietClubYear(review);
  return {
    locale: words.locale,
    lang: language,
    title: words.clubTitle(review.year),
    description: quiet ? quietSentence(review.year, language) : `${counts.join(', ')}.${top ? ` ${words.mostLoved(top.movie.title)}` : ''}`,
    quiet,
  };
}
