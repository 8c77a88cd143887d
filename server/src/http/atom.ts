import { Feed, type Item } from 'feed';

/**
 * Characters XML 1.0 cannot carry, even escaped: C0 controls but tab and line breaks, U+FFFE,
 * U+FFFF, and halves of a surrogate pair (with the u flag only an unpaired half matches).
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF\uD800-\uDFFF]/gu;

/** `text` without what XML cannot carry: one control character in a note must not break a reader's whole feed. */
export const xmlSafe = (text: string) => text.replace(NOT_XML, '');
const xmlSafeIfAny = (text: string | undefined) => (text === undefined ? undefined : xmlSafe(text));

/** Text for an Atom element of type html (titles and content): escaped, so names and titles read as they are. */
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);

/** Plain text people wrote, as escaped HTML paragraphs (a blank line parts them, a line break stays one). */
export const htmlParagraphs = (text: string) =>
  text
    .split(/\n{2,}/)
    .map((paragraph) => `<p>${escapeHtml(paragraph).replace(/\n/g, '<br />')}</p>`)
    .join('');

/** 'ann, bob and cy' in the language's own word for 'and' (the client's feed joins names so). */
export function joinNames(names: string[], and: (names: string, last: string) => string): string | null {
  if (names.length === 0) return null;
  return names.length === 1 ? names[0] : and(names.slice(0, -1).join(', '), names[names.length - 1]);
}

export interface AtomHead {
  /** This site's absolute address. */
  site: string;
  title: string;
  /** The page the feed follows, and the feed's own address, both from the site's root. */
  page: string;
  self: string;
  language: string;
}

/** An Atom feed (RFC 4287) of `entries`, newest first; its time is the newest entry's. */
export function atomDocument(head: AtomHead, entries: Item[]): string {
  const feed = new Feed({
    id: `${head.site}${head.page}`,
    title: xmlSafe(head.title),
    link: `${head.site}${head.page}`,
    language: head.language,
    updated: entries[0]?.date ?? new Date(0),
    generator: 'MovieClub',
    feedLinks: { atom: `${head.site}${head.self}` },
    favicon: `${head.site}/logo.svg`,
    copyright: '',
  });
  // Every text a member may have written goes through here, so no feed needs to remember it.
  for (const entry of entries) {
    feed.addItem({
      ...entry,
      title: xmlSafe(entry.title),
      description: xmlSafeIfAny(entry.description),
      content: xmlSafeIfAny(entry.content),
      author: entry.author?.map((author) => ({ ...author, name: xmlSafeIfAny(author.name) })),
    });
  }
  return feed.atom1();
}

export const ATOM_TYPE = 'application/atom+xml; charset=utf-8';
/** Feed readers poll: a minute's cache keeps their polls cheap. */
export const ATOM_CACHE = 'public, max-age=60';
