// No zod here: the client imports these at run time.

/** Who may create an account: anyone, only people with an invitation, or nobody (the first account always may). */
export const REGISTRATION_MODES = ['open', 'invite', 'closed'] as const;
export type RegistrationMode = (typeof REGISTRATION_MODES)[number];

export const WEBHOOK_FORMATS = ['discord', 'ntfy'] as const;
export type WebhookFormatName = (typeof WEBHOOK_FORMATS)[number];

/** An invitation lasts this many days unless the admin says otherwise, and at most MAX. */
export const INVITE_DAYS_DEFAULT = 7;
export const INVITE_DAYS_MAX = 90;
export const INVITE_NOTE_MAX = 200;
export const WEBHOOK_URL_MAX = 2_000;

export const REGISTRATION_CLOSED = 'Registration is closed on this site.';
export const INVITE_REQUIRED = 'Registration on this site needs an invitation.';
export const INVITE_INVALID = 'This invitation is not valid or has already been used.';
/** What a member who is not an admin sees on the admin page. */
export const ADMIN_PAGE_ONLY = 'Only an admin of this site may see this page.';

/** An http or https address, at most WEBHOOK_URL_MAX characters. */
export function isWebhookUrl(text: string): boolean {
  if (text.length > WEBHOOK_URL_MAX) return false;
  try {
    const url = new URL(text);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.length > 0;
  } catch {
    return false;
  }
}

export const INVITE_STATES = ['unused', 'used', 'expired'] as const;
export type InviteState = (typeof INVITE_STATES)[number];
