import type { LanguageCode } from '@movieclub/contract';

/**
 * The words of a year's card, in each language the client speaks: a member downloads the card in
 * the language they read; link previews get English. The same words as the client's catalogue.
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
  },
};
