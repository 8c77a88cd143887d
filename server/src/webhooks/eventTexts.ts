import type { LanguageCode } from '@movieclub/contract';

/** The words of the club's webhook posts, in each language a club may choose (the client's own words for the same things). */
export interface EventTexts {
  /** How a night's start is written ('Sun, 20 Dec 2026, 20:00'). */
  locale: string;
  rated(username: string, movie: string, stars: number): string;
  spoiler: string;
  stars(stars: number): string;
  night(list: string): string;
  nightAt(when: string, place: string | null): string;
  nightMoved(list: string): string;
  nightCancelled(list: string): string;
  nightOff(when: string): string;
  nightSoon(list: string): string;
  /** `at` is nightAt's sentence; `movie` null while nothing is picked. */
  soon(at: string, movie: string | null, going: number): string;
  pick(movie: string): string;
  pickWatched(list: string, when: string): string;
  joined(username: string): string;
  hello: string;
  testTitle: string;
  testText(admin: string): string;
}

export const EVENT_TEXTS: Record<LanguageCode, EventTexts> = {
  en: {
    locale: 'en-GB',
    rated: (username, movie, stars) => `${username} rated ${movie} ${stars}/10`,
    spoiler: 'The review gives the plot away: read it on the site.',
    stars: (stars) => `${stars} of 10 stars.`,
    night: (list) => `Movie night: ${list}`,
    nightAt: (when, place) => (place ? `${when} at ${place}.` : `${when}.`),
    nightMoved: (list) => `Movie night moved: ${list}`,
    nightCancelled: (list) => `Movie night cancelled: ${list}`,
    nightOff: (when) => `${when} is off.`,
    nightSoon: (list) => `Movie night soon: ${list}`,
    soon: (at, movie, going) => `${at} ${movie ? `Showing ${movie}.` : 'The movie is not picked yet.'} ${going === 1 ? '1 member is coming.' : `${going} members are coming.`}`,
    pick: (movie) => `Movie night pick: ${movie}`,
    pickWatched: (list, when) => `${list} watches it on ${when}.`,
    joined: (username) => `${username} joined the club`,
    hello: 'Say hello!',
    testTitle: 'Test message from MovieClub',
    testText: (admin) => `${admin} sent this from the admin page: club events will arrive here.`,
  },
  de: {
    locale: 'de-DE',
    rated: (username, movie, stars) => `${username} hat ${movie} mit ${stars}/10 bewertet`,
    spoiler: 'Die Kritik verrät die Handlung: lies sie auf der Seite.',
    stars: (stars) => `${stars} von 10 Sternen.`,
    night: (list) => `Filmabend: ${list}`,
    nightAt: (when, place) => (place ? `${when}, Ort: ${place}.` : `${when}.`),
    nightMoved: (list) => `Filmabend verschoben: ${list}`,
    nightCancelled: (list) => `Filmabend abgesagt: ${list}`,
    nightOff: (when) => `${when} fällt aus.`,
    nightSoon: (list) => `Filmabend in Kürze: ${list}`,
    soon: (at, movie, going) => `${at} ${movie ? `Es läuft ${movie}.` : 'Der Film ist noch nicht ausgewählt.'} ${going === 1 ? '1 Mitglied kommt.' : `${going} Mitglieder kommen.`}`,
    pick: (movie) => `Auswahl für den Filmabend: ${movie}`,
    pickWatched: (list, when) => `${list} schaut ihn am ${when}.`,
    joined: (username) => `${username} ist dem Club beigetreten`,
    hello: 'Sag hallo!',
    testTitle: 'Testnachricht von MovieClub',
    testText: (admin) => `${admin} hat sie von der Admin-Seite geschickt: Club-Ereignisse kommen hier an.`,
  },
};
