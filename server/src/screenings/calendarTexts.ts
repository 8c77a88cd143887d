import type { LanguageCode } from '@movieclub/contract';

/** The words of the calendar files, in each language the client speaks (the client's own words for them). */
export interface CalendarTexts {
  /** An event before the pick: the list's name. */
  night(list: string): string;
  /** An event once a movie is picked. */
  nightOf(title: string, list: string): string;
  /** A subscribed list's calendar. */
  feed(list: string): string;
  /** The calendar of every public list's nights. */
  club: string;
  /** The calendar of the nights a member is coming to. */
  member(username: string): string;
}

export const CALENDAR_TEXTS: Record<LanguageCode, CalendarTexts> = {
  en: {
    night: (list) => `Movie night: ${list}`,
    nightOf: (title, list) => `Movie night: ${title} (${list})`,
    feed: (list) => `${list}: movie nights`,
    club: 'MovieClub: movie nights',
    member: (username) => `${username}'s movie nights`,
  },
  de: {
    night: (list) => `Filmabend: ${list}`,
    nightOf: (title, list) => `Filmabend: ${title} (${list})`,
    feed: (list) => `${list}: Filmabende`,
    club: 'MovieClub: Filmabende',
    member: (username) => `Filmabende von ${username}`,
  },
};
