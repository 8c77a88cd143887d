import type { LanguageCode } from '@movieclub/contract';

/** The words of the club's Atom feed in each language a club may choose: the client's own sentences for the same events. */
export interface AtomTexts {
  title: string;
  someone: string;
  aMovie: string;
  aList: string;
  spoiler: string;
  and(names: string, last: string): string;
  rated(movie: string, stars: number | null): string;
  watched(movie: string, companions: string | null): string;
  addedToCatalogue(movie: string): string;
  addedToList(movie: string, list: string): string;
  picked(movie: string, list: string): string;
  scheduled(list: string): string;
  pickedForNight(movie: string, list: string): string;
  joined: string;
}

export const ATOM_TEXTS: Record<LanguageCode, AtomTexts> = {
  en: {
    title: 'MovieClub: what the club is up to',
    someone: 'Someone',
    aMovie: 'a movie',
    aList: 'a list',
    spoiler: 'The review gives the plot away: read it on the site.',
    and: (names, last) => `${names} and ${last}`,
    rated: (movie, stars) => (stars === null ? `rated ${movie}` : `rated ${movie} ${stars} ★`),
    watched: (movie, companions) => (companions ? `watched ${movie} with ${companions}` : `watched ${movie}`),
    addedToCatalogue: (movie) => `added ${movie} to the catalogue`,
    addedToList: (movie, list) => `added ${movie} to ${list}`,
    picked: (movie, list) => `picked ${movie} from ${list}`,
    scheduled: (list) => `scheduled a movie night of ${list}`,
    pickedForNight: (movie, list) => `picked ${movie} for a movie night of ${list}`,
    joined: 'joined the club',
  },
  de: {
    title: 'MovieClub: was im Club los ist',
    someone: 'Jemand',
    aMovie: 'einen Film',
    aList: 'eine Liste',
    spoiler: 'Die Kritik verrät die Handlung: lies sie auf der Seite.',
    and: (names, last) => `${names} und ${last}`,
    rated: (movie, stars) => (stars === null ? `hat ${movie} bewertet` : `hat ${movie} mit ${stars} ★ bewertet`),
    watched: (movie, companions) => (companions ? `hat ${movie} mit ${companions} geschaut` : `hat ${movie} geschaut`),
    addedToCatalogue: (movie) => `hat ${movie} zum Katalog hinzugefügt`,
    addedToList: (movie, list) => `hat ${movie} zu ${list} hinzugefügt`,
    picked: (movie, list) => `hat ${movie} aus ${list} ausgewählt`,
    scheduled: (list) => `hat einen Filmabend zu ${list} geplant`,
    pickedForNight: (movie, list) => `hat ${movie} für einen Filmabend zu ${list} ausgewählt`,
    joined: 'ist dem Club beigetreten',
  },
};
