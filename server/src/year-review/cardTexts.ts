import type { LanguageCode } from '@movieclub/contract';

/** A count and its noun ('1 film', '3 films'). */
type Counted = (count: number | string) => string;
const counted = (one: string, other: string): Counted => (count) => `${count} ${Number(count) === 1 ? one : other}`;

/**
 * The words of a year's card and of its link preview, in each language the client speaks: a member
 * downloads the card in the language they read; link previews are in the club's language. The same
 * words as the client's catalogue.
 */
export interface CardTexts {
  banner: string;
  club: string;
  films: string;
  hours: string;
  reviews: string;
  viewings: string;
  members: string;
  topFilms: string;
  mostLoved: string;
  genres: string;
  preview: {
    /** Open Graph's name of the language. */
    locale: string;
    memberTitle(username: string, year: number): string;
    clubTitle(year: number): string;
    films: Counted;
    hours: Counted;
    reviews: Counted;
    members: Counted;
    topFilm(title: string): string;
    mostLoved(title: string): string;
    /** A year with nothing watched or rated: the page's own sentence, past or not yet. */
    quiet(year: number, past: boolean): string;
  };
}

export const CARD_TEXTS: Record<LanguageCode, CardTexts> = {
  en: {
    banner: 'MovieClub · Year in review',
    club: 'The club',
    films: 'Films',
    hours: 'Hours',
    reviews: 'Reviews',
    viewings: 'Viewings',
    members: 'Members',
    topFilms: 'Top films',
    mostLoved: 'Most loved',
    genres: 'Favourite genres',
    preview: {
      locale: 'en_GB',
      memberTitle: (username, year) => `${username}'s ${year} in film · MovieClub`,
      clubTitle: (year) => `The club's ${year} · MovieClub`,
      films: counted('film', 'films'),
      hours: counted('hour', 'hours'),
      reviews: counted('review', 'reviews'),
      members: counted('member', 'members'),
      topFilm: (title) => `Top film: ${title}.`,
      mostLoved: (title) => `Most loved: ${title}.`,
      quiet: (year, past) => (past ? `Nothing was watched or rated in ${year}.` : `Nothing has been watched or rated in ${year} yet.`),
    },
  },
  de: {
    banner: 'MovieClub · Jahresrückblick',
    club: 'Der Club',
    films: 'Filme',
    hours: 'Stunden',
    reviews: 'Kritiken',
    viewings: 'Sichtungen',
    members: 'Mitglieder',
    topFilms: 'Top-Filme',
    mostLoved: 'Am beliebtesten',
    genres: 'Lieblingsgenres',
    preview: {
      locale: 'de_DE',
      memberTitle: (username, year) => `Das Filmjahr ${year} von ${username} · MovieClub`,
      clubTitle: (year) => `Das Jahr ${year} des Clubs · MovieClub`,
      films: counted('Film', 'Filme'),
      hours: counted('Stunde', 'Stunden'),
      reviews: counted('Kritik', 'Kritiken'),
      members: counted('Mitglied', 'Mitglieder'),
      topFilm: (title) => `Top-Film: ${title}.`,
      mostLoved: (title) => `Am beliebtesten: ${title}.`,
      quiet: (year, past) => (past ? `${year} wurde nichts geschaut oder bewertet.` : `${year} wurde noch nichts geschaut oder bewertet.`),
    },
  },
};
