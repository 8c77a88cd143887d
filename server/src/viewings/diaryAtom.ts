import type { DiaryEntry, LanguageCode } from '@movieclub/contract';
import { atomDocument, escapeHtml, htmlParagraphs, joinNames } from '../http/atom';

/** The words of a member's diary as an Atom feed, in each language a club may choose. */
interface DiaryAtomTexts {
  locale: string;
  title(username: string): string;
  rewatch: string;
  watchedOn(day: string): string;
  noDay: string;
  with(names: string): string;
  and(names: string, last: string): string;
  place(place: string): string;
  loggedBy(username: string): string;
}

const TEXTS: Record<LanguageCode, DiaryAtomTexts> = {
  en: {
    locale: 'en-GB',
    title: (username) => `${username}'s diary · MovieClub`,
    rewatch: 'rewatched',
    watchedOn: (day) => `Watched on ${day}`,
    noDay: 'Watched, no day given',
    with: (names) => `with ${names}`,
    and: (names, last) => `${names} and ${last}`,
    place: (place) => `at ${place}`,
    loggedBy: (username) => `Logged by ${username}`,
  },
  de: {
    locale: 'de-DE',
    title: (username) => `Tagebuch von ${username} · MovieClub`,
    rewatch: 'erneut gesehen',
    watchedOn: (day) => `Gesehen am ${day}`,
    noDay: 'Gesehen, ohne Tag',
    with: (names) => `mit ${names}`,
    and: (names, last) => `${names} und ${last}`,
    place: (place) => `Ort: ${place}`,
    loggedBy: (username) => `Eingetragen von ${username}`,
  },
};

/** 'Alien (1979) 9 ★, rewatched': the film, the owner's stars and a rewatch. */
function titleOf(entry: DiaryEntry, words: DiaryAtomTexts): string {
  const film = entry.movie.year === null ? entry.movie.title : `${entry.movie.title} (${entry.movie.year})`;
  const stars = entry.stars === null ? '' : ` ${entry.stars} ★`;
  return `${film}${stars}${entry.rewatch ? `, ${words.rewatch}` : ''}`;
}

/**
 * Who watched with the diary's owner, as the diary tab names them: on a viewing the owner was
 * tagged in, the member who logged it first, then the other tagged members, never the owner.
 */
function companionsOf(entry: DiaryEntry, owner: string): string[] {
  const tagged = entry.with.map((member) => member.username).filter((name) => name.toLowerCase() !== owner.toLowerCase());
  return entry.tagged ? [entry.user.username, ...tagged] : tagged;
}

/** The day, who else was there, where, who logged it when it was another member, and the owner's note. */
function contentOf(entry: DiaryEntry, owner: string, words: DiaryAtomTexts): string {
  const day = entry.watched_on
    ? words.watchedOn(new Date(`${entry.watched_on}T00:00:00Z`).toLocaleDateString(words.locale, { timeZone: 'UTC', day: 'numeric', month: 'short', year: 'numeric' }))
    : words.noDay;
  const names = joinNames(companionsOf(entry, owner), words.and);
  const companions = names === null ? null : words.with(names);
  const facts = [day, companions, entry.place ? words.place(entry.place) : null].filter(Boolean).join(', ');
  const logged = entry.tagged ? `<p>${escapeHtml(words.loggedBy(entry.user.username))}</p>` : '';
  // A tagged viewing's note is its logger's own, which the diary does not show either.
  const note = entry.note && !entry.tagged ? htmlParagraphs(entry.note) : '';
  return `<p>${escapeHtml(facts)}.</p>${logged}${note}`;
}

/** A member's newest diary entries as an Atom feed in `language`, each linking to its movie. */
export function diaryAtom(username: string, entries: DiaryEntry[], site: string, language: LanguageCode): string {
  const words = TEXTS[language];
  const profile = `/user/profile/${encodeURIComponent(username)}`;
  return atomDocument(
    { site, title: words.title(username), page: `${profile}?tab=diary`, self: `/api/users/${encodeURIComponent(username)}/diary.atom`, language },
    entries.map((entry) => ({
      id: `${site}${profile}?tab=diary#viewing-${entry.id}`,
      title: escapeHtml(titleOf(entry, words)),
      link: `${site}/movie/${entry.movie.id}`,
      date: new Date(entry.created_at),
      author: [{ name: entry.user.username, link: `${site}/user/profile/${encodeURIComponent(entry.user.username)}` }],
      content: contentOf(entry, username, words),
    })),
  );
}
