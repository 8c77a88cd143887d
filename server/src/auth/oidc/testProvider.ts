import { generateKeyPairSync } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { type Adapter, type AdapterPayload, type Configuration, type JWK, type KoaContextWithOIDC } from 'oidc-provider';

/** The person the provider signs in: `sub` is their stable id, the rest what it says of them. */
export interface TestPerson {
  sub: string;
  preferred_username?: string;
  email?: string;
}

export interface TestProviderOptions {
  /** The provider's port (the app may need the issuer address before the provider runs). */
  port?: number;
  /** The app's callback address, registered for the client; a function when the app starts after the provider (read at the first request). */
  redirectUri: string | (() => string);
  clientId?: string;
  clientSecret?: string;
  /**
   * true: the sign-in page is skipped and the person is signed in at once (tests with an
   * HTTP client); false: a page with a 'Continue as …' button (browser tests).
   */
  autoApprove?: boolean;
}

export interface TestProvider {
  /** The issuer identifier: http://127.0.0.1:<port> */
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Who the next sign-in is; a browser that is still signed in at the provider stays who it was. */
  signInAs(person: TestPerson): void;
  /** 'deny': the next interactions end with error=access_denied, as when a person declines. */
  setMode(mode: 'approve' | 'deny'): void;
  close(): Promise<void>;
}

type Stored = { payload: AdapterPayload; expiresAt: number };

/** The provider's storage for one test run: a map per model (codes, sessions, grants, …). */
class MemoryAdapter implements Adapter {
  private static readonly rows = new Map<string, Stored>();
  constructor(private readonly model: string) {}
  private key = (id: string) => `${this.model}:${id}`;
  upsert(id: string, payload: AdapterPayload, expiresIn: number) {
    MemoryAdapter.rows.set(this.key(id), { payload, expiresAt: Date.now() + expiresIn * 1000 });
    return Promise.resolve();
  }
  find(id: string) {
    const row = MemoryAdapter.rows.get(this.key(id));
    return Promise.resolve(row && row.expiresAt > Date.now() ? row.payload : undefined);
  }
  async findByUid(uid: string) {
    for (const [key, row] of MemoryAdapter.rows) if (key.startsWith(`${this.model}:`) && row.payload.uid === uid) return row.payload;
    return undefined;
  }
  findByUserCode() {
    return Promise.resolve(undefined);
  }
  consume(id: string) {
    const row = MemoryAdapter.rows.get(this.key(id));
    if (row) row.payload.consumed = Math.floor(Date.now() / 1000);
    return Promise.resolve();
  }
  destroy(id: string) {
    MemoryAdapter.rows.delete(this.key(id));
    return Promise.resolve();
  }
  revokeByGrantId(grantId: string) {
    for (const [key, row] of MemoryAdapter.rows) if (row.payload.grantId === grantId) MemoryAdapter.rows.delete(key);
    return Promise.resolve();
  }
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

function signingKey(): JWK {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return { ...(privateKey.export({ format: 'jwk' }) as JWK), kid: 'test-signing-key', use: 'sig', alg: 'RS256' };
}

/**
 * A real OpenID Connect provider (the `oidc-provider` package, as certified) on a local
 * port, for tests: one confidential client registered for the app's callback, PKCE
 * required, and a small interaction that signs in the person set with `signInAs` and
 * grants the client's scopes without a consent screen.
 */
export async function startTestProvider(options: TestProviderOptions): Promise<TestProvider> {
  const clientId = options.clientId ?? 'movieclub';
  const clientSecret = options.clientSecret ?? 'movieclub-test-secret-0123456789abcdef';
  let person: TestPerson = { sub: 'person-1', preferred_username: 'tess' };
  let mode: 'approve' | 'deny' = 'approve';
  const people = new Map<string, TestPerson>();

  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const configure = (): Configuration => {
    const redirectUri = typeof options.redirectUri === 'string' ? options.redirectUri : options.redirectUri();
    return {
      clients: [
        {
          client_id: clientId,
          client_secret: clientSecret,
          redirect_uris: [redirectUri],
          // The site's home page, where signing out at the provider sends the browser back.
          post_logout_redirect_uris: [redirectUri.replace(/\/api\/auth\/oidc\/callback$/, '/')],
          grant_types: ['authorization_code'],
          response_types: ['code'],
          token_endpoint_auth_method: 'client_secret_basic',
        },
      ],
      pkce: { required: () => true },
      claims: { openid: ['sub'], profile: ['preferred_username'], email: ['email', 'email_verified'] },
      jwks: { keys: [signingKey()] },
      adapter: MemoryAdapter,
      ttl: { AuthorizationCode: 60, Interaction: 600, Session: 3600, Grant: 3600, AccessToken: 600, IdToken: 600 },
      cookies: { keys: ['movieclub-test-provider-cookie-key'] },
      features: { devInteractions: { enabled: false } },
      interactions: { url: (_ctx: KoaContextWithOIDC, interaction) => `/interaction/${interaction.uid}` },
      findAccount: (_ctx, id) => {
        const found = people.get(id);
        if (!found) return undefined;
        return { accountId: id, claims: () => ({ ...found, ...(found.email ? { email_verified: true } : {}) }) };
      },
      // The client is first-party: what it asks for is granted without a consent screen.
      loadExistingGrant: async (ctx) => {
        const grantId = ctx.oidc.result?.consent?.grantId ?? ctx.oidc.session?.grantIdFor(ctx.oidc.client!.clientId);
        if (grantId) return ctx.oidc.provider.Grant.find(grantId);
        const grant = new ctx.oidc.provider.Grant({ clientId: ctx.oidc.client!.clientId, accountId: ctx.oidc.session!.accountId! });
        grant.addOIDCScope('openid profile email');
        await grant.save();
        return grant;
      },
    };
  };
  let built: { provider: Provider; callback: ReturnType<Provider['callback']> } | null = null;
  const started = () => {
    if (!built) {
      const provider = new Provider(issuer, configure());
      built = { provider, callback: provider.callback() };
    }
    return built;
  };

  const finishLogin = async (provider: Provider, request: http.IncomingMessage, response: http.ServerResponse) => {
    if (mode === 'deny') {
      await provider.interactionFinished(request, response, { error: 'access_denied', error_description: 'The person declined.' }, { mergeWithLastSubmission: false });
      return;
    }
    people.set(person.sub, person);
    await provider.interactionFinished(request, response, { login: { accountId: person.sub } }, { mergeWithLastSubmission: false });
  };

  const interaction = async (request: http.IncomingMessage, response: http.ServerResponse) => {
    const { provider } = started();
    const details = await provider.interactionDetails(request, response);
    if (request.method === 'POST' || options.autoApprove !== false) return finishLogin(provider, request, response);
    const name = escapeHtml(person.preferred_username ?? person.email ?? person.sub);
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Test identity provider</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body><main><h1>Test identity provider</h1><p>Sign in to ${escapeHtml(String(details.params.client_id))}.</p>
<form method="post" action="/interaction/${escapeHtml(details.uid)}"><button type="submit">Continue as ${name}</button></form></main></body></html>`);
  };

  server.on('request', (request: http.IncomingMessage, response: http.ServerResponse) => {
    if (!request.url?.startsWith('/interaction/')) return void started().callback(request, response);
    interaction(request, response).catch((error: unknown) => {
      response.writeHead(500, { 'content-type': 'text/plain' });
      response.end(`The interaction failed: ${String(error)}`);
    });
  });

  return {
    issuer,
    clientId,
    clientSecret,
    signInAs(next) {
      person = next;
    },
    setMode(next) {
      mode = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
