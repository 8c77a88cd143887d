import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import * as queries from './queries';

const SECRET_KEY = 'device_cookie_secret';
const SEPARATOR = '~';

/**
 * Device cookies (OWASP, "Slow Down Online Guessing Attacks with Device Cookies"):
 * `<username_lower>~<nonce>~<hmac>`, given to a browser after it signs in. A login that
 * presents a valid one for the username it names is counted apart from everyone else,
 * so strangers' failures cannot lock the owner out.
 */
export class DeviceCookies {
  private key: Promise<Buffer> | null = null;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly sessionSecret: string,
  ) {}

  /** A new cookie value for this username. */
  async issue(usernameLower: string): Promise<string> {
    const nonce = randomBytes(16).toString('base64url');
    return [usernameLower, nonce, await this.sign(usernameLower, nonce)].join(SEPARATOR);
  }

  /** The cookie's nonce when it is genuine and names this username; otherwise null (an untrusted client). */
  async nonceFor(cookie: string | undefined, usernameLower: string): Promise<string | null> {
    if (!cookie || cookie.length > 200) return null;
    const [name, nonce, signature, ...rest] = cookie.split(SEPARATOR);
    if (rest.length || !nonce || !signature || name !== usernameLower) return null;
    const expected = Buffer.from(await this.sign(name, nonce));
    const actual = Buffer.from(signature);
    return actual.length === expected.length && timingSafeEqual(actual, expected) ? nonce : null;
  }

  private async sign(usernameLower: string, nonce: string): Promise<string> {
    this.key ??= this.loadKey();
    const key = await this.key.catch((error: unknown) => {
      this.key = null; // a database hiccup must not stick; try again next time
      throw error;
    });
    return createHmac('sha256', key).update(`${usernameLower}${SEPARATOR}${nonce}`).digest('base64url');
  }

  /**
   * SESSION_SECRET when set; otherwise a random secret stored once per installation, so
   * every process (and every restart) accepts the cookies the others issued.
   */
  private async loadKey(): Promise<Buffer> {
    const secret = this.sessionSecret || (await queries.ensureMetaValue(this.db, SECRET_KEY, randomBytes(32).toString('base64url')));
    // Derived, so the device-cookie key differs from the session-token key made from the same secret.
    return createHmac('sha256', secret).update('device cookies').digest();
  }
}
