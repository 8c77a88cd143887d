import type { FeedEvent, LanguageCode } from '@movieclub/contract';
import { atomDocument, escapeHtml, htmlParagraphs, joinNames } from '../http/atom';
import { ATOM_TEXTS, type AtomTexts } from './atomTexts';

const movieName = (event: FeedEvent, words: AtomTexts) => (event.movie ? (event.movie.year === null ? event.movie.title : `${event.movie.title} (${event.movie.year})`) : words.aMovie);

/** What happened, as the client's feed says it: the actor, then the sentence. */
function titleOf(event: FeedEvent, words: AtomTexts): string {
  const movie = movieName(event, words);
  const list = event.list?.name ?? words.aList;
  const what = {
    review: () => words.rated(movie, event.review?.stars ?? null),
    viewing: () => words.watched(movie, joinNames(event.with.map((member) => member.username), words.and)),
    movie_added: () => words.addedToCatalogue(movie),
    list_addition: () => words.addedToList(movie, list),
    pick: () => words.picked(movie, list),
    screening_scheduled: () => words.scheduled(list),
    screening_picked: () => words.pickedForNight(movie, list),
    member_joined: () => words.joined,
  }[event.kind]();
  return `${event.actor?.username ?? words.someone} ${what}`;
}

/** Where an event leads on the site: its movie night, its movie, its list, or who did it. */
function pathOf(event: FeedEvent): string {
  if (event.screening) return `/screening/${event.screening.id}`;
  if (event.movie) return `/movie/${event.movie.id}`;
  if (event.list) return `/watchlist/${event.list.id}`;
  return event.actor ? `/user/profile/${encodeURIComponent(event.actor.username)}` : '/feed';
}

/** A review's text as HTML paragraphs (escaped: it is plain text), or the warning that stands for a spoiler. */
function contentOf(event: FeedEvent, words: AtomTexts): string | undefined {
  if (!event.review?.text) return undefined;
  if (event.review.spoiler) return `<p>${escapeHtml(words.spoiler)}</p>`;
  return htmlParagraphs(event.review.text);
}

/**
 * The club's events as an Atom feed in `language`. An entry's id is its feed cursor (its kind, row
 * and time), so a reader sees each event once; `site` is this site's absolute address.
 */
export function atomFeed(events: FeedEvent[], site: string, language: LanguageCode): string {
  const words = ATOM_TEXTS[language];
  return atomDocument(
    { site, title: words.title, page: '/feed', self: '/api/feed.atom', language },
    events.map((event) => ({
      id: `${site}/feed#${event.cursor}`,
      // Atom titles are HTML here (the library writes type="html"): names and titles are text.
      title: escapeHtml(titleOf(event, words)),
      link: `${site}${pathOf(event)}`,
      date: new Date(event.at),
      author: event.actor ? [{ name: event.actor.username, link: `${site}/user/profile/${encodeURIComponent(event.actor.username)}` }] : undefined,
      content: contentOf(event, words),
    })),
  );
}
