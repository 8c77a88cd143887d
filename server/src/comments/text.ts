import sanitizeHtml from 'sanitize-html';
import { USERNAME_MAX, USERNAME_MIN } from '@movieclub/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

/** What a mention may link to: a member, found by their name in any case. */
export interface Member {
  id: number;
  username: string;
}

/** Members by lowercased name. */
export type MembersByName = ReadonlyMap<string, Member>;

export const LINK_REL = 'nofollow noopener noreferrer ugc';

/**
 * The comment allowlist, of the same family as a list description's (watchlists/sanitize.ts)
 * but narrower: links (http, https, or a path on this site) and line breaks, nothing else.
 * Text inside any other tag is kept as text; script and style bodies are dropped.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ['a', 'br'],
  allowedAttributes: { a: ['href', 'rel', 'target'] },
  allowedSchemes: ['http', 'https'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  allowedStyles: {},
  transformTags: {
    a: (tagName, attribs) => {
      const href = attribs.href ?? '';
      // A profile link stays in the app; any other address opens in a new tab, unendorsed.
      if (href.startsWith('/') && !href.startsWith('//')) return { tagName, attribs: { href } };
      return { tagName, attribs: { ...(href ? { href } : {}), rel: LINK_REL, target: '_blank' } };
    },
  },
};

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => ESCAPES[char]);

/**
 * A web address: http(s):// or www. at the start of a word, up to white space or a character
 * that cannot be in one unescaped. Trailing sentence punctuation is trimmed afterwards. A
 * backslash ends it too: browsers read it as a slash, so the link would not go where it reads.
 */
const URL_PATTERN = /(?<![\p{L}\p{N}\p{M}_@./-])(?:https?:\/\/|www\.)[^\s<>"`\\\p{Cc}\u200b-\u200f\u2028-\u202e\u2060-\u2064\ufeff]+/giu;
/**
 * An @name: not inside a word or an e-mail address (nothing name-like or an @ just before it).
 * Names are ASCII letters, digits, `_`, `.` and `-` (the username rule).
 */
const MENTION_PATTERN = /(?<![\p{L}\p{N}\p{M}_.@+-])@([A-Za-z0-9_.-]+)/gu;

interface Piece {
  start: number;
  end: number;
  html: string;
}

/** Drops sentence punctuation after an address, and a closing bracket it did not open. */
function trimAddress(raw: string): string {
  let address = raw;
  for (;;) {
    const last = address.at(-1) ?? '';
    if (/[.,;:!?'*]/.test(last)) address = address.slice(0, -1);
    else if (last === ')' && (address.match(/\(/g)?.length ?? 0) < (address.match(/\)/g)?.length ?? 0)) address = address.slice(0, -1);
    else if (last === ']' && (address.match(/\[/g)?.length ?? 0) < (address.match(/\]/g)?.length ?? 0)) address = address.slice(0, -1);
    else return address;
  }
}

/** The link an address gets, or null if it is not a usable http(s) address. */
function hrefFor(address: string): string | null {
  const candidate = /^www\./i.test(address) ? `https://${address}` : address;
  try {
    const url = new URL(candidate);
    if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !url.hostname.includes('.')) return null;
    return url.href;
  } catch {
    return null;
  }
}

function addresses(text: string): Piece[] {
  const pieces: Piece[] = [];
  for (const match of text.matchAll(URL_PATTERN)) {
    const address = trimAddress(match[0]);
    const href = hrefFor(address);
    if (!href || address.length <= 4) continue;
    pieces.push({
      start: match.index,
      end: match.index + address.length,
      html: `<a href="${escapeHtml(href)}" rel="${LINK_REL}" target="_blank">${escapeHtml(address)}</a>`,
    });
  }
  return pieces;
}

/** The @names in a text that could be members (well-formed, outside addresses), lowercased, each once. */
export function mentionCandidates(text: string): string[] {
  const names = new Set<string>();
  for (const candidate of candidates(text, addresses(text))) names.add(candidate.name.toLowerCase());
  return [...names];
}

/**
 * Each @name outside an address. A name ends before trailing dots or hyphens (`@ann.` ends a
 * sentence) and is not one when an @ follows (`@ann@example.org`).
 */
function candidates(text: string, links: Piece[]): Array<{ start: number; end: number; name: string }> {
  const found: Array<{ start: number; end: number; name: string }> = [];
  for (const match of text.matchAll(MENTION_PATTERN)) {
    const name = match[1].replace(/[.-]+$/, '');
    const end = match.index + 1 + name.length;
    if (name.length < USERNAME_MIN || name.length > USERNAME_MAX || text[end] === '@') continue;
    if (links.some((link) => match.index < link.end && end > link.start)) continue;
    found.push({ start: match.index, end, name });
  }
  return found;
}

/** Text outside links: escaped, line breaks as <br>. */
const plain = (text: string) => escapeHtml(text).replace(/\n/g, '<br>');

export interface RenderedComment {
  html: string;
  /** The members mentioned, each once, in order of first mention. */
  mentionedUserIds: number[];
}

/**
 * A comment's text as safe HTML: escaped, line breaks as <br>, web addresses as links
 * (rel="nofollow noopener noreferrer ugc", new tab), and @name of an existing member as a link to
 * their profile with the member's own spelling. The result goes through the sanitiser as well.
 */
export function renderComment(text: string, members: MembersByName): RenderedComment {
  const normalised = text.replace(/\r\n?/g, '\n');
  const links = addresses(normalised);
  const mentioned: number[] = [];
  for (const candidate of candidates(normalised, links)) {
    const member = members.get(candidate.name.toLowerCase());
    if (!member) continue;
    if (!mentioned.includes(member.id)) mentioned.push(member.id);
    links.push({
      start: candidate.start,
      end: candidate.end,
      html: `<a href="/user/profile/${escapeHtml(encodeURIComponent(member.username))}">@${escapeHtml(member.username)}</a>`,
    });
  }
  links.sort((a, b) => a.start - b.start);
  let html = '';
  let at = 0;
  for (const link of links) {
    html += plain(normalised.slice(at, link.start)) + link.html;
    at = link.end;
  }
  html += plain(normalised.slice(at));
  return { html: sanitizeHtml(html, OPTIONS), mentionedUserIds: mentioned };
}

/** The members named by any of the lowercased names. */
export async function membersNamed(db: Kysely<Database>, names: string[]): Promise<Map<string, Member>> {
  if (names.length === 0) return new Map();
  const rows = await db.selectFrom('users').select(['id', 'username', 'username_lower']).where('username_lower', 'in', names).execute();
  return new Map(rows.map((row) => [row.username_lower, { id: row.id, username: row.username }]));
}

/** A comment's HTML and the members it mentions, looking the names up. */
export async function commentHtml(db: Kysely<Database>, text: string): Promise<RenderedComment> {
  return renderComment(text, await membersNamed(db, mentionCandidates(text)));
}
