import { z } from 'zod';
import { rowIdOut, rowIdText } from './ids';
import { languageCode } from './languageQuery';
import { defineRoute } from './route';
import { INVITE_DAYS_DEFAULT, INVITE_DAYS_MAX, INVITE_NOTE_MAX, INVITE_STATES, isWebhookUrl, REGISTRATION_MODES, WEBHOOK_FORMATS } from './adminRules';

const registrationMode = z.enum(REGISTRATION_MODES, { error: 'Registration must be open, invite or closed.' });
const webhookFormat = z.enum(WEBHOOK_FORMATS, { error: 'The webhook format must be discord or ntfy.' });

export const registrationReply = z.object({
  success: z.literal(true),
  mode: registrationMode.meta({ description: "The rule a visitor meets now: 'open' while the site has no account yet, whatever is set." }),
});
export type RegistrationReply = z.infer<typeof registrationReply>;

export const adminSettings = z
  .object({
    registration: registrationMode,
    registration_from: z.enum(['environment', 'admin']).meta({ description: 'Whether an admin set the mode, or REGISTRATION (default open) applies.' }),
    webhook: z.object({
      url: z.string().nullable().meta({ description: 'Where club events are posted; null: nowhere.' }),
      format: webhookFormat,
      from: z.enum(['environment', 'admin']).meta({ description: 'Whether an admin set the address, or WEBHOOK_URL and WEBHOOK_FORMAT apply.' }),
    }),
    language: languageCode.meta({ description: "The club's language: of its webhook posts, its link previews, and the calendars and cards asked for without `lang`." }),
    language_from: z.enum(['environment', 'admin']).meta({ description: 'Whether an admin set the language, or CLUB_LANGUAGE (default en) applies.' }),
  })
  .meta({ id: 'AdminSettings' });
export type AdminSettings = z.infer<typeof adminSettings>;
export const adminSettingsReply = adminSettings.extend({ success: z.literal(true) });
export type AdminSettingsReply = z.infer<typeof adminSettingsReply>;

export const adminSettingsChange = z.object({
  registration: registrationMode.optional(),
  webhook_url: z
    .string({ error: 'The webhook address must be text or null.' })
    .trim()
    .refine(isWebhookUrl, { error: 'The webhook address must be a full http or https address.' })
    .nullable()
    .optional()
    .meta({ description: "null goes back to the environment's WEBHOOK_URL and WEBHOOK_FORMAT." }),
  webhook_format: webhookFormat.optional(),
  language: languageCode.optional(),
});
export type AdminSettingsChange = z.infer<typeof adminSettingsChange>;

export const webhookTestReply = z.object({
  success: z.literal(true),
  accepted: z.boolean().meta({ description: 'The receiver answered with a 2xx status.' }),
  status: z.number().int().nullable().meta({ description: "The receiver's HTTP status; null when it did not answer." }),
  message: z.string().meta({ description: 'One sentence saying what happened.' }),
});
export type WebhookTestReply = z.infer<typeof webhookTestReply>;

export const inviteCreate = z.object({
  expires_in_days: z
    .number({ error: `Expiry must be a whole number of days from 1 to ${INVITE_DAYS_MAX}.` })
    .int({ error: `Expiry must be a whole number of days from 1 to ${INVITE_DAYS_MAX}.` })
    .min(1, { error: `Expiry must be a whole number of days from 1 to ${INVITE_DAYS_MAX}.` })
    .max(INVITE_DAYS_MAX, { error: `Expiry must be a whole number of days from 1 to ${INVITE_DAYS_MAX}.` })
    .optional()
    .meta({ description: `Default ${INVITE_DAYS_DEFAULT}.` }),
  note: z
    .string({ error: 'The note must be text.' })
    .trim()
    .max(INVITE_NOTE_MAX, { error: `The note must be at most ${INVITE_NOTE_MAX} characters.` })
    .nullable()
    .optional()
    .meta({ description: 'For the admin: whom the invitation is for.' }),
});
export type InviteCreate = z.infer<typeof inviteCreate>;

export const createdInvite = z.object({
  id: rowIdOut,
  url: z.string().meta({ description: 'The link to hand out: <site>/register?invite=<token>. Shown only now; the site keeps a hash.' }),
  expires_at: z.string(),
});
export type CreatedInvite = z.infer<typeof createdInvite>;

export const invite = z
  .object({
    id: rowIdOut,
    note: z.string().nullable(),
    created_by: z.string().nullable().meta({ description: "The admin's username; null if the account is gone." }),
    created_at: z.string(),
    expires_at: z.string(),
    state: z.enum(INVITE_STATES),
    used_by: z.string().nullable().meta({ description: 'Who registered with it; null while unused or if the account is gone.' }),
    used_at: z.string().nullable(),
  })
  .meta({ id: 'Invite' });
export type Invite = z.infer<typeof invite>;

const TAG = 'Site admin';
const ok = z.object({ success: z.literal(true) });

export const registrationRoutes = {
  registration: defineRoute({
    method: 'GET',
    path: '/api/registration',
    summary: 'Who may register now: open, invite (an invitation is needed) or closed.',
    tag: 'Accounts',
    auth: 'none',
    reply: registrationReply,
  }),
};

export const adminRoutes = {
  settings: defineRoute({
    method: 'GET',
    path: '/api/admin/settings',
    summary: "The registration mode, the outgoing webhook and the club's language, and where each comes from (admins only).",
    tag: TAG,
    auth: 'required',
    reply: adminSettingsReply,
  }),
  changeSettings: defineRoute({
    method: 'PUT',
    path: '/api/admin/settings',
    summary: "Changes the registration mode, the outgoing webhook or the club's language; these override the environment (admins only).",
    tag: TAG,
    auth: 'required',
    body: adminSettingsChange,
    reply: adminSettingsReply,
  }),
  testWebhook: defineRoute({
    method: 'POST',
    path: '/api/admin/webhook/test',
    summary: 'Posts a test message to the outgoing webhook now and says whether the receiver accepted it (admins only).',
    tag: TAG,
    auth: 'required',
    reply: webhookTestReply,
  }),
  createInvite: defineRoute({
    method: 'POST',
    path: '/api/admin/invites',
    summary: 'Creates a single-use invitation link (admins only).',
    tag: TAG,
    auth: 'required',
    body: inviteCreate,
    reply: z.object({ success: z.literal(true), invite: createdInvite }),
  }),
  invites: defineRoute({
    method: 'GET',
    path: '/api/admin/invites',
    summary: 'Every invitation, newest first: unused, used (and by whom) or expired (admins only).',
    tag: TAG,
    auth: 'required',
    reply: z.object({ success: z.literal(true), invites: z.array(invite) }),
  }),
  removeMember: defineRoute({
    method: 'DELETE',
    path: '/api/admin/members/:username',
    summary:
      "Deletes a member's account as if they had deleted it themselves (admins only; not the site's first account, nor the admin's own: that is DELETE /api/user).",
    tag: TAG,
    auth: 'required',
    params: z.object({ username: z.string().max(200, { error: 'No member has that name.' }) }),
    reply: ok,
  }),
  revokeInvite: defineRoute({
    method: 'DELETE',
    path: '/api/admin/invites/:id',
    summary: 'Deletes an invitation; its link stops working (admins only).',
    tag: TAG,
    auth: 'required',
    params: z.object({ id: rowIdText('The invitation id is not valid.') }),
    reply: ok,
  }),
};
