import type { AdminSettings, AdminSettingsChange, LanguageCode, RegistrationMode } from '@movieclub/contract';
import { LANGUAGE_CODES, REGISTRATION_MODES, WEBHOOK_FORMATS } from '@movieclub/contract';
import type { Kysely } from 'kysely';
import type { Config, WebhookFormat } from '../config';
import { appMetaValues } from '../db/appMeta';
import type { Database } from '../db/schema';

type Db = Kysely<Database>;

/**
 * The `app_meta` keys of what an admin set on the admin page. Each overrides its
 * environment variable once stored; the webhook's address and format go together.
 */
export const SETTING_KEYS = {
  registration: 'setting_registration',
  webhookUrl: 'setting_webhook_url',
  webhookFormat: 'setting_webhook_format',
  language: 'setting_language',
} as const;
const ALL_KEYS = Object.values(SETTING_KEYS);

export interface WebhookTarget {
  url: string;
  format: WebhookFormat;
  /** The club's language, which its posts are written in. */
  language: LanguageCode;
}

/**
 * The stored settings, read from the shared database each time: several server processes
 * see an admin's change at their next read, with no cache to go stale.
 */
function stored(db: Db): Promise<Map<string, string>> {
  return appMetaValues(db, ALL_KEYS);
}

const isMode = (value: string | undefined): value is RegistrationMode => (REGISTRATION_MODES as readonly string[]).includes(value ?? '');
const isFormat = (value: string | undefined): value is WebhookFormat => (WEBHOOK_FORMATS as readonly string[]).includes(value ?? '');
const isLanguage = (value: string | undefined): value is LanguageCode => (LANGUAGE_CODES as readonly string[]).includes(value ?? '');

function effective(config: Config, values: Map<string, string>): AdminSettings {
  const mode = values.get(SETTING_KEYS.registration);
  const url = values.get(SETTING_KEYS.webhookUrl);
  const stored = values.get(SETTING_KEYS.webhookFormat);
  const format = isFormat(stored) ? stored : config.webhookFormat;
  const language = values.get(SETTING_KEYS.language);
  return {
    registration: isMode(mode) ? mode : config.registration,
    registration_from: isMode(mode) ? 'admin' : 'environment',
    webhook: url ? { url, format, from: 'admin' } : { url: config.webhookUrl, format, from: 'environment' },
    language: isLanguage(language) ? language : config.clubLanguage,
    language_from: isLanguage(language) ? 'admin' : 'environment',
  };
}

export async function readSettings(db: Db, config: Config): Promise<AdminSettings> {
  return effective(config, await stored(db));
}

/** The registration rule set (by an admin, else REGISTRATION). */
export async function registrationMode(db: Db, config: Config): Promise<RegistrationMode> {
  return (await readSettings(db, config)).registration;
}

/** Where club events go now: the admin's webhook, else the environment's, else nowhere. */
export async function webhookTarget(db: Db, config: Config): Promise<WebhookTarget | null> {
  const { webhook, language } = await readSettings(db, config);
  return webhook.url ? { url: webhook.url, format: webhook.format, language } : null;
}

/** The language of what the club says to others (set by an admin, else CLUB_LANGUAGE). */
export async function clubLanguage(db: Db, config: Config): Promise<LanguageCode> {
  const language = (await appMetaValues(db, [SETTING_KEYS.language])).get(SETTING_KEYS.language);
  return isLanguage(language) ? language : config.clubLanguage;
}

async function put(db: Db, key: string, value: string) {
  await db
    .insertInto('app_meta')
    .values({ key, value })
    .onConflict((conflict) => conflict.column('key').doUpdateSet({ value }))
    .execute();
}

/**
 * Applies an admin's change. `webhook_url: null` forgets the admin's webhook (address and
 * format), so the environment's applies again; a format alone changes the admin's webhook,
 * or, with none set, is kept with the environment's address.
 */
export async function changeSettings(db: Db, config: Config, change: AdminSettingsChange): Promise<AdminSettings> {
  await db.transaction().execute(async (trx) => {
    if (change.registration) await put(trx, SETTING_KEYS.registration, change.registration);
    if (change.webhook_url === null) {
      await trx.deleteFrom('app_meta').where('key', 'in', [SETTING_KEYS.webhookUrl, SETTING_KEYS.webhookFormat]).execute();
    } else if (change.webhook_url !== undefined) {
      await put(trx, SETTING_KEYS.webhookUrl, change.webhook_url);
    }
    if (change.webhook_format) await put(trx, SETTING_KEYS.webhookFormat, change.webhook_format);
    if (change.language) await put(trx, SETTING_KEYS.language, change.language);
  });
  return readSettings(db, config);
}
