import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

/** Where catalogue posters come from: OMDb's image host and TMDB's. */
export const POSTER_HOSTS = ['https://m.media-amazon.com', 'https://image.tmdb.org'];

/** Addresses other sites load directly: the Stremio add-on, its posters and logo. */
const SHARED_WITH_OTHER_SITES = /^\/(api\/watchlist\/|api\/posters\/|logo\.svg(\?|$))/;

/**
 * The service worker's own script: it fetches posters from the services' image hosts to keep
 * them for offline use, and a worker's fetches obey the policy sent with its script.
 */
const isServiceWorker = (request: IncomingMessage) => /^\/sw\.js(\?|$)/.test(request.url ?? '');

/**
 * Replies that are data, never a page a browser shows as a document: the API, apart from its
 * reference (Swagger UI's pages). They get the headers that matter for data (see
 * installSecurityHeaders); a page served there by mistake would load nothing, so fail safe.
 */
const isDataReply = (request: IncomingMessage) => /^\/api\//.test(request.url ?? '') && !/^\/api\/docs(\/|\?|$)/.test(request.url ?? '');

/** The socket.io address of the host the page was loaded from; a host that is not a plain name adds nothing. */
function socketSources(request: IncomingMessage): string {
  const host = request.headers.host ?? '';
  return /^[A-Za-z0-9.-]+(:\d{1,5})?$|^\[[0-9A-Fa-f:.]+\](:\d{1,5})?$/.test(host) ? `ws://${host} wss://${host}` : '';
}

/**
 * Security headers on every reply: a strict Content-Security-Policy (scripts from this
 * site only; styles also inline, as PrimeReact and Quill set style attributes and
 * insert style elements), no framing, no MIME sniffing, and a referrer that names
 * only this site's origin to other sites.
 *
 * The API's data replies get a shorter set: a policy that loads nothing and is never framed,
 * no sniffing, no framing, HTTPS only, not readable by other sites. The headers that only a
 * document uses (its opener, its agent cluster, DNS prefetching, old browsers' XSS filter and
 * download prompt, Flash's cross-domain policies) would be 500 bytes more on every small reply.
 */
export async function installSecurityHeaders(app: FastifyInstance, publicUrl: string | null) {
  const shared = {
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: false },
    crossOriginResourcePolicy: { policy: 'same-origin' },
  } as const;
  const setDataHeaders = helmet({
    ...shared,
    contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] } },
    crossOriginOpenerPolicy: false,
    originAgentCluster: false,
    xDnsPrefetchControl: false,
    xDownloadOptions: false,
    xPermittedCrossDomainPolicies: false,
    xXssProtection: false,
  });
  const setPageHeaders = helmet({
    ...shared,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        // The API reference (Swagger UI) draws its icons as data: images; nothing else may.
        imgSrc: ["'self'", ...POSTER_HOSTS, (request) => (request.url?.startsWith('/api/docs') ? 'data:' : '')],
        fontSrc: ["'self'"],
        connectSrc: ["'self'", (request) => socketSources(request), (request) => (isServiceWorker(request) ? POSTER_HOSTS.join(' ') : '')],
        // The installable app: its service worker and web app manifest, from this site only.
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        // Only when the site is known to be served over HTTPS: on plain HTTP it would break every asset.
        ...(publicUrl?.startsWith('https:') ? { upgradeInsecureRequests: [] } : {}),
      },
    },
  });
  const headersFor = keptHeaders((request, response, next) => (isDataReply(request) ? setDataHeaders : setPageHeaders)(request, response, next));
  app.addHook('onRequest', (request, reply, done) => {
    for (const [name, value] of headersFor(request.raw)) reply.raw.setHeader(name, value);
    reply.raw.removeHeader('X-Powered-By');
    done();
  });
  // Stremio apps on other sites fetch the add-on and show its posters.
  app.addHook('onSend', async (request, reply) => {
    if (SHARED_WITH_OTHER_SITES.test(request.url)) reply.header('Cross-Origin-Resource-Policy', 'cross-origin');
  });
}

type HeaderValue = string | number | readonly string[];
type Middleware = (request: IncomingMessage, response: ServerResponse, next: () => void) => void;

/** What the headers depend on: the host, the API reference, the service worker, a data reply. */
const variantOf = (request: IncomingMessage) =>
  `${request.headers.host ?? ''}\n${request.url?.startsWith('/api/docs') ? 'docs' : ''}\n${isServiceWorker(request) ? 'sw' : ''}\n${isDataReply(request) ? 'data' : ''}`;

/** A site is reached by a few host names; more variants than this mean made-up ones, and the set starts over. */
const KEPT_VARIANTS = 64;

/**
 * helmet's headers for a request, built once per variant and then replayed: helmet
 * builds and checks the whole policy on every call, a tenth of a small reply's cost.
 */
function keptHeaders(setHeaders: Middleware): (request: IncomingMessage) => [string, HeaderValue][] {
  const byVariant = new Map<string, [string, HeaderValue][]>();
  return (request) => {
    const variant = variantOf(request);
    let headers = byVariant.get(variant);
    if (!headers) {
      const recorded: [string, HeaderValue][] = [];
      const recorder = { setHeader: (name: string, value: HeaderValue) => recorded.push([name, value]), removeHeader: () => undefined };
      setHeaders(request, recorder as unknown as ServerResponse, () => undefined);
      if (byVariant.size >= KEPT_VARIANTS) byVariant.clear();
      byVariant.set(variant, (headers = recorded));
    }
    return headers;
  };
}
