import type { WebhookFormat } from '../config';

/** A club event as an outside service shows it: a title, a line or two, and where it leads. */
export interface ClubEvent {
  title: string;
  text: string;
  /** Absolute address on the site. */
  url: string;
  /** ntfy tags (emoji short names), e.g. ['star']. */
  tags: string[];
}

export interface OutgoingRequest {
  url: string;
  headers: Record<string, string>;
  body: string;
}

const DISCORD_BLUE = 0x1d4ed8;

/**
 * Discord's webhook JSON: the title as an embed linking to the site, the text as its description.
 * Members write the names in it, so nothing in it may ping: no @everyone, roles or users.
 */
function discord(target: string, event: ClubEvent): OutgoingRequest {
  const body = {
    username: 'MovieClub',
    content: event.title,
    allowed_mentions: { parse: [] },
    embeds: [{ title: event.title.slice(0, 256), description: event.text.slice(0, 4096), url: event.url, color: DISCORD_BLUE }],
  };
  return { url: target, headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) };
}

/**
 * ntfy's plain publish: the message as the body, the title, tags and click-through in headers.
 * Header values must be ASCII on the wire: other characters go percent-encoded, as ntfy reads them.
 */
function ntfy(target: string, event: ClubEvent): OutgoingRequest {
  const ascii = (text: string) => (/^[\x20-\x7e]*$/.test(text) ? text : encodeURIComponent(text));
  return {
    url: target,
    headers: { 'Content-Type': 'text/plain; charset=utf-8', Title: ascii(event.title), Tags: event.tags.join(','), Click: event.url, Priority: '3' },
    body: event.text,
  };
}

export function outgoingRequest(format: WebhookFormat, target: string, event: ClubEvent): OutgoingRequest {
  return format === 'discord' ? discord(target, event) : ntfy(target, event);
}
