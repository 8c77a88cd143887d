import * as client from 'openid-client';
import type { OidcConfig } from '../../config';
import type { FlowState } from './cookies';

/** Seconds a call to the provider (discovery, token, userinfo) may take. */
const PROVIDER_TIMEOUT_SECONDS = 10;
const SCOPE = 'openid profile email';

/** What this site learns of the person from the provider. */
export interface ProviderIdentity {
  issuer: string;
  subject: string;
  preferredUsername: string | undefined;
  email: string | undefined;
  /** The ID token itself, to name the session when signing out at the provider. */
  idToken: string | undefined;
}

/** Why an answer from the provider was not accepted; the login page shows a sentence for it. */
export class ProviderProblem extends Error {
  constructor(
    readonly reason: 'unavailable' | 'failed',
    cause: unknown,
  ) {
    super(`The identity provider's answer was not accepted (${reason}).`, { cause });
    this.name = 'ProviderProblem';
  }
}

const text = (value: unknown): string | undefined => (typeof value === 'string' && value.trim() ? value.trim() : undefined);

/** A failure to reach the provider rather than a wrong answer from it. */
function unreachable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if (error.name === 'AbortError' || error.name === 'TimeoutError') return true;
  return error instanceof TypeError && /fetch failed/i.test(error.message);
}

/**
 * The relying party: discovers the provider once per process (again after a failure),
 * builds the authorization address with PKCE (S256), state and nonce, and checks the
 * provider's answer with openid-client. An `http:` issuer is allowed, for a provider on
 * the same machine or network; production providers use https.
 */
export class OidcClient {
  private configuration: Promise<client.Configuration> | null = null;

  constructor(private readonly settings: OidcConfig) {}

  get issuer(): string {
    return this.settings.issuer;
  }

  private discover(): Promise<client.Configuration> {
    this.configuration ??= (async () => {
      const insecure = new URL(this.settings.issuer).protocol === 'http:';
      const { clientId, clientSecret } = this.settings;
      return client.discovery(
        new URL(this.settings.issuer),
        clientId,
        clientSecret ?? undefined,
        clientSecret ? client.ClientSecretBasic(clientSecret) : client.None(),
        { timeout: PROVIDER_TIMEOUT_SECONDS, ...(insecure ? { execute: [client.allowInsecureRequests] } : {}) },
      );
    })().catch((error: unknown) => {
      this.configuration = null;
      throw new ProviderProblem(unreachable(error) ? 'unavailable' : 'failed', error);
    });
    return this.configuration;
  }

  /** A new flow (kept in the sealed cookie) and the provider's address to send the browser to. */
  async start(redirectUri: string, returnTo: string, invite: string | null): Promise<{ url: URL; flow: FlowState }> {
    const configuration = await this.discover();
    const verifier = client.randomPKCECodeVerifier();
    const flow: FlowState = { verifier, state: client.randomState(), nonce: client.randomNonce(), returnTo, invite };
    const url = client.buildAuthorizationUrl(configuration, {
      redirect_uri: redirectUri,
      scope: SCOPE,
      code_challenge: await client.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      state: flow.state,
      nonce: flow.nonce,
    });
    return { url, flow };
  }

  /**
   * The provider's address that ends the session the ID token names there and sends the browser
   * back to `returnUri` (RP-initiated logout); null when the provider has no such address.
   */
  async signOutUrl(idToken: string, returnUri: string): Promise<URL | null> {
    const configuration = await this.discover();
    if (!configuration.serverMetadata().end_session_endpoint) return null;
    return client.buildEndSessionUrl(configuration, { id_token_hint: idToken, post_logout_redirect_uri: returnUri });
  }

  /**
   * Checks the answer at `callbackUrl` (state, issuer, code exchanged with the PKCE
   * verifier, the ID token's signature, audience and nonce) and reads who signed in;
   * the name and email come from the ID token, else from the userinfo endpoint.
   */
  async finish(callbackUrl: URL, flow: FlowState): Promise<ProviderIdentity> {
    const configuration = await this.discover();
    try {
      const tokens = await client.authorizationCodeGrant(configuration, callbackUrl, {
        pkceCodeVerifier: flow.verifier,
        expectedState: flow.state,
        expectedNonce: flow.nonce,
        idTokenExpected: true,
      });
      const claims = tokens.claims();
      if (!claims) throw new Error('The provider sent no ID token.');
      let preferredUsername = text(claims.preferred_username);
      let email = text(claims.email);
      if (!preferredUsername && !email && tokens.access_token) {
        const info = await client.fetchUserInfo(configuration, tokens.access_token, claims.sub).catch(() => null);
        preferredUsername = text(info?.preferred_username);
        email = text(info?.email);
      }
      return { issuer: claims.iss, subject: claims.sub, preferredUsername, email, idToken: tokens.id_token };
    } catch (error) {
      throw new ProviderProblem(unreachable(error) ? 'unavailable' : 'failed', error);
    }
  }
}

const clients = new WeakMap<OidcConfig, OidcClient>();

/** The one relying party of these settings, shared by the sign-in routes and sign-out (discovery is kept in it). */
export function oidcClientFor(settings: OidcConfig): OidcClient {
  let found = clients.get(settings);
  if (!found) clients.set(settings, (found = new OidcClient(settings)));
  return found;
}
